"""The prewarm's plan: the files into the OS cache first when it may, then every page when the partitions fit the
buffer budget, else the graphs that fit and a share of each graph."""

from __future__ import annotations

from typing import Any

from cognicore.memory._stream_sql import CANDIDATES
from cognicore.memory.prewarm import HEAP_CHUNK, PROBES, _plan


def part(name: str, tuples: int, heap: int, index: int, keys: int = 3) -> dict[str, Any]:
    return {"partition": name, "tuples": tuples, "heap_blocks": heap, "index_blocks": index, "key_blocks": keys}


def files_of(*parts: dict[str, Any]) -> list[dict[str, Any]]:
    """The partitions' files as FILES lists them: indexes first (largest first), then heaps."""
    rows = [
        {"relation": f"{p['partition']}_{kind}", "partition": p["partition"], "is_index": True, "blocks": p[size]}
        for p in parts
        for kind, size in (("embedding_idx", "index_blocks"), ("pkey", "key_blocks"))
    ] + [
        {"relation": p["partition"], "partition": p["partition"], "is_index": False, "blocks": p["heap_blocks"]}
        for p in parts
    ]
    return sorted(rows, key=lambda f: (not f["is_index"], -f["blocks"], f["relation"]))


def test_partitions_that_fit_are_read_whole_heap_graph_and_keys() -> None:
    parts = [part("memories_p01", 5000, HEAP_CHUNK + 10, 1300), part("memories_p02", 0, 0, 2)]
    reads, whole = _plan(parts, budget_blocks=100_000, cache_blocks=500_000)
    assert whole
    assert [(r.relation, r.what, r.start, r.count) for r in reads] == [
        ("memories_p01", "heap", 0, HEAP_CHUNK),  # the heap first, in order: the walk then finds it cached
        ("memories_p01", "heap", HEAP_CHUNK, 10),
        ("memories_p01", "index", 0, 5000 + 500 + 100),  # past the row estimate: the walk ends with the graph
        ("memories_p01", "keys", 0, 0),
    ]  # the empty partition is skipped


def test_files_are_cached_first_indexes_before_heaps_then_the_same_reads() -> None:
    parts = [part("memories_p01", 5000, HEAP_CHUNK + 10, 1300), part("memories_p02", 0, 0, 2)]
    reads, whole = _plan(parts, budget_blocks=100_000, cache_blocks=500_000, files=files_of(*parts))
    assert whole
    cache = [(r.relation, r.start, r.count) for r in reads if r.what == "cache"]
    assert cache == [  # the empty partition's index is not read either
        ("memories_p01_embedding_idx", 0, 1300),
        ("memories_p01_pkey", 0, 3),
        ("memories_p01", 0, HEAP_CHUNK),
        ("memories_p01", HEAP_CHUNK, 10),
    ]
    assert reads[: len(cache)] == [r for r in reads if r.what == "cache"]  # all before the buffers' reads
    assert [r.what for r in reads[len(cache) :]] == ["heap", "heap", "index", "keys"]
    assert sum(r.blocks for r in reads if r.what == "cache") == 1300 + 3 + HEAP_CHUNK + 10


def test_partitions_too_large_are_cached_whole_up_to_the_cache_then_probed_each() -> None:
    big, small, third = (
        part("memories_p01", 30_000, 12_000, 6_000),
        part("memories_p02", 10_000, 4_000, 2_000),
        part("memories_p03", 9_000, 3_000, 1_500),
    )
    reads, whole = _plan([big, small, third], budget_blocks=6_000, cache_blocks=25_000)
    assert not whole
    whole_reads = [r for r in reads if r.count != CANDIDATES]
    # p01 (18,003 blocks) and p02 (6,003) fit the 25,000 blocks of the cache; p03 would pass it.
    assert {r.relation for r in whole_reads} == {"memories_p01", "memories_p02"}
    assert sum(r.count for r in whole_reads if r.what == "heap") == 12_000 + 4_000
    probes = reads[len(whole_reads) :]
    assert len(probes) == 3 * PROBES and all(r.what == "index" and r.count == CANDIDATES for r in probes)
    starts = [r.start for r in probes if r.relation == "memories_p01"]
    assert len(set(starts)) == PROBES and all(0 <= s < 12_000 for s in starts)


def test_with_files_too_large_partitions_get_their_graphs_walked_while_they_fit_the_buffers() -> None:
    big, small, third = (
        part("memories_p01", 30_000, 12_000, 6_000),
        part("memories_p02", 10_000, 4_000, 2_000),
        part("memories_p03", 9_000, 3_000, 1_500),
    )
    # The cache holds every file (28,509 blocks); the buffers hold p01's graph and keys, then p03's, not p02's too.
    reads, whole = _plan(
        [big, small, third], budget_blocks=7_600, cache_blocks=30_000, files=files_of(big, small, third)
    )
    assert not whole
    assert sum(r.blocks for r in reads if r.what == "cache") == 28_509
    walks = [(r.relation, r.what) for r in reads if r.what in ("index", "keys", "heap") and not r.probe]
    assert walks == [
        ("memories_p01", "index"),
        ("memories_p01", "keys"),
        ("memories_p03", "index"),
        ("memories_p03", "keys"),
    ]
    assert len([r for r in reads if r.probe]) == 3 * PROBES and reads[-1].probe
    # A cache of 15,000 blocks: the indexes (9,509), then of the heaps only p02's (4,000) fits. A partition whose
    # heap is not cached is not walked (the walk reads its heap, from the disk).
    reads, _ = _plan([big, small, third], budget_blocks=7_600, cache_blocks=15_000, files=files_of(big, small, third))
    walked = {r.relation for r in reads if r.what == "index" and not r.probe}
    cached = {r.relation for r in reads if r.what == "cache"}
    assert cached == {f"memories_p0{i}_{kind}" for i in (1, 2, 3) for kind in ("embedding_idx", "pkey")} | {
        "memories_p02"
    }
    assert walked == {"memories_p02"} and sum(r.blocks for r in reads if r.what == "cache") == 13_509


def test_nothing_cached_whole_when_the_cache_is_smaller_than_any_partition() -> None:
    reads, whole = _plan([part("memories_p01", 100, 40, 20)], budget_blocks=1, cache_blocks=10)
    assert not whole and [(r.what, r.count) for r in reads] == [("index", CANDIDATES)] * PROBES
    reads, whole = _plan(
        [part("memories_p01", 100, 40, 20)],
        budget_blocks=1,
        cache_blocks=10,
        files=files_of(part("memories_p01", 100, 40, 20)),
    )
    assert not whole and [(r.what, r.count) for r in reads] == [("cache", 3)] + [("index", CANDIDATES)] * PROBES
