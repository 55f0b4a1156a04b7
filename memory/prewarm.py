"""Memory search right after a start: warm connections and a prewarm of the memory partitions' pages.

Right after a server start the shared buffers are empty, and right after a pool opens each connection has
planned nothing. Measured on the bench/memory.py data (100k memories, 1 GB shared_buffers, fresh server,
pool of 4): the first search on each new connection took 100-200 ms (planning `memory_search` and
`memory_text_hits`, one generic plan covering the 32 partitions, and the catalog caches of the partitions),
and the first 40 searches read 14,600 HNSW index blocks and 3,000 heap blocks from outside the buffers
(against about 50 and 65 per search once warm). The embedded server has no `pg_prewarm`, so:

- `warm_connection` runs one search for a user id that owns nothing, as the application role, when a pool
  opens a connection (psycopg_pool's `configure`): the plans and caches are made before a user waits.
- `prewarm` reads each partition's pages into shared buffers with plain SQL through `memory_prewarm`
  (a SECURITY DEFINER function that returns only a count): the heap by TID ranges (a TID range scan, unlike a
  sequential scan of a large table, uses no ring buffer, so the pages stay), then the HNSW graph by an index
  scan that keeps going (`hnsw.iterative_scan`, `max_scan_tuples` = the partition's rows), then the primary
  key. When the partitions do not fit in the buffer budget (a share of `shared_buffers`; at a million
  memories the graph alone is 1.95 GB), they are read whole up to `effective_cache_size`, for the operating
  system's cache, then a few searches per partition keep in the buffers what every search touches first.

Several API workers start together and each would prewarm the same pages (the same reads, N times over, while
the first searches wait on the disk): a prewarm first takes a session-level advisory lock
(`pg_try_advisory_lock`) on its connection, and a worker that does not get it skips (`PrewarmReport.skipped`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from cognicore.memory._search_sql import SEARCH
from cognicore.memory._stream_sql import CANDIDATES
from cognicore.memory.retrieval import RRF_K
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import APP_ROLE, SET_TENANT

__all__ = [
    "DEFAULT_BUDGET_S",
    "DEFAULT_BUFFER_SHARE",
    "PREWARM_FUNCTION",
    "PREWARM_SEARCH_PATH",
    "PrewarmProgress",
    "PrewarmReport",
    "prewarm",
    "warm_connection",
]

log = logging.getLogger(__name__)

DEFAULT_BUDGET_S = 120.0
"""Time a prewarm may take by default; it stops between two reads when spent (searches work meanwhile)."""
DEFAULT_BUFFER_SHARE = 0.8
"""Share of `shared_buffers` a prewarm may fill: the rest stays for everything else the server caches."""
HEAP_CHUNK = 4096
"""Heap blocks (32 MB) per call: the unit of progress and of the time budget's check."""
PROBES = 16
"""Searches per partition, from rows spread over it, when the partitions do not fit the buffer budget."""
PREWARM_LOCK = 0x636F_676E_6977_6172
"""Advisory lock key of the prewarm (per database; bytes of "cogniwar"): one process prewarms, the others skip."""
WARM_USER = "cognicore:warm-up"
"""The user id of the connection warm-up search: it owns no memory, so the search reads almost nothing."""

