"""Benchmark of the episodic memory stream at scale (prints figures; not a test).

    python bench/memory.py [--n 100000] [--users 20] [--queries 300]    # --n 1000000 for a million
    python bench/memory.py --n 1000000 --data-dir /var/tmp/bench-1m    # build once, keep the server's folder
    python bench/memory.py --n 1000000 --data-dir /var/tmp/bench-1m    # again: reuses it, searches only

Starts an embedded PostgreSQL in a temporary folder (or, with DATABASE_URL set, creates and later drops
a scratch database on that server), then measures:
- batched inserts through `MemoryStream.add` (rows per second; indexes dropped, as for any bulk load);
- the build time of the HNSW (halfvec cosine) and GIN indexes;
- hybrid retrieval with scoring and the user filter, `MemoryStream.search(k=10)` end to end,
  at p50/p95 over the queries, with the shared-buffer hits and reads per search (a read comes from the OS
  cache or the disk: the server starts with empty buffers, so right after a start most of a search's pages
  are reads; `--warm-up N` runs N searches of other queries first, to measure a server that has been serving
  a while), then the keyword stage alone on the same queries;
- recall@10 of the vector stage (`MemoryStream.nearest`, the same index scan and settings) against an
  exact scan of the same user's rows, ties counted as hits, overall and by how many users share the searched
  user's partition (its size sets `hnsw.ef_search`); with `--ef-search 40,100,200` also for each
  of those `hnsw.ef_search` values on the same index (recall does not depend on load, so one build at a
  million answers the tuning question). `--m`/`--ef-construction` build the HNSW index with other
  options than the schema's, to explore on a smaller `--n` (same rows per partition: `--users` fewer).
With `--data-dir` the embedded server's folder is kept, and a later run with the same `--data-dir` (and
the same `--n`, `--users`, `--seed`, `--m`, `--ef-construction`) skips the load and the index builds and
only searches: a million takes 20-40 minutes to build here, its searches a few minutes. With DATABASE_URL,
`--keep` keeps the scratch database and `--reuse NAME` searches a kept one. A reused database is migrated
first, so a new migration (say, of the keyword function) is measured on the same data.
Texts come from word lists and are embedded with the offline embedder, so both ranked lists have
something to find. At a million memories give the server `--shared-buffers 4GB`: with 1GB half of the HNSW graphs
(2 GB) come from the OS cache, 1,151-1,333 reads per search against 153-154 at 4GB (`--shared-buffers 1GB,4GB`
alternates the two on fresh servers). At 100k 1GB holds everything.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import re
import shlex
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb

from cognicore.database import migrate, open_pool, start_embedded
from cognicore.memory._stream_sql import DROP_SEARCH_INDEXES, NEAREST, SEARCH_INDEXES
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.prewarm import DEFAULT_BUDGET_S, prewarm, warm_connection
from cognicore.memory.retrieval import candidate_count, query_words
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, Neighbor, NewMemory
from cognicore.memory.tenancy import APP_ROLE, user_read, user_transaction
from cognicore.roles import grant_app_role, open_app_pool, reader_url
from cognicore.schema import COMPONENTS

NAMES = "Alice Bruno Chen Dana Emeka Farah Goran Hana Ivan Julia Kenji Lena Mateo Nadia Omar Priya".split()
ACTORS = [
    "the customer",
    "our team",
    "the analyst",
    "support",
    "finance",
    "the buyer",
    "a partner",
    "marketing",
    "the warehouse",
    "engineering",
    "the regional manager",
    "legal",
    "the CFO",
]
VERBS = [
    "asked about",
    "complained about",
    "praised",
    "returned",
    "ordered",
    "compared",
    "reviewed",
    "forecast",
    "discounted",
    "shipped",
    "restocked",
    "reported a defect in",
    "requested a refund for",
    "upgraded",
    "cancelled",
    "recommended",
    "benchmarked",
    "priced",
    "bundled",
    "audited",
    "repaired",
]
PRODUCTS = [
    "Aurora Buds Pro",
    "Aurora Studio Headphones",
    "Pulse Mini Speaker",
    "Orbit Smartwatch",
    "Orbit Fitness Band",
    "Vista AR Glasses",
    "Lumen Smart Bulb",
    "Haven Security Camera",
    "Haven Video Doorbell",
    "Volt Charging Dock",
    "Volt Power Bank",
    "Flex USB-C Cable",
]
TOPICS = (
    "battery life|firmware update|return policy|warranty claim|shipping delay|price change|bluetooth "
    "pairing|noise cancelling|water resistance|screen brightness|subscription plan|gift packaging|bulk "
    "order|holiday promotion|inventory level|supplier contract|customs fees|sales target|churn risk|"
    "support ticket|charging speed|strap colour|app crash|voice assistant|night vision|motion alerts|"
    "cloud storage|energy usage|tax invoice|loyalty points|trade-in offer|repair backlog"
).split("|")
PLACES = [
    "in North America",
    "in Europe",
    "in Asia Pacific",
    "in Latin America",
    "online",
    "in retail stores",
    "through partners",
    "in Portland",
    "in Berlin",
    "in Tokyo",
    "in Sao Paulo",
    "in Toronto",
]
REASONS = [
    "because the budget was exceeded",
    "after a price comparison",
    "since demand spiked",
    "due to a late shipment",
    "because reviews were poor",
    "after the quarterly review",
    "to meet the sales target",
    "because the cost was too high",
    "after a customer survey",
    "due to a supplier issue",
    "because a competitor cut prices",
    "after a recall notice",
]
DETAILS = (
    "urgent minor escalated resolved pending approved rejected refunded delayed expedited duplicated "
    "flagged confirmed disputed archived scheduled postponed estimated verified overdue backordered "
    "premium wholesale seasonal regional clearance limited bundle coupon invoice receipt manifest "
    "pallet container courier carrier tracking label serial batch lot defect scratch crack leak "
    "overheating flicker latency dropout echo glare fog drift mismatch"
).split()
KINDS = ["observation"] * 6 + ["thought"] * 2 + ["tool_call", "tool_result", "reflection"]


def memory_text(rng: random.Random) -> str:
    text = (
        f"{rng.choice(NAMES)} noted that {rng.choice(ACTORS)} {rng.choice(VERBS)} the "
        f"{rng.choice(PRODUCTS)} {rng.choice(TOPICS)} {rng.choice(PLACES)} {rng.choice(REASONS)}"
    )
    text += " (" + ", ".join(rng.sample(DETAILS, rng.randint(1, 3))) + ")"
    if rng.random() < 0.5:
        text += f"; ticket {rng.randint(10000, 99999)}"
    return text + "."


def query_text(rng: random.Random) -> str:
    parts = [rng.choice(VERBS), rng.choice(PRODUCTS), rng.choice(TOPICS)]
    if rng.random() < 0.3:
        parts.append(rng.choice(DETAILS))
    if rng.random() < 0.2:
        parts.append(f"ticket {rng.randint(10000, 99999)}")
    return "what did we learn when " + rng.choice(ACTORS) + " " + " ".join(parts)


def embed_chunk(texts: list[str]) -> np.ndarray:
    return np.asarray(OfflineEmbeddings().embed_documents(texts), dtype=np.float32)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def hits_at(ann: list[Any], kth: float) -> float:
    """Share of the exact top 10 the index found, a tie with the exact 10th counted as a hit."""
    return sum(1 for n in ann if n.similarity >= kth - 1e-6) / 10


def index_statements(args: argparse.Namespace) -> list[str]:
    """The schema's index statements, the HNSW one with `--m`/`--ef-construction` when given."""
    options = {"m": args.m, "ef_construction": args.ef_construction}
    given = ", ".join(f"{name} = {value}" for name, value in options.items() if value is not None)
    statements = [s.strip() for s in SEARCH_INDEXES.split(";") if s.strip()]
    if not given:
        return statements
    return [re.sub(r"\s+WITH \([^)]*\)", "", s) + f" WITH ({given})" if " USING hnsw " in s else s for s in statements]


