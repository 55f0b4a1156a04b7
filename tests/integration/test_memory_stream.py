"""The memory stream on a real PostgreSQL: writes, hybrid scored search, reinforcement, explain, stats."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from psycopg import sql
from psycopg_pool import AsyncConnectionPool
from pydantic import ValidationError

from cognicore.memory._counts import CandidateCounts
from cognicore.memory._lifecycle_sql import LOCK_USER_MEMORIES
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.retrieval import RRF_K
from cognicore.memory.scoring import Candidate, Scoring, rank
from cognicore.memory.stream import MemoryStream, NewMemory, UnknownMemory
from cognicore.memory.tenancy import user_transaction

U = "alice"


@pytest.fixture
def stream(pool: AsyncConnectionPool) -> MemoryStream:
    return MemoryStream(pool, OfflineEmbeddings())


async def backdate(
    pool: AsyncConnectionPool,
    memory_id: int,
    *,
    created_h: float,
    accessed_h: float | None = None,
    strength: float | None = None,
) -> None:
    """Move a memory's times into the past (and set its strength), as the user, under RLS."""
    async with user_transaction(pool, U) as conn:
        await conn.execute(
            "UPDATE memories SET created_at = now() - make_interval(secs => %(c)s * 3600), "
            "last_accessed_at = now() - make_interval(secs => %(a)s * 3600), "
            "strength = coalesce(%(s)s, strength) WHERE id = %(id)s",
            {"c": created_h, "a": accessed_h, "s": strength, "id": memory_id},
        )


async def counters(pool: AsyncConnectionPool, memory_id: int) -> dict[str, object]:
    async with user_transaction(pool, U) as conn:
        cur = await conn.execute(
            "SELECT candidate_count, access_count, strength, last_accessed_at FROM memories WHERE id = %s",
            (memory_id,),
        )
        row = await cur.fetchone()
    assert row is not None
    return row


def test_new_memory_refuses_bad_input() -> None:
    with pytest.raises(ValidationError, match="less than or equal to 10"):
        NewMemory(content="x", importance=11)
    with pytest.raises(ValidationError, match="observation"):
        NewMemory(content="x", kind="dream")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="needs some content"):
        NewMemory(content="   ")
    with pytest.raises(ValidationError, match="timezone-aware"):
        NewMemory(content="x", created_at=datetime(2024, 1, 1))


async def test_add_returns_ids_in_input_order(stream: MemoryStream) -> None:
    texts = [f"note number {i} about the Orbit Smartwatch" for i in range(5)]
    ids = await stream.add(U, [NewMemory(content=t) for t in texts])
    assert ids == sorted(ids) and len(set(ids)) == 5
    tree = await stream.explain(U, ids[3])
    assert tree is not None and tree.memory.content == texts[3]
    assert await stream.add(U, []) == []


async def test_add_refuses_unknown_sources_and_writes_nothing(stream: MemoryStream) -> None:
    [own] = await stream.add(U, [NewMemory(content="an observation")])
    [other] = await stream.add("bob", [NewMemory(content="bob's observation")])
    for bad in ([own, 987654], [other]):
        with pytest.raises(UnknownMemory, match="not memories of this user"):
            await stream.add(U, [NewMemory(content="ok"), NewMemory(content="bad", kind="thought", source_ids=bad)])
    assert (await stream.stats(U)).total == 1


async def test_add_refuses_embeddings_of_the_wrong_size(stream: MemoryStream) -> None:
    with pytest.raises(Exception, match="768 dimensions"):
        await stream.add(U, [NewMemory(content="x", embedding=[0.1, 0.2, 0.3])])
    assert (await stream.stats(U)).total == 0


