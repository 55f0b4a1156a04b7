"""Reflection: the offline reflector's insights, the importance threshold, provenance, and the LLM path."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.llm import ModelCallError, RoleOptions
from cognicore.memory.reflection import LlmReflector, OfflineReflector, ReflectionItem, Reflections, reflect_if_due
from cognicore.memory.stream import MemoryStream, NewMemory
from tests.fakes import junk, scripted, structured

A, B = "alice", "bob"


def _memory(i: int, kind: str, content: str, importance: int = 3, **metadata: Any) -> dict[str, Any]:
    return {"id": i, "kind": kind, "content": content, "importance": importance, "metadata": metadata}


WORK_LOG = [
    _memory(1, "observation", "What was revenue by region last quarter?", run_id="r1"),
    _memory(2, "tool_call", "database_query: revenue by region", run_id="r1", agent="database_query"),
    _memory(3, "tool_result", "4 rows: NA, EU, APAC, LATAM", 4, run_id="r1", agent="database_query"),
    _memory(4, "observation", "Show revenue by region for 2025", run_id="r2"),
    _memory(5, "tool_call", "database_query: revenue by region in 2025", run_id="r2", agent="database_query"),
    _memory(6, "thought", "Step report_generation failed: chart needs numeric columns", 7, run_id="r3",
            agent="report_generation", status="error"),
    _memory(7, "thought", "Step report_generation failed: chart needs numeric columns again", 7, run_id="r4",
            agent="report_generation", status="error"),
    _memory(8, "observation", "Compare revenue in Europe and Asia", run_id="r3"),
    _memory(9, "observation", "hello", 1),
]  # fmt: skip


async def test_offline_reflector_finds_failures_tool_topics_and_recurring_topics() -> None:
    result = await OfflineReflector().reflect(memories=WORK_LOG)
    by_ids = {tuple(i.source_ids): i.statement for i in result.items}
    assert by_ids[(6, 7)].startswith("Step report_generation failed 2 times recently")
    assert "chart needs numeric columns" in by_ids[(6, 7)]
    assert (
        by_ids[(1, 2, 3, 4, 5)] == "Requests about region and revenue usually need the database_query agent (2 runs)."
    )
    assert by_ids[(1, 4, 8)] == "The user keeps coming back to revenue (3 messages)."
    assert all(1 <= i.importance <= 10 for i in result.items)
    # The failure insight is the most important one and comes first; output never varies.
    assert result.items[0].source_ids == [6, 7]
    assert await OfflineReflector().reflect(memories=list(reversed(WORK_LOG))) == result


async def test_offline_reflector_says_nothing_about_unrelated_chatter() -> None:
    chatter = [_memory(1, "observation", "hello"), _memory(2, "observation", "I prefer tea"),
               _memory(3, "observation", "thanks, bye")]  # fmt: skip
    assert (await OfflineReflector().reflect(memories=chatter)).items == []
    assert len((await OfflineReflector().reflect(memories=WORK_LOG, max_items=1)).items) == 1


def _stream(pool: AsyncConnectionPool) -> MemoryStream:
    return MemoryStream(pool, OfflineEmbeddings())


async def _write(stream: MemoryStream, user: str, log: list[dict[str, Any]]) -> list[int]:
    items = [
        NewMemory(kind=m["kind"], content=m["content"], importance=m["importance"], metadata=m["metadata"]) for m in log
    ]
    return await stream.add(user, items)


async def test_reflection_is_due_at_the_threshold_and_links_its_sources(pool: AsyncConnectionPool) -> None:
    stream = _stream(pool)
    ids = await _write(stream, A, WORK_LOG)  # importance 33 in all
    assert await reflect_if_due(stream, OfflineReflector(), A, pool=pool, threshold=60) == []
    more = await _write(stream, A, [{**m, "importance": 9} for m in WORK_LOG[:4]])
    written = await reflect_if_due(stream, OfflineReflector(), A, pool=pool, threshold=60)
    assert written
    everything = set(ids) | set(more)
    for reflection_id in written:
        node = await stream.explain(A, reflection_id)
        assert node is not None and node.memory.kind == "reflection"
        assert node.memory.source_ids and set(node.memory.source_ids) <= everything
        assert {s.memory.id for s in node.sources} == set(node.memory.source_ids)
    # Everything so far is reflected on: nothing is due, and forcing finds nothing new either.
    assert await reflect_if_due(stream, OfflineReflector(), A, pool=pool, threshold=1) == []
    assert await reflect_if_due(stream, OfflineReflector(), A, pool=pool, force=True) == []
    assert (await stream.stats(A)).by_kind["reflection"] == len(written)


async def test_forcing_reflects_below_the_threshold(pool: AsyncConnectionPool) -> None:
    stream = _stream(pool)
    await _write(stream, A, WORK_LOG)
    assert await reflect_if_due(stream, OfflineReflector(), A, pool=pool) == []
    assert len(await reflect_if_due(stream, OfflineReflector(), A, pool=pool, force=True)) == 3


async def test_another_users_memories_are_never_reflected_on(pool: AsyncConnectionPool) -> None:
    stream = _stream(pool)
    await _write(stream, A, WORK_LOG)
    assert await reflect_if_due(stream, OfflineReflector(), B, pool=pool, force=True) == []
    assert await reflect_if_due(stream, OfflineReflector(), A, pool=pool, force=True)


async def test_llm_reflections_keep_only_sources_it_was_shown(pool: AsyncConnectionPool) -> None:
    stream = _stream(pool)
    ids = await _write(stream, A, WORK_LOG)
    others = await _write(stream, B, WORK_LOG[:2])
    reply = Reflections(
        items=[
            ReflectionItem(statement="Revenue questions need the sales database.", source_ids=[ids[0], others[0]],
                           importance=6),
            ReflectionItem(statement="Invented from nothing.", source_ids=[others[1], 10**9], importance=9),
        ]
    )  # fmt: skip
    reflector = LlmReflector(scripted([structured(Reflections, reply)]), RoleOptions(retries=0))
    [written] = await reflect_if_due(stream, reflector, A, pool=pool, force=True)
    node = await stream.explain(A, written)
    assert node is not None
    assert (node.memory.content, node.memory.source_ids, node.memory.importance) == (
        "Revenue questions need the sales database.",
        (ids[0],),
        6,
    )


async def test_a_failed_reflection_leaves_the_memories_due(pool: AsyncConnectionPool) -> None:
    stream = _stream(pool)
    await _write(stream, A, WORK_LOG)
    broken = LlmReflector(scripted([junk(), junk()]), RoleOptions(retries=1))
    with pytest.raises(ModelCallError, match="reflect"):
        await reflect_if_due(stream, broken, A, pool=pool, force=True)
    assert len(await reflect_if_due(stream, OfflineReflector(), A, pool=pool, force=True)) == 3


class _SlowReflector(OfflineReflector):
    async def reflect(self, *, memories: list[dict[str, Any]], max_items: int = 5) -> Reflections:
        await asyncio.sleep(0.3)
        return await super().reflect(memories=memories, max_items=max_items)


async def test_concurrent_reflections_write_once(pool: AsyncConnectionPool) -> None:
    stream = _stream(pool)
    await _write(stream, A, WORK_LOG)
    first, second = await asyncio.gather(
        *(reflect_if_due(stream, _SlowReflector(), A, pool=pool, force=True) for _ in range(2))
    )
    assert sorted([len(first), len(second)]) == [0, 3]