async def sweep_recall(
    pool: Any, references: list[tuple[str, list[float], float]], ef: int, iterative: str
) -> tuple[list[float], list[float]]:
    """Recall@10 and latency of the vector stage's statement (`NEAREST`) at `hnsw.ef_search` `ef`."""
    recalls, elapsed = [], []
    for user, vector, kth in references:
        started = time.perf_counter()
        async with user_transaction(pool, user, pipeline=True) as conn:
            await conn.execute(
                "SELECT set_config('hnsw.ef_search', %s, true), set_config('hnsw.iterative_scan', %s, true), "
                "set_config('jit', 'off', true)",
                (str(ef), iterative),
            )
            rows = await fetch_dicts(
                conn,
                NEAREST,
                {
                    "user_id": user,
                    "query_vector": np.asarray(vector, dtype=np.float32),
                    "candidates": candidate_count(10),
                    "k": 10,
                },
            )
        elapsed.append((time.perf_counter() - started) * 1000)
        recalls.append(hits_at([Neighbor(id=r["id"], similarity=float(r["similarity"])) for r in rows], kth))
    return recalls, elapsed


KEYWORD_STAGE = (
    "SELECT * FROM memory_text_hits(%s, %s::text[], %s, NULL::text[], NULL::text, NULL::timestamptz, "
    "NULL::timestamptz, 'active', NULL::jsonb)"
)
"""The search's keyword stage with its filters off, as `memory_search` calls it (timed alone)."""


