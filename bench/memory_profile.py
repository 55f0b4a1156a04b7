"""Where the time of one `MemoryStream.search(k=10)` goes, part by part, on data `bench/memory.py` built and kept.

    python bench/memory_profile.py --data-dir /var/tmp/p3/bench-100k [--queries 300]

Joins (or starts) the embedded server of that folder and runs the bench's queries as `cognicore_app` on one
warmed connection, after the memory prewarm, each search's statements sent as `MemoryStream.search` sends them
(one pipeline segment) with `clock_timestamp()` read between them, and prints p50/p95 of each part:

- wall times in the client: the query embedding, the parameters, the pool's acquire, the pipeline (tenant and
  search statements, their answers), fetching the rows with the connection's return, decoding them to hits;
- server times between the timestamps: the search statement (parse, plan, the function, the rows sent);
- CPU: the server process's, from /proc/<pid>/schedstat, and the client thread's (`time.thread_time`). On a loaded
  machine wall times include waiting for a core; CPU times do not, so they compare across load, and on an idle
  machine a search's latency is about their sum.

Then the same searches counted (not `quiet`) in blocks against quiet ones: the client and server CPU the batched
candidate-count write adds per search (it runs on the searches' event loop and on other connections).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
from psycopg.rows import dict_row

from cognicore.database import open_pool, start_embedded
from cognicore.memory import clock
from cognicore.memory._search_sql import SEARCH
from cognicore.memory._stream_rows import filter_params, hit
from cognicore.memory._stream_sql import CANDIDATES
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.prewarm import prewarm, warm_connection
from cognicore.memory.retrieval import RRF_K, query_words
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream import MemoryStream
from cognicore.memory.tenancy import APP_ROLE, SET_TENANT
from cognicore.roles import grant_app_role, open_app_pool, reader_url

NOW = "SELECT clock_timestamp() AS t"


def _bench_memory() -> Any:
    """bench/memory.py as a module (its queries and percentile): not importable as `memory`, the package's name."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_memory", Path(__file__).with_name("memory.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench_memory()
pct, query_text = BENCH.pct, BENCH.query_text


def cpu_ms(pid: int) -> float:
    """CPU time a process has used so far, in ms (Linux: the first field of /proc/<pid>/schedstat, in ns)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e6


async def parts(app: Any, queries: list[tuple[str, str]]) -> dict[str, list[float]]:
    """Each search split into its parts (ms), on the pool's one connection."""
    embedder, scoring = OfflineEmbeddings(), Scoring()
    async with app.connection() as conn:
        pid = conn.info.backend_pid
    found: dict[str, list[float]] = {}

    def add(name: str, ms: float) -> None:
        found.setdefault(name, []).append(ms)

    for user, text in queries:
        server, client = cpu_ms(pid), time.thread_time()
        t0 = time.perf_counter()
        vector = np.asarray(await embedder.aembed_query(text), dtype=np.float32)
        t1 = time.perf_counter()
        params = {
            "user_id": user, "query_vector": vector, "query_words": query_words(text), "candidates": CANDIDATES,
            "rrf_k": RRF_K, "k": 10, "min_similarity": 0.1, "session_id": None, "session_first": False,
            "as_of": None, "now": clock.now(), "perspective": None,
            **filter_params(None, None, None, None, "active", None),
            "alpha": scoring.alpha, "beta": scoring.beta, "gamma": scoring.gamma, "delta": scoring.delta,
            "decay": scoring.decay,
        }  # fmt: skip
        t2 = time.perf_counter()
        async with app.connection() as conn:
            t3 = time.perf_counter()
            rows_cur, before, after = conn.cursor(row_factory=dict_row), conn.cursor(), conn.cursor()
            async with conn.pipeline():
                await conn.execute(SET_TENANT, (user,))
                await before.execute(NOW)
                await rows_cur.execute(SEARCH, params)
                await after.execute(NOW)
            t4 = time.perf_counter()
            rows = await rows_cur.fetchall()
            started, ended = (await before.fetchone())["t"], (await after.fetchone())["t"]
        t5 = time.perf_counter()
        hits = [hit(r) for r in rows]
        t6 = time.perf_counter()
        assert hits, (user, text)
        add("query embedding (client)", (t1 - t0) * 1000)
        add("parameters (client)", (t2 - t1) * 1000)
        add("pool acquire (client)", (t3 - t2) * 1000)
        add("pipeline: statements and answers", (t4 - t3) * 1000)
        add("  search statement (server)", (ended - started).total_seconds() * 1000)
        add("fetch rows, return connection", (t5 - t4) * 1000)
        add("decode hits (client)", (t6 - t5) * 1000)
        add("whole search (wall)", (t6 - t0) * 1000)
        add("CPU: server process", cpu_ms(pid) - server)
        add("CPU: client thread", (time.thread_time() - client) * 1000)
    return found


