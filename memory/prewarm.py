"""Memory search right after a start: warm connections and a prewarm of the memory partitions' pages.

Right after a server start the shared buffers are empty, and right after a pool opens each connection has
planned nothing. Measured on the bench/memory.py data (100k memories, 1 GB shared_buffers, fresh server,
pool of 4): the first search on each new connection took 100-200 ms (planning `memory_search` and
`memory_text_hits`, one generic plan covering the 32 partitions, and the catalog caches of the partitions),
and the first 40 searches read 14,600 HNSW index blocks and 3,000 heap blocks from outside the buffers
(against about 50 and 65 per search once warm). The embedded server has no `pg_prewarm`, so:

- `warm_connection` runs one search for a user id that owns nothing, as the application role, when a pool
  opens a connection (psycopg_pool's `configure`): the plans and caches are made before a user waits.
- `prewarm` reads each partition's pages with plain SQL through `memory_prewarm` (a SECURITY DEFINER
  function that returns only a count). First, when the server lets it read files, the partitions' and their
  indexes' files into the operating system's cache, sequentially, up to `effective_cache_size` (after a cold
  start of the machine the other reads wait on the disk page by page, and at a million memories searches read
  about 155 blocks each from outside 4 GB of buffers: heap pages of their candidates, graph, keyword index
  and key pages). Then into shared buffers: the heap by TID ranges (a TID range scan, unlike a sequential
  scan of a large table, uses no ring buffer, so the pages stay), the HNSW graph by an index scan that keeps
  going (`hnsw.iterative_scan`, `max_scan_tuples` = the partition's rows), then the primary key. When the
  partitions do not fit in the buffer budget (a share of `shared_buffers`; at a million memories the graph
  alone is 1.95 GB), the buffers get the graphs and keys while they fit, then a few searches per partition
  keep in them what every search touches first.

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

from cognicore.memory._prewarm_sql import CACHE_SETTINGS, CAN_CACHE, FILES, PARTITIONS, PREWARM, TRY_LOCK, UNLOCK
from cognicore.memory._search_sql import SEARCH
from cognicore.memory._stream_sql import CANDIDATES
from cognicore.memory.retrieval import RRF_K
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import SET_TENANT

__all__ = [
    "DEFAULT_BUDGET_S",
    "DEFAULT_BUFFER_SHARE",
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
"""Heap or file blocks (32 MB) per call: the unit of progress and of the time budget's check."""
PROBES = 16
"""Searches per partition, from rows spread over it, when the partitions do not fit the buffer budget."""
PREWARM_LOCK = 0x636F_676E_6977_6172
"""Advisory lock key of the prewarm (per database; bytes of "cogniwar"): one process prewarms, the others skip."""
WARM_USER = "cognicore:warm-up"
"""The user id of the connection warm-up search: it owns no memory, so the search reads almost nothing."""


@dataclass(frozen=True, slots=True)
class PrewarmProgress:
    """Where a prewarm is: blocks read so far of those it plans to read, and the partition (or index) just read."""

    partition: str
    done_blocks: int
    planned_blocks: int
    seconds: float


@dataclass(frozen=True, slots=True)
class PrewarmReport:
    """What a prewarm read: blocks (files, index, heap and keys together), against its plan and the buffer budget."""

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
    cached_blocks: int = 0
    """Of `read_blocks`, those read from the files into the operating system's cache only (not the buffers)."""


@dataclass(frozen=True, slots=True)
class _Read:
    relation: str
    """The partition; for a 'cache' read, the partition or one of its indexes."""
    what: str
    start: int
    count: int
    blocks: int
    """Blocks it brings in (its progress): the range of a 'cache' or 'heap' read, the relation of a walk or keys."""
    probe: bool = False
    """A search-sized read that keeps hot pages in the buffers: done even past the time budget (it is cheap)."""


def _chunks(relation: str, what: str, blocks: int) -> list[_Read]:
    """A 'heap' or 'cache' read of `blocks` blocks of `relation` from its start, in calls of `HEAP_CHUNK`."""
    return [
        _Read(relation, what, s, min(HEAP_CHUNK, blocks - s), min(HEAP_CHUNK, blocks - s))
        for s in range(0, blocks, HEAP_CHUNK)
    ]