async def test_search_finds_by_meaning_and_by_keyword(stream: MemoryStream) -> None:
    ids = await stream.add(
        U,
        [
            NewMemory(content="The customer asked for a refund on ticket 48213"),
            NewMemory(content="Orbit Smartwatch battery drains overnight"),
            NewMemory(content="Quarterly sales of the Haven Video Doorbell grew"),
        ],
    )
    hits = await stream.search(U, "48213", k=3, min_similarity=-1)
    assert hits[0].id == ids[0] and hits[0].text_rank == 1
    assert [h.text_rank for h in hits[1:]] == [None, None]  # the others only came from the vector side
    hits = await stream.search(U, "why does the smartwatch battery drain", k=3)
    assert hits[0].id == ids[1]
    assert hits[0].vector_rank == 1 and hits[0].similarity > 0.3
    assert all(h.similarity >= 0.1 for h in hits)
    assert await stream.search(U, "   ") == []


async def test_similarity_floor_drops_unrelated_memories(stream: MemoryStream) -> None:
    await stream.add(U, [NewMemory(content="Haven Security Camera firmware update failed")])
    assert await stream.search(U, "favourite pizza toppings") == []
    loose = await stream.search(U, "favourite pizza toppings", min_similarity=-1.0)
    assert len(loose) == 1 and loose[0].text_rank is None


async def test_candidates_and_use_are_counted_apart(stream: MemoryStream, pool: AsyncConnectionPool) -> None:
    a, b = await stream.add(U, [NewMemory(content="tea in the morning"), NewMemory(content="tea at night")])
    await backdate(pool, a, created_h=100)
    first = await stream.search(U, "tea", k=2)
    assert {h.id for h in first} == {a, b} and all(h.candidate_count == 0 for h in first)
    await stream.flush_counts()  # counts are written in batches, after the search
    second = await stream.search(U, "tea", k=2)
    assert all(h.candidate_count == 1 for h in second)  # the value before this search
    # The second search's counts are written by a background flush shortly after it, racing with this search: what
    # it reads is 1 or 2; what matters is that it adds nothing itself.
    await stream.search(U, "tea", k=2, quiet=True)
    await stream.flush_counts()
    assert (await counters(pool, a))["candidate_count"] == 2  # the quiet search counted nothing
    assert (await counters(pool, a))["access_count"] == 0

    before = {h.id: h for h in second}[a]
    assert before.recency == pytest.approx(0.999**100, rel=1e-3)
    assert await stream.mark_used(U, [a, 999999]) == [a]
    row = await counters(pool, a)
    assert row["access_count"] == 1 and row["strength"] == pytest.approx(1.1) and row["last_accessed_at"] is not None
    after = {h.id: h for h in await stream.search(U, "tea", k=2)}[a]
    assert after.recency == pytest.approx(1.0, abs=1e-4)  # used just now
    assert after.score > before.score
    assert await stream.mark_used(U, []) == []


async def test_session_filter_and_session_first(stream: MemoryStream) -> None:
    here, there = await stream.add(
        U,
        [
            NewMemory(content="budget meeting notes", session_id="s-now"),
            NewMemory(
                content="budget meeting notes and the budget plan for the budget", session_id="s-old", importance=10
            ),
        ],
    )
    plain = await stream.search(U, "budget plan", k=2)
    assert [h.id for h in plain] == [there, here]
    first = await stream.search(U, "budget plan", k=2, session_id="s-now", session_first=True)
    assert [h.id for h in first] == [here, there] and first[0].in_session
    only = await stream.search(U, "budget plan", k=2, session_id="s-now")
    assert [h.id for h in only] == [here]
    with pytest.raises(ValueError, match="session_first"):
        await stream.search(U, "budget", session_first=True)