# Blocks read from outside shared buffers, by what the memory partitions' relations are: heap, TOAST (table
# and index), and each index by access method (hnsw: the graphs, gin: the keyword index, btree: the keys).
PARTITION_READS = """
SELECT 'heap' AS kind, coalesce(sum(t.heap_blks_read), 0)::bigint AS blocks
FROM pg_statio_all_tables AS t JOIN pg_inherits AS i ON i.inhrelid = t.relid
WHERE i.inhparent = 'memories'::regclass
UNION ALL
SELECT 'toast', coalesce(sum(coalesce(t.toast_blks_read, 0) + coalesce(t.tidx_blks_read, 0)), 0)::bigint
FROM pg_statio_all_tables AS t JOIN pg_inherits AS i ON i.inhrelid = t.relid
WHERE i.inhparent = 'memories'::regclass
UNION ALL
SELECT am.amname, coalesce(sum(x.idx_blks_read), 0)::bigint
FROM pg_statio_all_indexes AS x JOIN pg_inherits AS i ON i.inhrelid = x.relid
JOIN pg_class AS c ON c.oid = x.indexrelid JOIN pg_am AS am ON am.oid = c.relam
WHERE i.inhparent = 'memories'::regclass
GROUP BY am.amname"""


async def shared_blocks(pool: Any) -> tuple[int, int, dict[str, int]]:
    """The database's shared-buffer hits and reads so far, and the memory partitions' reads by relation kind.

    A backend sends its statistics at the end of a transaction at most once a second, and what is left when
    it goes idle 10 s later (PostgreSQL's PGSTAT_IDLE_INTERVAL): after 1.2 s up to a second of the searches
    before was still missing, counted later with the timed ones.
    """
    await asyncio.sleep(11)
    async with pool.connection() as conn:
        await conn.execute("SELECT pg_stat_clear_snapshot()")
        row = await (
            await conn.execute(
                "SELECT blks_hit::bigint AS hit, blks_read::bigint AS read FROM pg_stat_database "
                "WHERE datname = current_database()"
            )
        ).fetchone()
        kinds = {r["kind"]: int(r["blocks"]) for r in await fetch_dicts(conn, PARTITION_READS)}
    return int(row["hit"]), int(row["read"]), kinds


async def partition_sharing(pool: Any, users: list[str]) -> dict[str, tuple[int, int]]:
    """Per user: how many of `users` share its partition, and the partition's estimated rows (what sets ef_search)."""
    where: dict[str, tuple[int, int]] = {}
    async with pool.connection() as conn:
        for user in users:
            row = await (
                await conn.execute(
                    "SELECT m.tableoid::bigint AS part, c.reltuples::bigint AS n FROM memories AS m "
                    "JOIN pg_class AS c ON c.oid = m.tableoid WHERE m.user_id = %s LIMIT 1",
                    (user,),
                )
            ).fetchone()
            if row:
                where[user] = (int(row["part"]), int(row["n"]))
    parts = [part for part, _ in where.values()]
    return {user: (parts.count(part), n) for user, (part, n) in where.items()}


def by_sharing(recalls: list[float], references: list[tuple[str, Any, float]], sharing: dict[str, Any]) -> str:
    """Recall@10 per number of users sharing the searched user's partition (partition rows in brackets)."""
    groups: dict[int, list[float]] = {}
    rows: dict[int, list[int]] = {}
    for recall, (user, _, _) in zip(recalls, references, strict=True):
        users, n = sharing.get(user, (0, 0))
        groups.setdefault(users, []).append(recall)
        rows.setdefault(users, []).append(n)
    return "by users in the partition: " + ", ".join(
        f"{users} ({min(rows[users]):,}-{max(rows[users]):,} rows) {statistics.mean(r):.4f} n={len(r)}"
        for users, r in sorted(groups.items())
    )


# The settings a round starts with, and the size of what the prewarm may cache (it stops at effective_cache_size).
CACHE_AND_PARTITIONS = """
SELECT current_setting('shared_buffers') AS sb, current_setting('effective_cache_size') AS ecs,
       pg_size_bytes(current_setting('effective_cache_size')) AS ecs_bytes,
       (SELECT coalesce(sum(pg_total_relation_size(inhrelid)), 0) FROM pg_inherits
        WHERE inhparent = 'memories'::regclass) AS partitions_bytes"""

BUILD_TABLE = "bench_memory_build"
"""Records in the benchmark's database what it was built with, so a reuse can check it is the same data."""


def build_options(args: argparse.Namespace) -> dict[str, Any]:
    """What the loaded data and its indexes depend on (a reused database must match all of it)."""
    return {"n": args.n, "users": args.users, "seed": args.seed, "m": args.m, "ef_construction": args.ef_construction}


async def built_with(pool: Any) -> dict[str, Any] | None:
    """The build options recorded in this database, or None if no benchmark data was loaded into it."""
    async with pool.connection() as conn:
        found = await (await conn.execute("SELECT to_regclass(%s) IS NOT NULL AS found", (BUILD_TABLE,))).fetchone()
        if not found["found"]:
            return None
        query = sql.SQL("SELECT options FROM {}").format(sql.Identifier(BUILD_TABLE))
        row = await (await conn.execute(query)).fetchone()
    return dict(row["options"]) if row else None