# Migration. `p_what`: 'index' walks the HNSW graph from the row at heap block `p_from` for up to `p_count`
# rows; 'heap' reads heap blocks [p_from, p_from + p_count); 'keys' reads the primary key (an index-only scan).
# SECURITY DEFINER so the application role can run it without reading the partitions itself: it returns a
# count, never a row, and accepts only partitions of `memories`. `search_path` is the migration's (FROM
# CURRENT), so `memories` names the same table as everywhere else. The settings are transaction-local: a
# call is one autocommit statement.
PREWARM_FUNCTION = f"""
CREATE FUNCTION memory_prewarm(p_partition regclass, p_what text, p_from bigint, p_count bigint)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path FROM CURRENT
AS $body$
DECLARE
    n bigint;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_inherits AS i
                   WHERE i.inhrelid = p_partition AND i.inhparent = 'memories'::regclass) THEN
        RAISE EXCEPTION 'memory_prewarm reads partitions of memories only, not %', p_partition
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true);
    IF p_what = 'index' THEN
        PERFORM set_config('hnsw.iterative_scan', 'relaxed_order', true),
                set_config('hnsw.max_scan_tuples', (p_count + 100)::text, true),
                set_config('hnsw.scan_mem_multiplier', '8', true),
                set_config('hnsw.ef_search', '100', true);
        EXECUTE format(
            'SELECT count(*) FROM (SELECT 1 FROM %s ORDER BY embedding <=> '
            '(SELECT embedding FROM %s WHERE ctid >= $1 LIMIT 1) LIMIT $2) AS s', p_partition, p_partition)
            INTO n USING format('(%s,0)', p_from)::tid, p_count;
    ELSIF p_what = 'heap' THEN
        EXECUTE format('SELECT count(*) FROM %s WHERE ctid >= $1 AND ctid < $2', p_partition)
            INTO n USING format('(%s,0)', p_from)::tid, format('(%s,0)', p_from + p_count)::tid;
    ELSIF p_what = 'keys' THEN
        EXECUTE format('SELECT count(*) FROM (SELECT user_id, id FROM %s ORDER BY user_id, id) AS s', p_partition)
            INTO n;
    ELSE
        RAISE EXCEPTION 'memory_prewarm reads ''index'', ''heap'' or ''keys'', not %', p_what
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN n;
END
$body$;
REVOKE ALL ON FUNCTION memory_prewarm(regclass, text, bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION memory_prewarm(regclass, text, bigint, bigint) TO {APP_ROLE};
"""

# Migration after PREWARM_FUNCTION: `FROM CURRENT` left `pg_temp` implicit, and then it is searched first, so a
# caller's temporary table named `memories` would stand for the real one (only to refuse the call, but still).
# The function's schema, then the catalog, then `pg_temp` last, as PostgreSQL advises for SECURITY DEFINER.
PREWARM_SEARCH_PATH = """
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION memory_prewarm(regclass, text, bigint, bigint) '
                   'SET search_path = %I, pg_catalog, pg_temp', current_schema());
END
$$;
"""

# Sizes in blocks, from the catalog (readable by any role). Largest partitions first: they serve most rows. A
# partition never analysed (reltuples -1: new, or just bulk loaded) is taken to hold 50 rows a block, more than
# fit: the walk ends with the graph anyway.
PARTITIONS = """
SELECT p.inhrelid::regclass::text AS partition,
       (CASE WHEN c.reltuples < 0 THEN 50 * pg_relation_size(p.inhrelid) / current_setting('block_size')::bigint
             ELSE c.reltuples END)::bigint AS tuples,
       pg_relation_size(p.inhrelid) / current_setting('block_size')::bigint AS heap_blocks,
       coalesce(sum(pg_relation_size(x.indexrelid)) FILTER (WHERE am.amname = 'hnsw'), 0)::bigint
           / current_setting('block_size')::bigint AS index_blocks,
       coalesce(sum(pg_relation_size(x.indexrelid)) FILTER (WHERE x.indisprimary), 0)::bigint
           / current_setting('block_size')::bigint AS key_blocks
FROM pg_inherits AS p
JOIN pg_class AS c ON c.oid = p.inhrelid
LEFT JOIN pg_index AS x ON x.indrelid = p.inhrelid
LEFT JOIN pg_class AS i ON i.oid = x.indexrelid
LEFT JOIN pg_am AS am ON am.oid = i.relam
WHERE p.inhparent = 'memories'::regclass
GROUP BY p.inhrelid, c.reltuples
ORDER BY heap_blocks DESC, partition"""
# Both in blocks (their unit is the block size).
CACHE_SETTINGS = """
SELECT max(setting::bigint) FILTER (WHERE name = 'shared_buffers') AS shared_buffers,
       max(setting::bigint) FILTER (WHERE name = 'effective_cache_size') AS effective_cache_size
FROM pg_settings WHERE name IN ('shared_buffers', 'effective_cache_size')"""
PREWARM = "SELECT memory_prewarm(%s::regclass, %s, %s, %s) AS n"
# Session-level, so held across the prewarm's autocommit statements; released at the end, or by the server when
# the connection closes (a worker killed mid-prewarm never blocks the next start).
TRY_LOCK = "SELECT pg_try_advisory_lock(%s) AS locked"
UNLOCK = "SELECT pg_advisory_unlock(%s)"


