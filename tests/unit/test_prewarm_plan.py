"""The prewarm's plan: every page when the partitions fit the buffer budget, else a share of each graph."""

from __future__ import annotations

from typing import Any

from cognicore.memory._stream_sql import CANDIDATES
from cognicore.memory.prewarm import HEAP_CHUNK, PROBES, _plan


def part(name: str, tuples: int, heap: int, index: int, keys: int = 3) -> dict[str, Any]:
    return {"partition": name, "tuples": tuples, "heap_blocks": heap, "index_blocks": index, "key_blocks": keys}


def test_partitions_that_fit_are_read_whole_heap_graph_and_keys() -> None:
    parts = [part("memories_p01", 5000, HEAP_CHUNK + 10, 1300), part("memories_p02", 0, 0, 2)]
    reads, whole = _plan(parts, budget_blocks=100_000, cache_blocks=500_000)
    assert whole
    assert [(r.partition, r.what, r.start, r.count) for r in reads] == [
        ("memories_p01", "heap", 0, HEAP_CHUNK),  # the heap first, in order: the walk then finds it cached
        ("memories_p01", "heap", HEAP_CHUNK, 10),
        ("memories_p01", "index", 0, 5000 + 500 + 100),  # past the row estimate: the walk ends with the graph
        ("memories_p01", "keys", 0, 0),
    ]  # the empty partition is skipped


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
    assert {r.partition for r in whole_reads} == {"memories_p01", "memories_p02"}
    assert sum(r.count for r in whole_reads if r.what == "heap") == 12_000 + 4_000
    probes = reads[len(whole_reads) :]
    assert len(probes) == 3 * PROBES and all(r.what == "index" and r.count == CANDIDATES for r in probes)
    starts = [r.start for r in probes if r.partition == "memories_p01"]
    assert len(set(starts)) == PROBES and all(0 <= s < 12_000 for s in starts)


def test_nothing_cached_whole_when_the_cache_is_smaller_than_any_partition() -> None:
    reads, whole = _plan([part("memories_p01", 100, 40, 20)], budget_blocks=1, cache_blocks=10)
    assert not whole and [(r.what, r.count) for r in reads] == [("index", CANDIDATES)] * PROBES