async def load(args: argparse.Namespace, pool: Any, rng: random.Random, users: list[str]) -> None:
    """Embed, insert and index `args.n` memories of `users`, then record the build options."""
    owners = [rng.choice(users) for _ in range(args.n)]
    texts = [memory_text(rng) for _ in range(args.n)]
    now = datetime.now(UTC)

    started = time.perf_counter()
    chunks = [texts[i : i + 5000] for i in range(0, len(texts), 5000)]
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as workers:
        vectors = np.concatenate(await asyncio.gather(*(loop.run_in_executor(workers, embed_chunk, c) for c in chunks)))
    elapsed = time.perf_counter() - started
    print(f"embedded {args.n:,} texts (offline embedder, {os.cpu_count()} processes) in {elapsed:.1f} s")

    stream = MemoryStream(pool, OfflineEmbeddings())
    async with pool.connection() as conn:
        await conn.execute(DROP_SEARCH_INDEXES)
    by_user: dict[str, list[int]] = {u: [] for u in users}
    for i, owner in enumerate(owners):
        by_user[owner].append(i)
    started = time.perf_counter()
    for user, rows in by_user.items():
        for start in range(0, len(rows), args.batch):
            await stream.add(
                user,
                [
                    NewMemory(
                        content=texts[i],
                        kind=rng.choice(KINDS),
                        importance=rng.choice([1, 2, 2, 3, 3, 4, 5, 6, 8, 10]),
                        session_id=f"{user}-s{rng.randrange(50)}",
                        embedding=vectors[i],
                        created_at=now - timedelta(hours=rng.uniform(0, 24 * 180)),
                    )
                    for i in rows[start : start + args.batch]
                ],
            )
    elapsed = time.perf_counter() - started
    print(
        f"inserted {args.n:,} memories for {args.users} users in {elapsed:.1f} s: "
        f"{args.n / elapsed:,.0f} rows/s (MemoryStream.add, {args.batch} rows per call)"
    )

    async with pool.connection() as conn:
        await conn.execute(sql.SQL("SET maintenance_work_mem = {}").format(sql.Literal(args.maintenance_work_mem)))
        for statement in filter(None, (s.strip() for s in index_statements(args))):
            started = time.perf_counter()
            await conn.execute(statement)  # type: ignore[arg-type]  # static SQL
            label = statement.split(" USING ")[1].split(" (")[0]
            print(f"index build ({label}, {32} partitions): {time.perf_counter() - started:.1f} s")
        await conn.execute("VACUUM ANALYZE memories")
        await conn.execute(sql.SQL("CREATE TABLE {} (options jsonb NOT NULL)").format(sql.Identifier(BUILD_TABLE)))
        await conn.execute(
            sql.SQL("INSERT INTO {} VALUES (%s)").format(sql.Identifier(BUILD_TABLE)), (Jsonb(build_options(args)),)
        )


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


async def start_up(args: argparse.Namespace, mode: str, app_url: str, users: list[str]) -> tuple[Any, MemoryStream]:
    """The application's pool and stream after a start-up: `raw` (as before) or as the service starts."""
    if mode == "service":  # what the service does at start: warmed connections, then the prewarm
        started = time.perf_counter()
        app = await open_app_pool(app_url, min_size=4, max_size=4, warm=warm_connection)
        opened = time.perf_counter() - started
        report = await prewarm(app, budget_s=args.prewarm_budget)
        how = (
            "every partition whole"
            if report.whole
            else "graphs while they fit the buffers, then probed"
            if report.cached_blocks
            else "read whole up to effective_cache_size, then probed"
        )
        stopped = "" if report.complete else ", stopped by the time budget"
        print(
            f"start-up as the service: pool of 4 connections opened and warmed in {opened:.2f} s, prewarm "
            f"{report.read_blocks:,} of {report.planned_blocks:,} planned blocks "
            f"({report.read_blocks * 8 / 1024:,.0f} MB, of which {report.cached_blocks * 8 / 1024:,.0f} MB of files "
            f"into the OS cache; {how}, budget {report.budget_blocks * 8 / 1024:,.0f} MB"
            f"{stopped}) in {report.seconds:.2f} s"
        )
        return app, MemoryStream(app, OfflineEmbeddings())
    # raw: a pool opened as before; one search per user first (each connection's plans, catalog caches)
    app = await open_app_pool(app_url, min_size=1, max_size=4)
    stream = MemoryStream(app, OfflineEmbeddings())
    urng = random.Random(args.seed + 3)
    for user in users:
        await stream.search(user, query_text(urng), k=10)
    return app, stream


