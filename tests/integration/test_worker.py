"""`cognicore worker` as real processes on the embedded PostgreSQL: each scheduled job once, a killed job resumed."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import jobs
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore
from cognicore.memory.tenancy import user_transaction
from cognicore.settings import Settings
from cognicore.worker import MAINTENANCE_TASK, QUEUE, build_job_app

U = "worker-alice"
ROOT = Path(__file__).resolve().parents[2]


def _env(db_url: str, data_dir: Path, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "COGNICORE_GOOGLE_API_KEY")}
    env |= {"DATABASE_URL": db_url, "COGNICORE_DATA_DIR": str(data_dir), "NO_COLOR": "1", "COGNICORE_DEBUG": "1"}
    # No schedule unless a test sets one.
    env |= {f"COGNICORE_JOBS_{job}_CRON": "" for job in ("NIGHTLY", "WEEKLY", "MONTHLY", "PRUNE")}
    return env | {f"COGNICORE_{k.upper()}": v for k, v in settings.items()}


async def _start_worker(env: dict[str, str], name: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cognicore.cli",
        "worker",
        "--heartbeat",
        "1",
        "--name",
        name,
        env=env,
        cwd=ROOT,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


async def _rows(pool: AsyncConnectionPool, query: str, params: Any = None) -> list[dict[str, Any]]:
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(query, params)
        return await cur.fetchall()


async def _until(what: Callable[[], Awaitable[bool]], within_s: float, procs: list[asyncio.subprocess.Process]) -> None:
    deadline = time.monotonic() + within_s
    while not await what():
        for proc in procs:
            if proc.returncode is not None:
                err = await proc.stderr.read() if proc.stderr else b""
                raise AssertionError(f"a worker exited with {proc.returncode}: {err.decode()[-3000:]}")
        assert time.monotonic() < deadline, "timed out waiting for the workers"
        await asyncio.sleep(0.5)


async def _stop(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(proc.wait(), timeout=30)
        except TimeoutError:
            proc.kill()
            await proc.wait()


async def _facts(pool: AsyncConnectionPool) -> None:
    for i, text in enumerate(("I prefer tea.", "I live in Lisbon.")):
        await jobs.enqueue_turn(
            pool, user_id=U, session_id="s", round=i + 1, user_message=text, assistant_message="Noted."
        )
    facts = FactStore(pool, OfflineEmbeddings())
    report = await jobs.process(pool, {jobs.EXTRACT_TURN: jobs.make_extract_handler(OfflineFactExtractor(), facts)})
    assert report.done == 2


async def test_two_workers_started_together_run_each_scheduled_job_once(
    pool: AsyncConnectionPool, db_url: str, data_dir: Path
) -> None:
    await _facts(pool)
    # Left in the extraction queue: a worker drains it.
    await jobs.enqueue_turn(
        pool, user_id=U, session_id="s", round=3, user_message="I work in Porto.", assistant_message="Ok."
    )
    # Every 5 seconds (procrastinate's sixth cron field is seconds), so a few ticks pass during the test.
    env = _env(db_url, data_dir, jobs_nightly_cron="* * * * * */5")
    workers = [await _start_worker(env, f"w{i}") for i in (1, 2)]
    try:

        async def both_busy_for_three_ticks() -> bool:
            alive = await _rows(pool, "SELECT count(*)::int AS n FROM cognicore_jobs.procrastinate_workers")
            done = await _rows(
                pool, "SELECT count(*)::int AS n FROM cognicore_jobs.maintenance_runs WHERE status = 'done'"
            )
            return alive[0]["n"] >= 2 and done[0]["n"] >= 3

        await _until(both_busy_for_three_ticks, 180, workers)
    finally:
        for proc in workers:
            await _stop(proc)
    queued = await _rows(
        pool,
        "SELECT id, status::text AS status, args ->> 'timestamp' AS tick FROM cognicore_jobs.procrastinate_jobs "
        "WHERE task_name = %s",
        (MAINTENANCE_TASK,),
    )
    runs = await _rows(pool, "SELECT period, status, attempts FROM cognicore_jobs.maintenance_runs")
    # One queued job per tick, whichever worker deferred it; one ledger run per tick, done in one attempt.
    assert len(queued) == len({q["tick"] for q in queued}) >= 3
    finished = [r for r in runs if r["status"] == "done"]
    assert len(finished) == len({r["period"] for r in finished}) >= 3
    assert all(r["attempts"] == 1 for r in runs)
    assert all(q["status"] in ("succeeded", "todo", "doing") for q in queued)
    progress = await _rows(
        pool,
        "SELECT run_id, step, user_id, count(*)::int AS n FROM cognicore_jobs.maintenance_progress GROUP BY 1, 2, 3",
    )
    assert progress and all(p["n"] == 1 for p in progress)
    assert [j.status for j in await jobs.list_jobs(pool, U)] == ["done"] * 3


async def test_a_worker_killed_mid_job_is_replaced_and_the_job_completes_once(
    pool: AsyncConnectionPool, db_url: str, data_dir: Path
) -> None:
    await _facts(pool)
    async with user_transaction(pool, U) as conn:
        await conn.execute("UPDATE facts SET confidence = 0.8, updated_at = now() - interval '30 days'")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    jobs_app = build_job_app(db_url, settings, schedule=False)
    async with jobs_app.open_async():
        job_id = await jobs_app.configure_task(
            MAINTENANCE_TASK, queue=QUEUE, lock="maintenance:weekly", task_kwargs={"job": "weekly", "period": "w-kill"}
        ).defer_async()
    env = _env(db_url, data_dir)
    # The last weekly step (clean_orphans) writes fact_categories: hold a lock there so the job stops mid-way.
    async with pool.connection() as blocker:
        await blocker.execute("BEGIN")
        await blocker.execute("LOCK TABLE fact_categories IN EXCLUSIVE MODE")
        first = await _start_worker(env, "doomed")

        async def three_steps_done() -> bool:
            rows = await _rows(pool, "SELECT count(*)::int AS n FROM cognicore_jobs.maintenance_progress")
            return rows[0]["n"] >= 3

        try:
            await _until(three_steps_done, 180, [first])
            [running] = await _rows(pool, "SELECT status, attempts FROM cognicore_jobs.maintenance_runs")
            assert (running["status"], running["attempts"]) == ("running", 1)
        finally:
            first.kill()  # SIGKILL: no cleanup, no status update
            await first.wait()
        await blocker.execute("ROLLBACK")
    second = await _start_worker(env, "replacement")
    try:

        async def finished() -> bool:
            rows = await _rows(pool, "SELECT status FROM cognicore_jobs.maintenance_runs")
            return rows[0]["status"] == "done"

        await _until(finished, 180, [second])
    finally:
        await _stop(second)
    [run] = await _rows(pool, "SELECT status, attempts, report FROM cognicore_jobs.maintenance_runs")
    assert (run["status"], run["attempts"]) == ("done", 2)
    assert run["report"]["skipped"] == {"time_decay": 1, "archive_stale": 1, "consolidate": 1}
    progress = await _rows(pool, "SELECT step, count(*)::int AS n FROM cognicore_jobs.maintenance_progress GROUP BY 1")
    assert {p["step"]: p["n"] for p in progress} == dict.fromkeys(
        ("time_decay", "archive_stale", "consolidate", "clean_orphans"), 1
    )
    [job] = await _rows(
        pool, "SELECT status::text AS status FROM cognicore_jobs.procrastinate_jobs WHERE id = %s", (job_id,)
    )
    assert job["status"] == "succeeded"
    async with user_transaction(pool, U) as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute("SELECT confidence FROM facts")
        # Decayed once over its 30 days (one half-life), not twice.
        assert all(abs(float(r["confidence"]) - 0.4) < 0.01 for r in await cur.fetchall())
