"""Prewarm after a start, on a real PostgreSQL: pages read into shared buffers as the app role, budgets kept.

`memory.prewarm` reads each memory partition's HNSW graph, heap and primary key with plain SQL through the
SECURITY DEFINER function `memory_prewarm`; a pool's `warm_connection` plans the search on each new
connection. What is checked here is what the buffers hold afterwards, read from the server's own counters.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import Memory
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.prewarm import PREWARM_LOCK, PROBES, PrewarmProgress, prewarm, warm_connection
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import APP_ROLE
from cognicore.roles import grant_app_role, open_app_pool, reader_url
from tests.integration.test_cli import cli

USERS = ("ann", "bob", "cy")

# Blocks read from outside the buffers, and found in them, per kind of relation of the memory partitions.
BLOCKS = """
SELECT coalesce(sum(h.heap_blks_read), 0)::bigint AS heap_read, coalesce(sum(h.heap_blks_hit), 0)::bigint AS heap_hit,
       coalesce(sum(i.idx_blks_read) FILTER (WHERE i.indexrelname LIKE '%%embedding%%'), 0)::bigint AS hnsw_read,
       coalesce(sum(i.idx_blks_hit) FILTER (WHERE i.indexrelname LIKE '%%embedding%%'), 0)::bigint AS hnsw_hit