async def serving(
    args: argparse.Namespace, app_url: str, queries: list[tuple[str, str]]
) -> tuple[Any, MemoryStream, list[float]]:
    """The service's start as it serves (the API's): a warmed pool, the prewarm in the background, searches at once.

    The timed searches are the first a user would send; their latencies by hundreds show how soon the prewarm helps.
    """
    started = time.perf_counter()
    app = await open_app_pool(app_url, min_size=4, max_size=4, warm=warm_connection)
    opened = time.perf_counter() - started
    stream = MemoryStream(app, OfflineEmbeddings())
    warming = asyncio.create_task(prewarm(app, budget_s=args.prewarm_budget))
    begun = time.perf_counter()
    latencies = []
    for user, text in queries:
        at = time.perf_counter()
        await stream.search(user, text, k=10)
        latencies.append((time.perf_counter() - at) * 1000)
    searched = time.perf_counter() - begun
    report = await warming
    hundreds = [latencies[i : i + 100] for i in range(0, len(latencies), 100)]
    print(
        f"start-up serving: pool of 4 opened and warmed in {opened:.2f} s; the {len(latencies)} searches ran in the "
        f"first {searched:.1f} s of the prewarm ({report.read_blocks * 8 / 1024:,.0f} MB, of which "
        f"{report.cached_blocks * 8 / 1024:,.0f} MB of files into the OS cache, in {report.seconds:.1f} s): "
        f"p50 {statistics.median(latencies):.2f} ms, p95 {pct(latencies, 0.95):.2f} ms; p95 by hundred "
        + ", ".join(f"{pct(h, 0.95):.2f}" for h in hundreds)
        + f" ms; load average (1 min) {os.getloadavg()[0]:.2f}"
    )
    return app, stream, latencies


async def timed(
    args: argparse.Namespace, pool: Any, stream: MemoryStream, queries: list[tuple[str, str]], users: list[str]
) -> tuple[list[float], float]:
    """The timed searches (after `--warm-up` others): their latencies in ms and shared-buffer reads per search."""
    # Other queries than the timed ones: the buffers then hold what searches in general touch (a server that
    # has been serving for a while), not these queries' own pages.
    wrng = random.Random(args.seed + 2)
    for _ in range(args.warm_up):
        await stream.search(wrng.choice(users), query_text(wrng), k=10, quiet=True)
    blocks_before = await shared_blocks(pool)
    load_before = os.getloadavg()[0]
    latencies, returned = [], 0
    for user, text in queries:
        started = time.perf_counter()
        returned += len(await stream.search(user, text, k=10))
        latencies.append((time.perf_counter() - started) * 1000)
    print(f"load average (1 min) before/after the timed searches: {load_before:.2f} / {os.getloadavg()[0]:.2f}")
    hits_after, reads_after, kinds_after = await shared_blocks(pool)
    hits, reads = hits_after - blocks_before[0], reads_after - blocks_before[1]
    kinds = {kind: n - blocks_before[2].get(kind, 0) for kind, n in sorted(kinds_after.items())}
    print(
        f"hybrid search, scored, user filter, k=10: p50 {statistics.median(latencies):.2f} ms, "
        f"p95 {pct(latencies, 0.95):.2f} ms, p99 {pct(latencies, 0.99):.2f} ms, "
        f"max {max(latencies):.2f} ms (n={len(latencies)}, {returned / len(queries):.1f} hits per query, "
        f"end to end incl. query embedding; {args.warm_up} warm-up searches before); shared buffers per search: "
        f"{hits / len(queries):,.0f} hits, {reads / len(queries):,.0f} reads (from the OS cache or disk); the "
        f"memory partitions' reads per search by relation: "
        + ", ".join(f"{kind} {n / len(queries):,.1f}" for kind, n in kinds.items())
    )
    return latencies, reads / len(queries)


