"""The prewarm's plan: every page when the partitions fit the buffer budget, else a share of each graph."""

from __future__ import annotations

from typing import Any

from cognicore.memory.prewarm import HEAP_CHUNK, PROBES, _plan


def part(name: str, tuples: int, heap: int, index: int, keys: int = 3) -> dict[str, Any]:
    return {"partition": name, "tuples": tuples, "heap_blocks": heap, "index_blocks": index, "key_blocks": keys}


def test_partitions_that_fit_are_read_whole_graph_heap_and_keys() -> None:
    parts = [part("memories_p01", 5000, HEAP_CHUNK + 10, 1300), part("memories_p02", 0, 0, 2)]
    reads, whole = _plan(parts, budget_blocks=100_000)
    assert whole
    assert [(r.partition, r.what, r.start, r.count) for r in reads] == [
        ("memories_p01", "index", 0, 5000 + 500 + 100),  # past the row estimate: the walk ends with the graph
        ("memories_p01", "heap", 0, HEAP_CHUNK),
        ("memories_p01", "heap", HEAP_CHUNK, 10),
        ("memories_p01", "keys", 0, 0),
    ]  # the empty partition is skipped


def test_partitions_too_large_share_the_budget_around_start_rows_spread_over_each() -> None:
    parts = [part("memories_p01", 30_000, 12_000, 6_000), part("memories_p02", 10_000, 4_000, 2_000)]
    budget = 6_000  # a quarter of the 24,000 blocks of both partitions, keys included
    reads, whole = _plan(parts, budget_blocks=budget)
    assert not whole
    assert {r.what for r in reads} == {"index"}
    first = [r for r in reads if r.partition == "memories_p01"]
    assert len(first) == PROBES and len({r.start for r in first}) == PROBES
    assert all(0 <= r.start < 12_000 for r in first)
    # Each partition gets its share of the budget in rows walked, in proportion to its size.
    assert sum(r.count for r in first) <= 30_000 * budget // 24_012
    assert sum(r.blocks for r in reads) <= budget


def test_a_budget_too_small_for_one_row_per_probe_plans_nothing() -> None:
    reads, whole = _plan([part("memories_p01", 100, 40, 20)], budget_blocks=1)
    assert (reads, whole) == ([], False)