async def count_cost(app: Any, queries: list[tuple[str, str]], rounds: int) -> dict[str, tuple[float, float]]:
    """Client and server CPU per search (ms) of quiet and counted searches, in alternating blocks."""
    async with app.connection() as conn:
        rows = await (await conn.execute("SELECT pid FROM pg_stat_activity WHERE usename = %s", (APP_ROLE,))).fetchall()
    pids = [r["pid"] for r in rows]
    stream = MemoryStream(app, OfflineEmbeddings())
    cost: dict[str, list[tuple[float, float]]] = {"quiet": [], "counted": []}
    for r in range(rounds):
        for mode in ("quiet", "counted") if r % 2 == 0 else ("counted", "quiet"):
            server, client = sum(cpu_ms(p) for p in pids), time.process_time()
            for user, text in queries:
                await stream.search(user, text, k=10, quiet=mode == "quiet")
            await stream.flush_counts()
            n = len(queries)
            cost[mode].append(((time.process_time() - client) * 1000 / n, (sum(cpu_ms(p) for p in pids) - server) / n))
    return {m: (statistics.mean(c for c, _ in v), statistics.mean(s for _, s in v)) for m, v in cost.items()}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, required=True, help="a folder bench/memory.py --data-dir built")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--users", type=int, default=20, help="as the data was built with")
    parser.add_argument("--seed", type=int, default=7, help="as bench/memory.py: its timed queries")
    parser.add_argument("--count-rounds", type=int, default=4, help="blocks of quiet and counted searches, each")
    args = parser.parse_args()
    url = await start_embedded(args.data_dir.resolve())
    owner = await open_pool(url, max_size=1)
    await grant_app_role(owner)
    app = await open_app_pool(reader_url(url, APP_ROLE), min_size=1, max_size=1, warm=warm_connection)
    try:
        report = await prewarm(app, budget_s=120)
        print(f"prewarm: {report.read_blocks:,} blocks in {report.seconds:.1f} s")
        qrng = random.Random(args.seed + 1)
        users = [f"user{u:02d}" for u in range(args.users)]
        queries = [(qrng.choice(users), query_text(qrng)) for _ in range(args.queries)]
        await parts(app, queries[:20])  # caches and plans, not timed
        for name, ms in (await parts(app, queries)).items():
            print(f"{name:36s} p50 {statistics.median(ms):7.3f} ms   p95 {pct(ms, 0.95):7.3f} ms")
        await app.close()
        app = await open_app_pool(reader_url(url, APP_ROLE), min_size=4, max_size=4, warm=warm_connection)
        cost = await count_cost(app, queries[:100], args.count_rounds)
        quiet, counted = cost["quiet"], cost["counted"]
        print(
            f"candidate-count write, CPU per search: client +{counted[0] - quiet[0]:.3f} ms "
            f"({quiet[0]:.3f} quiet, {counted[0]:.3f} counted), server processes +{counted[1] - quiet[1]:.3f} ms "
            f"({quiet[1]:.3f} quiet, {counted[1]:.3f} counted)"
        )
    finally:
        await app.close()
        await owner.close()


if __name__ == "__main__":
    asyncio.run(main())
