"""Benchmark of `cognicore serve` under concurrent load, beside one CLI process per request (prints figures).

    python bench/service.py [--workers 4] [--clients 32] [--seconds 120] [--cli-requests 3]

On an embedded PostgreSQL (or DATABASE_URL), offline engine: seeds the demo data, starts the API with
`--workers` processes, and lets `--clients` concurrent clients (8 API users) send a mix of knowledge
questions, report tasks, memory searches and ingested messages for `--seconds`. Prints throughput, p50
and p95 per kind, then counts in the database that every answered run has exactly one run record, one user
and one assistant turn, and one user and one assistant memory, and every ingested message exactly one
memory (nothing lost, nothing doubled). Then the same kinds of
request through one `cognicore` process each, for the side-by-side latency.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from psycopg.rows import dict_row

from cognicore.app import database_url, grant_sql_schemas, open_app
from cognicore.demo import seed_demo
from cognicore.settings import Settings
from cognicore.users import add_user

QUESTION = "What is the return policy for opened headphones?"
TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
MEMORY_QUERY = "headphones return policy"
# Per client, in turn: two questions, two memory searches, one ingested message, one task.
MIX = ("question", "memory", "ingest", "question", "task", "memory")
USERS = 8

_CHECKS = """
WITH r AS (SELECT unnest(%(ids)s::text[]) AS id)
SELECT
  (SELECT count(*) FROM r WHERE NOT EXISTS (SELECT 1 FROM runs WHERE runs.id = r.id)) AS runs_lost,
  (SELECT count(*) FROM runs WHERE user_id LIKE 'bench-%%') - (SELECT count(DISTINCT id) FROM r) AS runs_extra,
  (SELECT count(*) FROM r WHERE (SELECT count(*) FROM conversation_turns t WHERE t.run_id = r.id) < 2) AS turns_lost,
  (SELECT count(*) FROM (SELECT run_id, speaker FROM conversation_turns WHERE run_id IN (SELECT id FROM r)
                         GROUP BY 1, 2 HAVING count(*) > 1) d) AS turns_doubled,
  (SELECT count(*) FROM r WHERE (SELECT count(*) FROM memories m WHERE m.metadata->>'run_id' = r.id
                                 AND m.metadata ? 'speaker') < 2) AS memories_lost,
  (SELECT count(*) FROM (SELECT 1 FROM memories WHERE metadata->>'run_id' IN (SELECT id FROM r)
                         GROUP BY metadata->>'run_id', metadata->>'speaker', metadata->>'step', kind
                         HAVING count(*) > 1) d) AS memories_doubled,
  (SELECT count(*) FROM memories WHERE metadata->>'run_id' IN (SELECT id FROM r)) AS memories,
  (SELECT count(*) FROM unnest(%(notes)s::text[]) n(t)
   WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.content = 'user: ' || n.t)) AS messages_lost,
  (SELECT count(*) FROM (SELECT content FROM memories
                         WHERE content IN (SELECT 'user: ' || t FROM unnest(%(notes)s::text[]) t)
                         GROUP BY content HAVING count(*) > 1) d) AS messages_doubled
"""


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


async def prepare(settings: Settings) -> list[str]:
    """Seed the demo data and create the API users; return their keys."""
    async with open_app(settings) as app:
        await seed_demo(app.admin_pool, app.knowledge)
        await grant_sql_schemas(app)
        return [(await add_user(app.pool, f"bench-{i}")).token for i in range(USERS)]


async def client(n: int, url: str, keys: list[str], until: float, out: list[dict[str, Any]]) -> None:
    """One client: its own session, the mix in turn, until the deadline."""
    user = n % len(keys)
    headers = {"Authorization": f"Bearer {keys[user]}"}
    session = f"bench-c{n}"
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=300) as http:
        i = n  # clients start at different points of the mix
        while time.monotonic() < until:
            kind = MIX[i % len(MIX)]
            i += 1
            started = time.perf_counter()
            try:
                note = None
                if kind == "memory":
                    response = await http.get("/v1/memory/search", params={"q": MEMORY_QUERY, "k": 5})
                elif kind == "ingest":
                    note = f"Bench note {n}-{i}: the weekly briefing goes out on Mondays."
                    response = await http.post("/v1/memory/messages", json={"text": note, "session": session})
                else:
                    text = QUESTION if kind == "question" else TASK
                    response = await http.post("/v1/ask", json={"request": text, "session": session})
            except httpx.TransportError as exc:  # a dropped connection counts as a failed request
                out.append({"kind": kind, "ms": 0.0, "status": type(exc).__name__, "run_id": None})
                continue
            ms = (time.perf_counter() - started) * 1000
            ok = response.status_code == 200
            run_id = response.json().get("run_id") if kind in ("question", "task") and ok else None
            out.append({"kind": kind, "ms": ms, "status": response.status_code, "run_id": run_id, "note": note})


async def load(url: str, keys: list[str], *, clients: int, seconds: float) -> tuple[list[dict[str, Any]], float]:
    """Run the clients concurrently; return every request's record and the wall time."""
    out: list[dict[str, Any]] = []
    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(*(client(n, url, keys, until, out) for n in range(clients)))
    return out, time.monotonic() - started