async def test_kind_status_and_time_filters(stream: MemoryStream, pool: AsyncConnectionPool) -> None:
    old, thought, call = await stream.add(
        U,
        [
            NewMemory(content="deploy failed on friday", created_at=datetime.now(UTC) - timedelta(days=30)),
            NewMemory(content="deploy failed: retry with a smaller batch", kind="thought"),
            NewMemory(content="run deploy script", kind="tool_call"),
        ],
    )
    ids = lambda hits: {h.id for h in hits}  # noqa: E731
    assert ids(await stream.search(U, "deploy", kinds=["thought", "tool_call"])) == {thought, call}
    assert ids(await stream.search(U, "deploy", since=datetime.now(UTC) - timedelta(days=1))) == {thought, call}
    assert ids(await stream.search(U, "deploy", until=datetime.now(UTC) - timedelta(days=1))) == {old}
    async with user_transaction(pool, U) as conn:
        await conn.execute("UPDATE memories SET status = 'archived' WHERE id = %s", (call,))
    assert ids(await stream.search(U, "deploy")) == {old, thought}
    assert ids(await stream.search(U, "deploy", status="archived")) == {call}
    assert ids(await stream.search(U, "deploy", status=None)) == {old, thought, call}
    with pytest.raises(ValueError, match="kinds"):
        await stream.search(U, "deploy", kinds=["dream"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="timezone-aware"):
        await stream.search(U, "deploy", since=datetime(2024, 1, 1))


async def test_explain_walks_provenance_down_to_observations(stream: MemoryStream) -> None:
    o1, o2, o3 = await stream.add(
        U,
        [
            NewMemory(content="I prefer tea."),
            NewMemory(content="Actually I drink coffee now."),
            NewMemory(content="Coffee at 9am every day."),
        ],
    )
    [thought] = await stream.add(U, [NewMemory(content="Drinks changed", kind="thought", source_ids=(o1, o2))])
    [refl] = await stream.add(U, [NewMemory(content="Coffee person", kind="reflection", source_ids=(thought, o3))])
    tree = await stream.explain(U, refl)
    assert tree is not None and tree.memory.kind == "reflection"
    assert [n.memory.id for n in tree.sources] == [o3, thought]
    [leaf, mid] = tree.sources
    assert leaf.sources == () and [n.memory.content for n in mid.sources] == [
        "I prefer tea.",
        "Actually I drink coffee now.",
    ]
    assert await stream.explain(U, 10**9) is None


async def test_stats_count_by_kind_and_status(stream: MemoryStream, pool: AsyncConnectionPool) -> None:
    t0 = datetime.now(UTC) - timedelta(days=3)
    ids = await stream.add(
        U,
        [
            NewMemory(content="a", created_at=t0),
            NewMemory(content="b", kind="thought"),
            NewMemory(content="c", kind="tool_result"),
            NewMemory(content="d"),
        ],
    )
    async with user_transaction(pool, U) as conn:
        await conn.execute("UPDATE memories SET status = 'archived' WHERE id = %s", (ids[3],))
    stats = await stream.stats(U)
    assert stats.total == 4
    assert stats.by_kind == {"observation": 2, "thought": 1, "tool_result": 1}
    assert stats.by_status == {"active": 3, "archived": 1}
    assert stats.oldest is not None and abs((stats.oldest - t0).total_seconds()) < 1
    assert stats.newest is not None and stats.newest > t0


@pytest.mark.parametrize("session_first", [False, True])
async def test_sql_ranking_equals_the_python_scoring(
    stream: MemoryStream, pool: AsyncConnectionPool, session_first: bool
) -> None:
    words = ["orbit", "smartwatch", "battery", "charging", "screen", "strap", "firmware", "sync"]
    items = [
        NewMemory(
            content=" ".join(words[: 2 + i % 6]) + f" note {i}",
            importance=1 + (i * 7) % 10,
            session_id="s1" if i % 3 == 0 else "s2",
        )
        for i in range(12)
    ]
    ids = await stream.add(U, items)
    for i, memory_id in enumerate(ids):
        await backdate(
            pool, memory_id, created_h=5 + 13 * i, accessed_h=(3 * i if i % 4 == 0 else None), strength=0.5 * (i % 5)
        )
    scoring = Scoring(alpha=1.0, beta=0.5, gamma=1.5, delta=0.5, decay=0.99)
    custom = MemoryStream(pool, OfflineEmbeddings(), scoring=scoring)
    hits = await custom.search(
        U,
        "orbit smartwatch battery charging",
        k=50,
        min_similarity=-1,
        session_id="s1" if session_first else None,
        session_first=session_first,
    )
    assert len(hits) == 12
    now = datetime.now(UTC)
    expected = rank(
        [
            Candidate(
                id=h.id,
                fused=sum(1 / (RRF_K + r) for r in (h.vector_rank, h.text_rank) if r is not None),
                importance=h.importance,
                strength=h.strength,
                hours=(now - (h.last_accessed_at or h.created_at)).total_seconds() / 3600,
                in_session=h.session_id == "s1" and session_first,
            )
            for h in hits
        ],
        scoring,
        session_first=session_first,
    )
    assert [h.id for h in hits] == [s.id for s in expected]
    assert [h.score for h in hits] == pytest.approx([s.score for s in expected], abs=1e-6)


async def test_keyword_stage_ranks_every_match_by_bm25(stream: MemoryStream, pool: AsyncConnectionPool) -> None:
    # The old stage ranked only the newest 200 matches: the oldest evidence never competed.
    old = await stream.add(U, [NewMemory(content="the zeppelin ticket number is 4417")])
    await stream.add(U, [NewMemory(content=f"ticket update {i} from support") for i in range(250)])
    hits = await stream.search(U, "zeppelin ticket number", k=5, min_similarity=-1)
    assert hits[0].id == old[0] and hits[0].text_rank == 1
    async with user_transaction(pool, U) as conn:
        cur = await conn.execute(
            "SELECT id, score FROM memory_text_hits(%s, ARRAY['ticket', 'unknownword'], 300, "
            "NULL, NULL, NULL, NULL, 'active', NULL) ORDER BY rank",
            (U,),
        )
        rows = await cur.fetchall()
    assert len(rows) == 251  # OR semantics: an unknown word does not empty the result
    assert rows[0]["id"] != old[0] and old[0] in {r["id"] for r in rows}  # shorter turns rank first
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)


