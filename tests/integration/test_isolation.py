"""Row-level security: user B sees and changes none of user A's memories, whatever B asks."""

from __future__ import annotations

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.database import open_pool
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import APP_ROLE_MIGRATION, InvalidTenant, rls_migration, user_transaction

A, B = "alice", "bob"
SECRET = "Alice's launch code for the Vista AR Glasses is 48213"


@pytest.fixture
async def seeded(pool: AsyncConnectionPool) -> tuple[MemoryStream, list[int], list[int]]:
    stream = MemoryStream(pool, OfflineEmbeddings())
    a_ids = await stream.add(
        A, [NewMemory(content=SECRET, importance=9), NewMemory(content="Alice prefers tea", session_id="s1")]
    )
    [reflection] = await stream.add(
        A, [NewMemory(content="Alice guards launch codes", kind="reflection", source_ids=tuple(a_ids))]
    )
    b_ids = await stream.add(B, [NewMemory(content="Bob reviewed the Vista AR Glasses launch plan")])
    return stream, [*a_ids, reflection], b_ids


async def test_search_explain_stats_and_mark_used_show_b_only_b(
    seeded: tuple[MemoryStream, list[int], list[int]], pool: AsyncConnectionPool
) -> None:
    stream, a_ids, b_ids = seeded
    for query in (SECRET, "launch code 48213", "tea"):
        hits = await stream.search(B, query, k=20, min_similarity=-1, status=None)
        assert {h.id for h in hits} <= set(b_ids)
    assert {h.id for h in await stream.search(A, "launch code 48213")} & set(a_ids)  # A does see them
    for a_id in a_ids:
        assert await stream.explain(B, a_id) is None
    stats = await stream.stats(B)
    assert stats.total == 1 and stats.by_kind == {"observation": 1}
    assert await stream.mark_used(B, a_ids) == []
    async with user_transaction(pool, A) as conn:
        cur = await conn.execute("SELECT max(access_count) AS n FROM memories")
        assert (await cur.fetchone())["n"] == 0


async def test_crafted_queries_as_b_return_no_row_of_a(
    seeded: tuple[MemoryStream, list[int], list[int]], pool: AsyncConnectionPool
) -> None:
    stream, a_ids, b_ids = seeded
    injected = "x') OR 1=1; SELECT * FROM memories; -- 48213 & | ! <-> :*"
    assert {h.id for h in await stream.search(B, injected, min_similarity=-1)} <= set(b_ids)
    async with user_transaction(pool, B) as conn:
        rows = await (await conn.execute("SELECT * FROM memories")).fetchall()
        assert [r["id"] for r in rows] == b_ids
        cur = await conn.execute("SELECT count(*) AS n FROM memories WHERE user_id = %s OR true", (A,))
        assert (await cur.fetchone())["n"] == 1
        # The keyword function checks the tenant itself, even though its owner may bypass RLS.
        for claimed in (A, B):
            cur = await conn.execute(
                "SELECT count(*) AS n FROM memory_text_hits(%s, ARRAY['48213', 'alice'], 100, "
                "NULL, NULL, NULL, NULL, NULL, NULL)",
                (claimed,),
            )
            assert (await cur.fetchone())["n"] == 0
    async with user_transaction(pool, B) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute("SELECT * FROM memories_p00")  # no way around the parent's policy
    async with user_transaction(pool, A) as conn:  # and A's rows are all still there, keywords too
        cur = await conn.execute("SELECT count(*) AS n FROM memories")
        assert (await cur.fetchone())["n"] == len(a_ids)
        cur = await conn.execute(
            "SELECT count(*) AS n FROM memory_text_hits(%s, ARRAY['48213', 'alice'], 100, "
            "NULL, NULL, NULL, NULL, NULL, NULL)",
            (A,),
        )
        assert (await cur.fetchone())["n"] == 3


async def test_writes_for_another_user_are_refused(
    seeded: tuple[MemoryStream, list[int], list[int]], pool: AsyncConnectionPool
) -> None:
    _, a_ids, b_ids = seeded
    insert = (
        "INSERT INTO memories (user_id, kind, content, embedding) "
        "SELECT %s, 'observation', 'planted', embedding FROM memories WHERE id = %s"
    )
    async with user_transaction(pool, B) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            await conn.execute(insert, (A, b_ids[0]))
    async with user_transaction(pool, B) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            await conn.execute("UPDATE memories SET user_id = %s WHERE id = %s", (A, b_ids[0]))
    async with user_transaction(pool, B) as conn:
        cur = await conn.execute("UPDATE memories SET content = 'defaced' WHERE id = ANY(%s)", (a_ids,))
        assert cur.rowcount == 0
        cur = await conn.execute("DELETE FROM memories WHERE id = ANY(%s)", (a_ids,))
        assert cur.rowcount == 0
    async with user_transaction(pool, A) as conn:
        cur = await conn.execute("SELECT count(*) AS n FROM memories WHERE content = %s", (SECRET,))
        assert (await cur.fetchone())["n"] == 1


async def test_user_transaction_refuses_empty_ids_and_leaks_nothing(db_url: str) -> None:
    pool = await open_pool(db_url, max_size=1)  # one connection: the next user gets the same one
    try:
        for bad in ("", "   ", None, "a\x00b"):
            with pytest.raises(InvalidTenant):
                async with user_transaction(pool, bad):
                    pass
        async with user_transaction(pool, A) as conn:
            cur = await conn.execute("SELECT current_user AS u, current_setting('cognicore.user_id') AS t")
            assert await cur.fetchone() == {"u": "cognicore_app", "t": A}
        async with pool.connection() as conn:
            cur = await conn.execute(
                "SELECT current_user = session_user AS back, current_setting('cognicore.user_id', true) AS t"
            )
            row = await cur.fetchone()
        assert row is not None and row["back"] and not row["t"]
        # The role without a tenant sees nothing at all.
        async with pool.connection() as conn, conn.transaction():
            await conn.execute("SET LOCAL ROLE cognicore_app")
            cur = await conn.execute("SELECT count(*) AS n FROM memories")
            assert (await cur.fetchone())["n"] == 0
    finally:
        await pool.close()


async def test_memories_table_is_forced_under_rls(pool: AsyncConnectionPool) -> None:
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE relname = 'memories'")
        assert await cur.fetchone() == {"relrowsecurity": True, "relforcerowsecurity": True}
        await conn.execute(APP_ROLE_MIGRATION)  # idempotent: roles outlive databases


async def test_rls_migration_isolates_any_table_with_a_user_id(pool: AsyncConnectionPool) -> None:
    async with pool.connection() as conn:
        await conn.execute("CREATE TABLE notes (id bigserial PRIMARY KEY, user_id text NOT NULL, body text)")
        await conn.execute(rls_migration("notes"))  # type: ignore[arg-type]  # static SQL
    for user in (A, B):
        async with user_transaction(pool, user) as conn:
            await conn.execute("INSERT INTO notes (user_id, body) VALUES (%s, %s)", (user, f"{user}'s note"))
    async with user_transaction(pool, B) as conn:
        rows = await (await conn.execute("SELECT user_id, body FROM notes")).fetchall()
        assert rows == [{"user_id": B, "body": "bob's note"}]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute("INSERT INTO notes (user_id, body) VALUES (%s, 'planted')", (A,))
    with pytest.raises(ValueError, match="table name"):
        rls_migration("notes; DROP TABLE memories")