def _whole(p: dict[str, Any]) -> list[_Read]:
    """Every page of partition `p`: its heap in order (sequential reads), then its graph, then its primary key."""
    return _chunks(p["partition"], "heap", p["heap_blocks"]) + _graph(p)


def _graph(p: dict[str, Any]) -> list[_Read]:
    """Partition `p`'s HNSW graph walked whole (which reads its heap too), then its primary key."""
    # reltuples is an estimate: walk past it, the scan ends with the graph anyway.
    walk = _Read(p["partition"], "index", 0, p["tuples"] + p["tuples"] // 10 + 100, p["index_blocks"])
    return [walk, _Read(p["partition"], "keys", 0, 0, p["key_blocks"])]


def _cached(files: list[dict[str, Any]], cache_blocks: int) -> list[_Read]:
    """'cache' reads of `files` (in their order: indexes, then heaps) while they fit `cache_blocks` together."""
    reads: list[_Read] = []
    cached = 0
    for f in files:
        if cached + f["blocks"] > cache_blocks:
            continue  # a smaller relation further on may still fit
        cached += f["blocks"]
        reads += _chunks(f["relation"], "cache", f["blocks"])
    return reads


def _plan(
    parts: list[dict[str, Any]],
    budget_blocks: int,
    cache_blocks: int,
    files: list[dict[str, Any]] | None = None,
) -> tuple[list[_Read], bool]:
    """The reads of a prewarm, and whether every partition fits the buffer budget (`budget_blocks`).

    With `files` (the partitions' and their indexes' files, when the server lets the prewarm read them), they
    are first read into the operating system's cache, sequentially, up to `cache_blocks`
    (`effective_cache_size`, what it is declared to cache): what searches read outside the buffers then comes
    from memory, not the disk. When the partitions do not fit the buffer budget, the buffers get each cached
    partition's graph and keys while they fit (without files: the partitions read whole up to `cache_blocks`),
    then `PROBES` searches of `CANDIDATES` rows in each partition, from rows spread over it, touch last (and so
    keep in the buffers) what every search touches first: the graph's upper layers and the entry point's
    neighbourhood.
    """
    parts = [p for p in parts if p["tuples"] > 0 and p["heap_blocks"] > 0]
    names = {p["partition"] for p in parts}
    files = None if files is None else [f for f in files if f["partition"] in names]
    reads = [] if files is None else _cached(files, cache_blocks)
    total = sum(p["heap_blocks"] + p["index_blocks"] + p["key_blocks"] for p in parts)
    if total <= budget_blocks:
        return reads + [r for p in parts for r in _whole(p)], True
    used = 0
    if files is not None:
        # A walk reads its partition's heap too: only partitions whose files are all cached, so the walks keep
        # within `cache_blocks` and read from memory.
        cached = {r.relation for r in reads}
        for p in parts:
            size = p["index_blocks"] + p["key_blocks"]
            whole = all(f["relation"] in cached for f in files if f["partition"] == p["partition"])
            if whole and used + size <= budget_blocks:
                reads += _graph(p)
                used += size
    else:
        for p in parts:
            size = p["heap_blocks"] + p["index_blocks"] + p["key_blocks"]
            if used + size > cache_blocks:
                continue  # a smaller partition further on may still fit
            reads += _whole(p)
            used += size
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
    files = None
    if parts:
        [can] = await fetch_dicts(conn, CAN_CACHE, (parts[0]["partition"],))
        files = None if can["n"] is None else await fetch_dicts(conn, FILES)
    reads, whole = _plan(parts, budget, sizes["effective_cache_size"], files)
    planned = sum(r.blocks for r in reads)
    done, cached, complete = 0, 0, True
    for read in reads:
        if time.perf_counter() - started >= budget_s and not read.probe:
            if complete:
                log.info("memory prewarm: %.0f s spent after %d of %d blocks", budget_s, done, planned)
            complete = False
            continue
        await conn.execute(PREWARM, (read.relation, read.what, read.start, read.count))
        done += read.blocks
        cached += read.blocks if read.what == "cache" else 0
        if progress is not None:
            progress(PrewarmProgress(read.relation, done, planned, time.perf_counter() - started))
    return PrewarmReport(
        partitions=len({r.relation for r in reads if r.what != "cache"}),
        planned_blocks=planned,
        read_blocks=done,
        budget_blocks=budget,
        whole=whole,
        complete=complete,
        seconds=time.perf_counter() - started,
        cached_blocks=cached,
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