async def test_exact_duplicates_take_one_slot(stream: MemoryStream) -> None:
    # The nightly merge_duplicates makes same-kind, same-text memories one; search counts them once already.
    copies = await stream.add(U, [NewMemory(content="Concerts are so loud.") for _ in range(5)])
    shouted = await stream.add(U, [NewMemory(content="  CONCERTS are so loud. ")])
    thought = await stream.add(U, [NewMemory(content="Concerts are so loud.", kind="thought")])
    evidence = await stream.add(U, [NewMemory(content="I went to the Coldplay concert last night")])
    hits = await stream.search(U, "which concert did they go to", k=4, min_similarity=-1, quiet=True)
    assert len(hits) == 3 and {thought[0], evidence[0]} < {h.id for h in hits}
    assert len({h.id for h in hits} & {*copies, *shouted}) == 1  # one copy stands for the six
    everything = await stream.search(U, "concerts loud", k=10, min_similarity=-1, status=None, quiet=True)
    assert len(everything) == 3


async def test_k_only_cuts_the_list(stream: MemoryStream) -> None:
    await stream.add(
        U, [NewMemory(content=f"meeting notes about budget item {i % 7} and travel, note {i}") for i in range(60)]
    )
    ten = await stream.search(U, "budget travel item 3", k=10, quiet=True)
    twenty = await stream.search(U, "budget travel item 3", k=20, quiet=True)
    assert [h.id for h in twenty[:10]] == [h.id for h in ten]