async def run(
    args: argparse.Namespace, url: str, restart: Callable[[str | None], Awaitable[str]] | None = None
) -> None:
    """Load or reuse the data, time the searches after each start-up asked for, then the stages and recall."""
    rng = random.Random(args.seed)
    pool = await open_pool(url, max_size=4)
    app: Any = None
    try:
        await migrate(pool, COMPONENTS)
        async with pool.connection() as conn:
            [info] = await fetch_dicts(
                conn,
                "SELECT current_setting('server_version') AS pg, current_setting('shared_buffers') AS sb, "
                "(SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgvector",
            )
        print(f"PostgreSQL {info['pg']}, pgvector {info['pgvector']}, shared_buffers {info['sb']}")
        users = [f"user{u:02d}" for u in range(args.users)]
        recorded = await built_with(pool)
        if recorded is None:
            await load(args, pool, rng, users)
        elif recorded != build_options(args):
            raise SystemExit(
                f"this database holds benchmark data built with {recorded}, not {build_options(args)}: "
                "pass the same options, or another --data-dir / database"
            )
        else:
            print(f"reusing the data already loaded and indexed ({recorded}): no load, no index build")
        # Searches run as the application does: logged in as the application role (row-level security binds
        # it), on a pool that keeps its sessions (no DISCARD ALL between uses), so plans cached per
        # connection (the keyword function's) are paid once per connection, as in the service.
        await grant_app_role(pool)
        qrng = random.Random(args.seed + 1)
        queries = [(qrng.choice(users), query_text(qrng)) for _ in range(args.queries)]
        # Several sizes of shared_buffers alternate within each round (an A/B on the same data and machine load).
        sizes: list[str | None] = args.shared_buffers or [None]
        cycles = [(r, size, mode) for r in range(args.rounds) for size in sizes for mode in args.start_up]
        figures: dict[str, list[tuple[list[float], float]]] = {}
        for i, (round_, size, mode) in enumerate(cycles):
            if i > 0 or args.drop_os_cache:  # every measurement starts from a fresh server: empty buffers
                await pool.close()
                assert restart is not None  # main() allows several cycles only with a server it can restart
                url = await restart(size)
                pool = await open_pool(url, max_size=4)
            async with pool.connection() as conn:
                [row] = await fetch_dicts(conn, CACHE_AND_PARTITIONS)
            print(
                f"-- round {round_ + 1} of {args.rounds}, start-up {mode}, "
                f"server just started, shared_buffers {row['sb']}, effective_cache_size {row['ecs']}"
            )
            if row["ecs_bytes"] < row["partitions_bytes"]:
                print(
                    f"   (the memory partitions and their indexes are {row['partitions_bytes'] / 2**30:.1f} GiB, more "
                    "than effective_cache_size: when they do not fit the buffers either, the prewarm leaves the rest "
                    "on the disk; see --effective-cache-size)"
                )
            if mode == "serving":
                app, stream, latencies = await serving(args, reader_url(url, APP_ROLE), queries)
                reads = float("nan")  # the prewarm's reads run alongside: not the searches' own
            else:
                app, stream = await start_up(args, mode, reader_url(url, APP_ROLE), users)
                latencies, reads = await timed(args, pool, stream, queries, users)
            figures.setdefault(mode if len(sizes) == 1 else f"{mode}, shared_buffers {size}", []).append(
                (latencies, reads)
            )
            if i < len(cycles) - 1:
                await app.close()
        if len(cycles) > 1:
            for mode, runs in figures.items():
                pooled = [ms for latencies, _ in runs for ms in latencies]
                print(
                    f"start-up {mode}, {len(runs)} fresh servers: p50 {statistics.median(pooled):.2f} ms, p95 "
                    f"{pct(pooled, 0.95):.2f} ms over all {len(pooled)} searches; per server p95 "
                    f"{', '.join(f'{pct(lat, 0.95):.2f}' for lat, _ in runs)} ms; reads per search "
                    f"{', '.join(f'{r:,.0f}' for _, r in runs)}"
                )
        keyword_ms = []
        for user, text in queries:  # the keyword stage alone, as the search calls it (same pool, same role)
            started = time.perf_counter()
            await user_read(app, user, KEYWORD_STAGE, (user, query_words(text), candidate_count(10)))
            keyword_ms.append((time.perf_counter() - started) * 1000)
        print(
            f"keyword stage alone (memory_text_hits, one round trip): p50 {statistics.median(keyword_ms):.2f} ms, "
            f"p95 {pct(keyword_ms, 0.95):.2f} ms (the same queries again: their pages are now in the buffers)"
        )
        if args.latency_only:
            return

        embedder = OfflineEmbeddings()
        recalls, ann_ms, exact_ms, references = [], [], [], []
        for user, text in queries:
            vector = embedder.embed_query(text)
            started = time.perf_counter()
            ann = await stream.nearest(user, vector, k=10)
            ann_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            exact = await stream.nearest(user, vector, k=10, exact=True)
            exact_ms.append((time.perf_counter() - started) * 1000)
            references.append((user, vector, exact[-1].similarity))
            recalls.append(hits_at(ann, exact[-1].similarity))
        sharing = await partition_sharing(pool, users)
        print(
            f"vector stage recall@10 vs exact scan: mean {statistics.mean(recalls):.4f}, "
            f"min {min(recalls):.2f} (n={len(recalls)}); vector stage p50 {statistics.median(ann_ms):.2f} ms, "
            f"exact scan p50 {statistics.median(exact_ms):.2f} ms (ef_search by partition size: "
            f"{by_sharing(recalls, references, sharing)})"
        )
        for ef in args.ef_search:
            recalls, ann_ms = await sweep_recall(app, references, ef, args.iterative_scan)
            print(
                f"  hnsw.ef_search {ef:>4} ({args.iterative_scan}): recall@10 mean {statistics.mean(recalls):.4f}, "
                f"min {min(recalls):.2f}; vector stage p50 {statistics.median(ann_ms):.2f} ms, "
                f"p95 {pct(ann_ms, 0.95):.2f} ms; {by_sharing(recalls, references, sharing)}"
            )

        plans: dict[str, int] = {"HNSW index": 0, "exact (primary key or seq scan)": 0}
        for user in users:
            async with user_transaction(app, user) as conn:
                await conn.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)")
                rows = await fetch_dicts(
                    conn,
                    "EXPLAIN " + NEAREST,
                    {
                        "user_id": user,
                        "query_vector": np.asarray(embedder.embed_query("battery"), dtype=np.float32),
                        "candidates": candidate_count(10),
                        "k": 10,
                    },
                )
                plan = " ".join(r["QUERY PLAN"] for r in rows)
            plans["HNSW index" if "embedding_idx" in plan else "exact (primary key or seq scan)"] += 1
        print("vector stage plan per user: " + ", ".join(f"{k} {v}" for k, v in plans.items()))
        await asyncio.sleep(1.0)  # statistics reach pg_stat views with a short delay
        async with pool.connection() as conn:
            [updates] = await fetch_dicts(
                conn,
                "SELECT sum(n_tup_upd)::bigint AS upd, sum(n_tup_hot_upd)::bigint AS hot FROM pg_stat_user_tables "
                "WHERE relname LIKE 'memories_p%'",
            )
        if updates["upd"]:
            print(
                f"candidate-count updates: {updates['upd']:,}, of which HOT (no index insert): "
                f"{100 * updates['hot'] / updates['upd']:.0f}%"
            )
    finally:
        if app is not None:
            await app.close()
        await pool.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100_000, help="memories to insert (e.g. 1000000)")
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--queries", type=int, default=300, help="timed searches (at least 200)")
    parser.add_argument("--batch", type=int, default=1000, help="memories per MemoryStream.add call")
    parser.add_argument(
        "--warm-up",
        type=int,
        default=0,
        help="searches of other queries before the timed ones (default 0: right after the server starts, shared "
        "buffers hold little; e.g. 600 measures a server that has been serving a while)",
    )
    parser.add_argument(
        "--start-up",
        type=lambda v: v.split(","),
        default=["service"],
        help="service (default, as the API and the SDK start): a pool of 4 connections each warmed "
        "(memory.prewarm.warm_connection) and the memory prewarm (memory.prewarm.prewarm), timed, then the searches; "
        "raw: a pool of 1-4 connections, one search per user before the timed ones (the server's buffers empty, no "
        "prewarm); serving: as the API starts, the same pool and the prewarm in the background while the timed "
        "searches run; raw,service: both, each on a freshly started server (embedded server only), --rounds times",
    )
    parser.add_argument(
        "--drop-os-cache",
        action="store_true",
        help="embedded server only: before each start, drop the OS page cache of the server's files (a cold machine)",
    )
    parser.add_argument("--rounds", type=int, default=1, help="with several --start-up: how many times each, in turn")
    parser.add_argument(
        "--prewarm-budget", type=float, default=DEFAULT_BUDGET_S, help="seconds the service start-up's prewarm may take"
    )
    parser.add_argument(
        "--latency-only",
        action="store_true",
        help="stop after the timed searches and the keyword stage (no recall, no plans): for A/B runs of settings",
    )
    parser.add_argument("--maintenance-work-mem", default="512MB", help="for the index builds")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--ef-search",
        type=lambda v: [int(x) for x in v.split(",")],
        default=[],
        help="also measure vector recall@10 at these hnsw.ef_search values, e.g. 40,100,200",
    )
    parser.add_argument(
        "--iterative-scan",
        default="relaxed_order",
        choices=["off", "relaxed_order", "strict_order"],
        help="hnsw.iterative_scan of the --ef-search sweep",
    )
    parser.add_argument("--m", type=int, help="HNSW build option m (default: the schema's)")
    parser.add_argument("--ef-construction", type=int, help="HNSW build option ef_construction (default: the schema's)")
    parser.add_argument("--keep", action="store_true", help="with DATABASE_URL: keep the scratch database")
    parser.add_argument("--reuse", metavar="NAME", help="with DATABASE_URL: search the kept database NAME again")
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="embedded server only: keep its folder here, and reuse the data built there by an earlier run",
    )
    parser.add_argument(
        "--shared-buffers",
        type=lambda v: v.split(","),
        default=[],
        help="embedded server only: e.g. 1GB (PostgreSQL's default is 128MB); 1GB,4GB alternates the sizes in each "
        "round, each on a freshly started server",
    )
    parser.add_argument(
        "--effective-cache-size",
        help="embedded server only: e.g. 12GB, what the OS may cache (PostgreSQL's default is 4GB); the prewarm "
        "reads the memory partitions' files into the OS cache up to it. Kept in the folder's configuration",
    )
    args = parser.parse_args()
    if args.queries < 200:
        parser.error("--queries must be at least 200 for a meaningful p95")
    if unknown := set(args.start_up) - {"raw", "service", "serving"}:
        parser.error(f"--start-up takes raw, service, serving or several, not {','.join(sorted(unknown))}")
    restarts = len(args.start_up) > 1 or args.rounds > 1 or args.drop_os_cache or len(args.shared_buffers) > 1
    if restarts and os.environ.get("DATABASE_URL"):
        parser.error("several --start-up or --rounds restart the server: embedded server only (no DATABASE_URL)")
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30 if hasattr(os, "sysconf") else 0
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {mem:.0f} GiB RAM, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}"
    )
    print("command: " + shlex.join([sys.executable.rsplit("/", 1)[-1], *sys.argv]))
    if admin := os.environ.get("DATABASE_URL"):
        if args.shared_buffers or args.data_dir or args.effective_cache_size:
            parser.error(
                "--shared-buffers, --effective-cache-size and --data-dir apply to the embedded server; "
                "DATABASE_URL is set"
            )
        if args.reuse:
            print(f"database: {args.reuse} on DATABASE_URL, kept from an earlier run (kept again)")
            await run(args, with_database(admin, args.reuse))
            return
        name = f"cognicore_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        print(f"database: scratch database {name} on DATABASE_URL ({'kept' if args.keep else 'dropped afterwards'})")
        try:
            await run(args, with_database(admin, name))
        finally:
            if args.keep:
                print(f"kept database {name}")
            else:
                with psycopg.connect(admin, autocommit=True) as conn:
                    conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        return
    elif args.reuse:
        parser.error("--reuse needs DATABASE_URL (for the embedded server, pass the same --data-dir)")
    settings = f"shared_buffers {','.join(args.shared_buffers)}" if args.shared_buffers else "default settings"
    if args.data_dir:
        args.data_dir.mkdir(parents=True, exist_ok=True)
        print(f"database: embedded PostgreSQL (pgserver) in {args.data_dir} (kept), {settings}")
        await run_embedded(args, args.data_dir.resolve())
        return
    with tempfile.TemporaryDirectory(prefix="cognicore-bench-") as tmp:
        print(f"database: embedded PostgreSQL (pgserver) in a temporary folder, {settings}")
        await run_embedded(args, Path(tmp))