FROM pg_inherits AS p
LEFT JOIN pg_statio_all_tables AS h ON h.relid = p.inhrelid
LEFT JOIN pg_statio_all_indexes AS i ON i.relid = p.inhrelid
WHERE p.inhparent = 'memories'::regclass"""


async def counters(pool: AsyncConnectionPool) -> dict[str, int]:
    """This connection's counters, flushed first (a pool of one connection: the prewarm's own)."""
    async with pool.connection() as conn:
        await conn.execute("SELECT pg_stat_force_next_flush()")  # sent when this statement ends
        await conn.execute("SELECT pg_stat_clear_snapshot()")
        row = await (await conn.execute(BLOCKS)).fetchone()
    assert row is not None
    return dict(row)


@pytest.fixture
async def app_pool(pool: AsyncConnectionPool, db_url: str) -> AsyncConnectionPool:
    """Memories of three users (written by the owner), and one warmed connection logged in as the app role."""
    stream = MemoryStream(pool, OfflineEmbeddings())
    for user in USERS:
        texts = [f"{user} noted that device {i % 13} lost its battery charge after update {i}" for i in range(400)]
        await stream.add(user, [NewMemory(content=t) for t in texts])
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")  # row estimates, as autovacuum would give them
    await grant_app_role(pool)
    app = await open_app_pool(reader_url(db_url, APP_ROLE), min_size=1, max_size=1, warm=warm_connection)
    yield app
    await app.close()


async def test_prewarm_puts_every_graph_and_heap_page_in_the_buffers(app_pool: AsyncConnectionPool) -> None:
    seen: list[PrewarmProgress] = []
    before = await counters(app_pool)
    report = await prewarm(app_pool, progress=seen.append)
    after = await counters(app_pool)
    assert report.whole and report.complete and report.read_blocks == report.planned_blocks > 0
    assert 1 <= report.partitions <= len(USERS)
    assert seen[-1].done_blocks == report.planned_blocks and all(
        p.planned_blocks == report.planned_blocks for p in seen
    )
    async with app_pool.connection() as conn:
        sizes = await (
            await conn.execute(
                "SELECT sum(pg_relation_size(p.inhrelid))::bigint / 8192 AS heap, "
                "sum(pg_relation_size(i.indexrelid)) FILTER (WHERE c.relam = (SELECT oid FROM pg_am "
                "WHERE amname = 'hnsw'))::bigint / 8192 AS hnsw FROM pg_inherits p JOIN pg_index i ON i.indrelid = "
                "p.inhrelid JOIN pg_class c ON c.oid = i.indexrelid WHERE p.inhparent = 'memories'::regclass "
                "AND pg_relation_size(p.inhrelid) > 0"
            )
        ).fetchone()
    assert sizes is not None
    touched = {k: after[k] - before[k] for k in after}
    assert touched["heap_read"] + touched["heap_hit"] >= sizes["heap"]
    # The walk reaches every page of each graph but the empty tail of the metapage's neighbours.
    assert touched["hnsw_read"] + touched["hnsw_hit"] >= sizes["hnsw"] - report.partitions

    # Everything is in the buffers now: a second prewarm finds every page there and reads none.
    await prewarm(app_pool)
    again = await counters(app_pool)
    assert again["heap_read"] == after["heap_read"] and again["hnsw_read"] == after["hnsw_read"]
    assert again["heap_hit"] - after["heap_hit"] >= sizes["heap"]


async def test_one_worker_prewarms_the_others_skip(app_pool: AsyncConnectionPool, pool: AsyncConnectionPool) -> None:
    """Several API workers start at once: the one holding the advisory lock prewarms, the others read nothing."""
    async with pool.connection() as other:  # another worker, mid-prewarm: it holds the lock
        cur = await other.execute("SELECT pg_try_advisory_lock(%s) AS locked", (PREWARM_LOCK,))
        assert (await cur.fetchone())["locked"]  # type: ignore[index]
        before = await counters(app_pool)
        skipped = await prewarm(app_pool)
        assert skipped.skipped and (skipped.read_blocks, skipped.planned_blocks, skipped.partitions) == (0, 0, 0)
        after = await counters(app_pool)
        assert after["heap_hit"] + after["heap_read"] == before["heap_hit"] + before["heap_read"]
        assert after["hnsw_hit"] + after["hnsw_read"] == before["hnsw_hit"] + before["hnsw_read"]
        await other.execute("SELECT pg_advisory_unlock(%s)", (PREWARM_LOCK,))
    ran = await prewarm(app_pool)  # the lock is free again: this worker prewarms
    assert not ran.skipped and ran.complete and ran.read_blocks == ran.planned_blocks > 0
    async with pool.connection() as conn:  # and it let the lock go when done
        cur = await conn.execute(
            "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        assert (await cur.fetchone())["n"] == 0  # type: ignore[index]


async def test_budgets_are_kept(app_pool: AsyncConnectionPool) -> None:
    stopped = await prewarm(app_pool, budget_s=1e-9)  # spent before the first read
    assert (stopped.complete, stopped.read_blocks) == (False, 0) and stopped.planned_blocks > 0
    async with app_pool.connection() as conn:
        cur = await conn.execute("SELECT setting::bigint AS b FROM pg_settings WHERE name = 'shared_buffers'")
        buffers = (await cur.fetchone())["b"]  # type: ignore[index]
    # 40 blocks: less than the partitions. They are cached whole for the operating system (effective_cache_size
    # is far larger), then probed: PROBES searches each.
    seen: list[PrewarmProgress] = []
    small = await prewarm(app_pool, buffer_share=40 / buffers, progress=seen.append)
    assert not small.whole and small.complete and small.budget_blocks == 40
    assert small.read_blocks == small.planned_blocks > 40
    assert len([p for p in seen if p.done_blocks == small.planned_blocks]) >= PROBES * small.partitions
    async with app_pool.connection() as conn:
        await conn.execute("SET effective_cache_size = 1")  # nothing fits the cache either: probes only
    seen.clear()
    # The probes are cheap and are what keeps the hot pages: they run even once the time budget is spent.
    probed = await prewarm(app_pool, budget_s=1e-9, buffer_share=40 / buffers, progress=seen.append)
    assert (probed.whole, probed.planned_blocks, probed.complete) == (False, 0, True)
    assert len(seen) == PROBES * probed.partitions
    with pytest.raises(ValueError, match="budget_s"):
        await prewarm(app_pool, budget_s=0)


async def test_the_app_role_reads_only_counts_and_only_of_memory_partitions(app_pool: AsyncConnectionPool) -> None:
    async with app_pool.connection() as conn:
        cur = await conn.execute(
            "SELECT min(inhrelid::regclass::text) AS p FROM pg_inherits WHERE inhparent = %s::regclass", ("memories",)
        )
        part = (await cur.fetchone())["p"]  # type: ignore[index]
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute(f"SELECT count(*) FROM {part}")  # no grant on a partition itself
        for args in (("kb_chunks", "heap"), (part, "rows")):
            with pytest.raises(psycopg.errors.InvalidParameterValue, match="memory_prewarm reads"):
                await conn.execute("SELECT memory_prewarm(%s::regclass, %s, 0, 10)", args)
        # A temporary table of the caller's named `memories` does not stand for the real one (pg_temp is last).
        await conn.execute("CREATE TEMP TABLE memories (id int)")
        try:
            cur = await conn.execute("SELECT memory_prewarm(%s::regclass, 'keys', 0, 0) AS n", (part,))
            assert (await cur.fetchone())["n"] >= 0  # type: ignore[index]
        finally:
            await conn.execute("DROP TABLE pg_temp.memories")
        # The warm-up left no role or tenant behind on the connection (both were transaction-local).
        cur = await conn.execute("SELECT current_user AS who, current_setting('cognicore.user_id', true) AS t")
        assert await cur.fetchone() in ({"who": APP_ROLE, "t": ""}, {"who": APP_ROLE, "t": None})


async def test_warmed_pool_searches_as_before_under_row_level_security(app_pool: AsyncConnectionPool) -> None:
    hits = await MemoryStream(app_pool, OfflineEmbeddings()).search("bob", "battery of device 7", k=5, quiet=True)
    assert len(hits) == 5 and all(h.content.startswith("bob noted") for h in hits)


async def test_memory_open_with_prewarm_opens_every_connection_and_reports(db_url: str) -> None:
    async with await Memory.open(db_url, prewarm=30.0, max_connections=3) as mem:
        assert mem.prewarmed is not None and mem.prewarmed.complete
        assert mem.pool.get_stats()["pool_size"] == 3
        [memory_id] = await mem.add("dee", "the Pulse speaker crackles at full volume")
        assert [h.id for h in await mem.search("dee", "speaker crackles", k=1)] == [memory_id]
    async with await Memory.open(db_url) as mem:
        assert mem.prewarmed is None


async def test_cli_prewarm_reports_what_it_read(pool: AsyncConnectionPool, db_url: str, data_dir: Path) -> None:
    await MemoryStream(pool, OfflineEmbeddings()).add("eve", [NewMemory(content=f"note {i}") for i in range(50)])
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COLUMNS": "160"}
    out = await asyncio.to_thread(cli, "memory", "prewarm", "--budget", "60", "--json", env=env)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["partitions"] == 1 and report["complete"] and report["whole"]
    assert report["read_blocks"] == report["planned_blocks"] > 0
    out = await asyncio.to_thread(cli, "memory", "prewarm", "--budget", "0", env=env)
    said = out.stdout + out.stderr
    assert out.returncode == 2 and "--budget" in said and "internal error" not in said, said


# The memory partitions' files and their indexes', in blocks (what 'cache' reads); partitions holding rows only.
FILE_BLOCKS = """
SELECT c.oid::regclass::text AS relation, c.relkind = 'i' AS is_index, pg_relation_size(c.oid) / 8192 AS blocks
FROM pg_inherits AS p
JOIN pg_class AS c
  ON c.oid = p.inhrelid OR c.oid IN (SELECT x.indexrelid FROM pg_index AS x WHERE x.indrelid = p.inhrelid)