async def test_metadata_filter_and_as_of(stream: MemoryStream) -> None:
    t0 = datetime(2023, 5, 1, tzinfo=UTC)
    ids = await stream.add(
        U,
        [
            NewMemory(content="I live in Denver now", created_at=t0, metadata={"speaker": "Maria"}),
            NewMemory(content="I live in Lyon now", created_at=t0 + timedelta(days=1), metadata={"speaker": "Tom"}),
            NewMemory(
                content="we moved, I live in Osaka", created_at=t0 + timedelta(days=90), metadata={"speaker": "Maria"}
            ),
        ],
    )
    maria = await stream.search(U, "where do you live", metadata={"speaker": "Maria"}, min_similarity=-1)
    assert {h.id for h in maria} == {ids[0], ids[2]}
    back_then = await stream.search(U, "where do you live", as_of=t0 + timedelta(days=2), min_similarity=-1)
    assert {h.id for h in back_then} == {ids[0], ids[1]}  # nothing created after as_of
    assert {h.id: h for h in back_then}[ids[1]].recency == pytest.approx(0.999**24, rel=1e-3)
    with pytest.raises(ValueError, match="timezone-aware"):
        await stream.search(U, "live", as_of=datetime(2023, 5, 1))


async def test_concurrent_searches_count_every_candidate(stream: MemoryStream, pool: AsyncConnectionPool) -> None:
    ids = await stream.add(U, [NewMemory(content=f"coffee order {i}") for i in range(4)])
    results = await asyncio.gather(*(stream.search(U, "coffee order", k=4) for _ in range(8)))
    assert all({h.id for h in hits} == set(ids) for hits in results)
    await stream.flush_counts()
    for memory_id in ids:  # no update lost, no deadlock between the searches' row locks
        assert (await counters(pool, memory_id))["candidate_count"] == 8


async def test_a_flush_asked_for_while_the_batch_is_writing_returns_after_it(
    stream: MemoryStream, pool: AsyncConnectionPool
) -> None:
    [memory_id] = await stream.add(U, [NewMemory(content="tea order")])
    counts = CandidateCounts(pool, delay=0)
    async with user_transaction(pool, U) as blocker:  # holds the user's counter lock: the batch waits for it
        await blocker.execute(LOCK_USER_MEMORIES, {"user_id": U})
        counts.add(U, [memory_id])
        await asyncio.sleep(0.2)  # the background batch has taken the pending counts and waits for the lock
        flushing = asyncio.create_task(counts.flush())  # nothing left pending, yet a batch is being written
        await asyncio.sleep(0.2)
        assert not flushing.done()
    await flushing
    assert (await counters(pool, memory_id))["candidate_count"] == 1


async def test_keyword_stage_works_when_a_non_superuser_owns_the_schema(
    stream: MemoryStream, pool: AsyncConnectionPool
) -> None:
    # Deployments migrate as an ordinary role: the keyword function reads statistics through pg_stats,
    # which the owner may read (pg_statistic is for superusers only).
    owner = f"kw_owner_{uuid.uuid4().hex[:8]}"
    async with pool.connection() as conn:
        await conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(owner)))
        await conn.execute(
            sql.SQL(
                "DO $$ DECLARE t text; BEGIN FOR t IN SELECT c.relname FROM pg_class c "
                "WHERE c.relname = 'memories' OR c.relname LIKE 'memories\\_p%' AND c.relkind = 'r' LOOP "
                "EXECUTE format('ALTER TABLE %I OWNER TO %I', t, {}); END LOOP; END $$"
            ).format(sql.Literal(owner))
        )
        await conn.execute(
            sql.SQL(
                "ALTER FUNCTION memory_text_hits(text, text[], int, text[], text, timestamptz, timestamptz, "
                "text, jsonb) OWNER TO {}"
            ).format(sql.Identifier(owner))
        )
    try:
        ids = await stream.add(U, [NewMemory(content=f"quarterly zeppelin report {i}") for i in range(30)])
        async with pool.connection() as conn:
            await conn.execute("ANALYZE memories")  # statistics exist, so pg_stats is read
        hits = await stream.search(U, "zeppelin report 7", k=3, min_similarity=-1, quiet=True)
        assert hits[0].id == ids[7] and hits[0].text_rank == 1
    finally:
        async with pool.connection() as conn:
            await conn.execute(sql.SQL("REASSIGN OWNED BY {} TO current_user").format(sql.Identifier(owner)))
            await conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(owner)))