async def run_embedded(args: argparse.Namespace, folder: Path) -> None:
    """Start the embedded server in `folder` (with `--shared-buffers` if given), run, stop it."""
    try:
        url = await start_embedded(folder)
        if args.effective_cache_size:  # kept in the folder's configuration, read at once (no restart)
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(
                    sql.SQL("ALTER SYSTEM SET effective_cache_size = {}").format(sql.Literal(args.effective_cache_size))
                )
                conn.execute("SELECT pg_reload_conf()")
        if args.shared_buffers and not pin_shared_buffers(url, args.shared_buffers[0]):
            await asyncio.to_thread(stop_embedded, folder)  # a server setting: it takes a restart
            url = await start_embedded(folder)

        async def restart(size: str | None) -> str:
            if size:  # every start rewrites the setting (cognicore.database): pin it again
                pin_shared_buffers(url, size)
            await asyncio.to_thread(stop_embedded, folder)
            if args.drop_os_cache:
                print(f"OS page cache of the server's files dropped: {drop_os_cache(folder) / 2**30:.2f} GiB of files")
            return await start_embedded(folder)

        await run(args, url, restart)
    finally:
        await asyncio.to_thread(stop_embedded, folder)


def pin_shared_buffers(url: str, size: str) -> bool:
    """Write `shared_buffers = size` for the server's next start; whether the running server already has it.

    The embedded server's start-up (`cognicore.database`) writes its own default on every start, so a benchmark
    of another size writes it again before each restart (`run` prints the size each server started with).
    """
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT pg_size_bytes(current_setting('shared_buffers')) = pg_size_bytes(%s)", (size,)
        ).fetchone()
        conn.execute(sql.SQL("ALTER SYSTEM SET shared_buffers = {}").format(sql.Literal(size)))
    return bool(row and row[0])


def drop_os_cache(folder: Path) -> int:
    """Ask the kernel to drop its cached pages of every file under `folder` (a stopped server's); their size.

    `posix_fadvise(DONTNEED)` on these files only, as after a reboot, without touching the rest of the machine's
    cache (other processes' files stay cached).
    """
    total = 0
    for path in folder.rglob("*"):
        if path.is_file():
            fd = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                total += os.fstat(fd).st_size
            finally:
                os.close(fd)
    return total


def stop_embedded(data_dir: Path) -> None:
    """Stop the bench's own server (the handle `start_embedded` opened) before its folder goes."""
    import pgserver

    pgserver.get_server(data_dir / "pgdata", cleanup_mode="stop").cleanup()


if __name__ == "__main__":
    asyncio.run(main())