WHERE p.inhparent = 'memories'::regclass AND pg_relation_size(c.oid) > 0 AND pg_relation_size(p.inhrelid) > 0"""


async def one(conn: Any, query: str, params: tuple[Any, ...] = ()) -> Any:
    """The one value `query` returns."""
    [row] = await fetch_dicts(conn, query, params)
    [value] = row.values()
    return value


async def test_prewarm_first_caches_every_file_of_the_partitions_and_their_indexes(
    app_pool: AsyncConnectionPool, pool: AsyncConnectionPool
) -> None:
    async with pool.connection() as conn:
        files = await fetch_dicts(conn, FILE_BLOCKS)
    assert {f["is_index"] for f in files} == {True, False}
    report = await prewarm(app_pool)
    assert report.cached_blocks == sum(f["blocks"] for f in files) > 0
    assert report.read_blocks == report.planned_blocks > report.cached_blocks  # then the buffers' reads, as before
    # The application role reads a partition's index file, and gets only how many blocks it read.
    index = next(f for f in files if f["is_index"] and f["blocks"] > 1)
    cache = "SELECT memory_prewarm(%s::regclass, 'cache', %s, %s)"
    async with app_pool.connection() as conn:
        assert await one(conn, cache, (index["relation"], 0, 1_000_000)) == index["blocks"]  # to its end
        assert await one(conn, cache, (index["relation"], 1, 1)) == 1
        assert await one(conn, cache, (index["relation"], index["blocks"], 10)) == 0  # past its end
        # Another table's index is refused, and an index is no partition for the buffers' reads.
        for relation, what in (("kb_chunks_embedding_idx", "cache"), (index["relation"], "heap")):
            with pytest.raises(psycopg.errors.InvalidParameterValue, match="memory_prewarm reads"):
                await conn.execute("SELECT memory_prewarm(%s::regclass, %s, 0, 10)", (relation, what))


async def test_a_server_that_may_not_read_files_is_prewarmed_through_the_buffers_as_before(
    app_pool: AsyncConnectionPool, pool: AsyncConnectionPool
) -> None:
    """A managed server: the function's owner is no superuser and has no grant on pg_read_binary_file."""
    owner = f"prewarm_owner_{uuid.uuid4().hex[:8]}"
    function = "memory_prewarm(regclass, text, bigint, bigint)"
    async with pool.connection() as conn:
        migrator = await one(conn, "SELECT current_user")
        await conn.execute(f"CREATE ROLE {owner} NOLOGIN NOSUPERUSER")
        try:
            schema = await one(conn, "SELECT relnamespace::regnamespace::text FROM pg_class WHERE relname = 'memories'")
            await conn.execute(f"GRANT CREATE, USAGE ON SCHEMA {schema} TO {owner}")
            parts = [
                r["p"]
                for r in await fetch_dicts(
                    conn, "SELECT inhrelid::regclass::text AS p FROM pg_inherits WHERE inhparent = 'memories'::regclass"
                )
            ]
            for part in parts:
                await conn.execute(f"GRANT SELECT ON {part} TO {owner}")
            await conn.execute(f"ALTER FUNCTION {function} OWNER TO {owner}")
            async with app_pool.connection() as app:
                assert await one(app, "SELECT memory_prewarm(%s::regclass, 'cache', 0, 10)", (parts[0],)) is None
            before = await counters(app_pool)
            report = await prewarm(app_pool)
            after = await counters(app_pool)
            assert report.cached_blocks == 0 and report.whole and report.complete
            assert report.read_blocks == report.planned_blocks > 0
            assert after["hnsw_read"] + after["hnsw_hit"] > before["hnsw_read"] + before["hnsw_hit"]
        finally:
            await conn.execute(f"ALTER FUNCTION {function} OWNER TO {migrator}")
            await conn.execute(f"DROP OWNED BY {owner}")
            await conn.execute(f"DROP ROLE {owner}")