async def check(settings: Settings, run_ids: list[str], notes: list[str]) -> dict[str, int]:
    """Count lost and doubled runs, turns, memories and ingested messages (as the owner: every user's rows)."""
    await asyncio.sleep(2)  # post-reply memory work of the last requests
    async with open_app(settings, check_embeddings=False) as app:
        async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_CHECKS, {"ids": run_ids, "notes": notes})
            row = await cur.fetchone()
    return dict(row or {})


def start_server(env: dict[str, str], port: int, workers: int, log: Path) -> subprocess.Popen[bytes]:
    """`cognicore serve` in a subprocess; returns once /readyz answers 200."""
    command = [sys.executable, "-m", "cognicore.cli", "serve", "--port", str(port), "--workers", str(workers)]
    with log.open("wb") as sink:
        proc = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    proc.terminate()
    raise SystemExit("server not ready after 300 s")


def cli_side(env: dict[str, str], count: int) -> dict[str, list[float]]:
    """The same kinds of request through one `cognicore` process each."""
    times: dict[str, list[float]] = {"question": [], "task": [], "memory": []}
    base = [sys.executable, "-m", "cognicore.cli"]
    for i in range(count):
        for kind, args in (
            ("question", ["ask", "--json", "--user", "bench-cli", "--session", f"cli-q{i}", QUESTION]),
            ("task", ["ask", "--json", "--user", "bench-cli", "--session", f"cli-t{i}", TASK]),
            ("memory", ["memory", "search", "--json", "--user", "bench-cli", MEMORY_QUERY]),
        ):
            started = time.perf_counter()
            done = subprocess.run([*base, *args], env=env, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"cognicore {' '.join(args)} failed: {done.stderr[-2000:] or done.stdout[-2000:]}")
            times[kind].append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--cli-requests", type=int, default=3, help="CLI processes per kind")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--server-log", default=str(Path(tempfile.gettempdir()) / "cognicore-bench-server.log"))
    args = parser.parse_args()
    os.environ.pop("GOOGLE_API_KEY", None)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("COGNICORE_DATA_DIR", tmp)
        settings = Settings()
        url = asyncio.run(database_url(settings))
        os.environ["DATABASE_URL"] = url
        settings = Settings()
        keys = asyncio.run(prepare(settings))
        env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(dir=tmp)}
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
            f"{args.workers} workers, {args.clients} clients, {args.seconds:g} s, offline engine"
        )
        log = Path(args.server_log)
        proc = start_server(env, args.port, args.workers, log)
        try:
            records, wall = asyncio.run(
                load(f"http://127.0.0.1:{args.port}", keys, clients=args.clients, seconds=args.seconds)
            )
        finally:
            proc.terminate()
            proc.wait(timeout=60)
        ok = [r for r in records if r["status"] == 200]
        failed = {str(s): sum(r["status"] == s for r in records) for s in {r["status"] for r in records} - {200}}
        print(f"API: {len(records)} requests in {wall:.1f} s = {len(ok) / wall:.2f} ok/s; non-200: {failed}")
        for kind in ("question", "task", "memory", "ingest"):
            ms = [r["ms"] for r in ok if r["kind"] == kind]
            if ms:
                print(f"  {kind:8} n={len(ms):4}  p50 {statistics.median(ms):7.0f} ms  p95 {pct(ms, 0.95):7.0f} ms")
        errors = [line for line in log.read_text(errors="replace").splitlines() if line.startswith("internal error")]
        print(f"server log {log}: {len(errors)} internal error(s)" + (f", first: {errors[0]}" if errors else ""))
        run_ids = [r["run_id"] for r in ok if r["run_id"]]
        notes = [r["note"] for r in ok if r["note"]]
        counts = asyncio.run(check(settings, run_ids, notes))
        print(f"database after the load ({len(run_ids)} answered runs, {len(notes)} messages): {json.dumps(counts)}")
        if args.cli_requests:
            cli = cli_side(env, args.cli_requests)
            print("CLI, one process per request:")
            for kind, ms in cli.items():
                print(f"  {kind:8} n={len(ms):4}  p50 {statistics.median(ms):7.0f} ms  max {max(ms):7.0f} ms")


if __name__ == "__main__":
    main()