@dataclass(frozen=True, slots=True)
class PrewarmProgress:
    """Where a prewarm is: blocks read so far of those it plans to read, and the partition just read."""

    partition: str
    done_blocks: int
    planned_blocks: int
    seconds: float


@dataclass(frozen=True, slots=True)
class PrewarmReport:
    """What a prewarm read: blocks (index, heap and keys together), against its plan and the buffer budget."""

    partitions: int
    planned_blocks: int
    read_blocks: int
    budget_blocks: int
    whole: bool
    """Every partition fitted the budget and was read whole (else each partition's graph around a few rows)."""
    complete: bool
    """False when the time budget ran out first."""
    seconds: float
    skipped: bool = False
    """Another process (an API worker) was prewarming this database: nothing was read here."""


@dataclass(frozen=True, slots=True)
class _Read:
    partition: str
    what: str
    start: int
    count: int
    blocks: int
    probe: bool = False
    """A search-sized read that keeps hot pages in the buffers: done even past the time budget (it is cheap)."""


def _whole(p: dict[str, Any]) -> list[_Read]:
    """Every page of partition `p`: its heap in order (sequential reads), then its graph, then its primary key."""
    name, tuples, heap = p["partition"], p["tuples"], p["heap_blocks"]
    reads = [_Read(name, "heap", s, min(HEAP_CHUNK, heap - s), 0) for s in range(0, heap, HEAP_CHUNK)]
    # reltuples is an estimate: walk past it, the scan ends with the graph anyway. The heap is cached by then.
    reads.append(_Read(name, "index", 0, tuples + tuples // 10 + 100, p["index_blocks"]))
    reads.append(_Read(name, "keys", 0, 0, p["key_blocks"]))
    return reads


def _plan(parts: list[dict[str, Any]], budget_blocks: int, cache_blocks: int) -> tuple[list[_Read], bool]:
    """The reads of a prewarm, and whether every partition fits the buffer budget (`budget_blocks`).

    When they do not, shared buffers cannot hold them: the partitions are read whole up to `cache_blocks`
    (`effective_cache_size`, what the operating system is declared to cache), so that later reads come from
    memory and not the disk, then `PROBES` searches of `CANDIDATES` rows in each partition, from rows spread
    over it, touch last (and so keep in the buffers) what every search touches first: the graph's upper
    layers and the entry point's neighbourhood.
    """
    parts = [p for p in parts if p["tuples"] > 0 and p["heap_blocks"] > 0]
    total = sum(p["heap_blocks"] + p["index_blocks"] + p["key_blocks"] for p in parts)
    if total <= budget_blocks:
        return [r for p in parts for r in _whole(p)], True
    reads: list[_Read] = []
    cached = 0
    for p in parts:
        size = p["heap_blocks"] + p["index_blocks"] + p["key_blocks"]
        if cached + size > cache_blocks:
            continue  # a smaller partition further on may still fit
        reads += _whole(p)
        cached += size
    for p in parts:
        step = max(p["heap_blocks"] // PROBES, 1)
        reads += [_Read(p["partition"], "index", i * step, CANDIDATES, 0, probe=True) for i in range(PROBES)]
    return reads, False


async def prewarm(
    pool: AsyncConnectionPool,
    *,
    budget_s: float = DEFAULT_BUDGET_S,
    buffer_share: float = DEFAULT_BUFFER_SHARE,
    progress: Callable[[PrewarmProgress], None] | None = None,
) -> PrewarmReport:
    """Read the memory partitions' search pages into shared buffers, within `budget_s` and a buffer share.

    Safe while the service serves searches (plain reads, one connection); stops between two reads when the
    time budget is spent (but for the few searches of the last step, when the partitions do not fit the buffers).
    Any role with EXECUTE on `memory_prewarm` may run it (the application role has it). Only one prewarm runs
    per database at a time: when another holds `PREWARM_LOCK`, this one returns at once, `skipped`.
    """
    if budget_s <= 0 or not 0 < buffer_share <= 1:
        raise ValueError(f"budget_s must be > 0 and buffer_share in (0, 1], got {budget_s!r}, {buffer_share!r}")
    started = time.perf_counter()
    async with pool.connection() as conn:
        [lock] = await fetch_dicts(conn, TRY_LOCK, (PREWARM_LOCK,))
        if not lock["locked"]:
            log.info("memory prewarm skipped: another process is prewarming this database")
            seconds = time.perf_counter() - started
            return PrewarmReport(0, 0, 0, 0, whole=False, complete=True, seconds=seconds, skipped=True)
        try:
            report = await _prewarm(conn, started, budget_s, buffer_share, progress)
        finally:
            try:
                await conn.execute(UNLOCK, (PREWARM_LOCK,))
            except BaseException:
                # The lock is the session's: a connection that could not release it must not go back to the pool
                # holding it (every later prewarm would be skipped). Closed, the server releases it.
                await conn.close()
                raise
    log.info("memory prewarm: %s", report)
    return report


async def _prewarm(
    conn: AsyncConnection[Any],
    started: float,
    budget_s: float,
    buffer_share: float,
    progress: Callable[[PrewarmProgress], None] | None,
) -> PrewarmReport:
    """The prewarm's reads on `conn`, which holds the prewarm lock."""
    parts = await fetch_dicts(conn, PARTITIONS)
    [sizes] = await fetch_dicts(conn, CACHE_SETTINGS)
    budget = int(sizes["shared_buffers"] * buffer_share)
    reads, whole = _plan(parts, budget, sizes["effective_cache_size"])
    planned = sum(r.blocks for r in reads if r.what != "heap") + sum(r.count for r in reads if r.what == "heap")
    done, complete = 0, True
    for read in reads:
        if time.perf_counter() - started >= budget_s and not read.probe:
            if complete:
                log.info("memory prewarm: %.0f s spent after %d of %d blocks", budget_s, done, planned)
            complete = False
            continue
        await conn.execute(PREWARM, (read.partition, read.what, read.start, read.count))
        done += read.count if read.what == "heap" else read.blocks
        if progress is not None:
            progress(PrewarmProgress(read.partition, min(done, planned), planned, time.perf_counter() - started))
    return PrewarmReport(
        partitions=len({r.partition for r in reads}),
        planned_blocks=planned,
        read_blocks=min(done, planned),
        budget_blocks=budget,
        whole=whole,
        complete=complete,
        seconds=time.perf_counter() - started,
    )


async def warm_connection(conn: AsyncConnection[Any]) -> None:
    """Plan the search on a new connection (a pool's `configure`): one search for a user who owns nothing.

    Makes `memory_search`'s and `memory_text_hits`' generic plans and loads the partitions' catalog entries,
    so the first real search on this connection does not pay them (100-200 ms measured at 100k memories).
    Needs pgvector's types registered on `conn` first.
    """
    params: dict[str, Any] = {
        "user_id": WARM_USER,
        "query_vector": None,
        "query_words": ["warm"],
        "candidates": 1,
        "rrf_k": RRF_K,
        "k": 1,
        "min_similarity": 1.0,
        "session_id": None,
        "session_first": False,
        "as_of": None,
        "now": None,
        "perspective": None,
        "status": "active",
        "kinds": None,
        "session_filter": None,
        "since": None,
        "until": None,
        "metadata": None,
        "alpha": 0.0,
        "beta": 0.0,
        "gamma": 1.0,
        "delta": 0.0,
        "decay": 0.99,
    }
    # The search's own tenant statement and search (which sets its scan's settings), so that exactly the plans
    # searches use are made. A failure is logged, never raised: psycopg_pool would drop the connection and retry,
    # and the pool would not open.
    try:
        async with conn.transaction():
            await conn.execute(SET_TENANT, (WARM_USER,))
            await conn.execute(SEARCH, params)
    except psycopg.Error:
        log.warning("memory connection warm-up failed; the connection is used unwarmed", exc_info=True)
