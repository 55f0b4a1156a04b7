"""Fact extraction on its own queue (`memory.jobs`) or on procrastinate's: what each costs a turn and a drain.

The question (issue 10.6): should the per-user extraction queue move onto procrastinate, which already runs
the maintenance jobs? Measured here on one database, interleaved A/B, N turns each:

- enqueue: the turn's write (`record_turn` writes the round and queues its extraction in one transaction);
  A queues into `memory_jobs` inside that transaction, B defers a procrastinate job after it commits
  (procrastinate defers on its own connection, so it cannot join the turn's transaction);
- drain: N queued no-op jobs run to the end, A by `memory.jobs.process`, B by a procrastinate worker
  (`run_worker_async(wait=False)`).

Run: `python bench/extraction_queue.py [--turns 200]` (an embedded server in a temporary folder, or a
scratch database on the server of DATABASE_URL). Prints medians and totals; the README quotes them.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import procrastinate
from procrastinate import PsycopgConnector
from scratch_db import scratch_database

from cognicore.database import migrate, open_pool
from cognicore.jobs_schema import JOBS_SEARCH_PATH
from cognicore.memory.conversation import ConversationLog
from cognicore.memory.jobs import EXTRACT_TURN, Job, enqueue_turn, process
from cognicore.memory.tenancy import user_transaction
from cognicore.schema import COMPONENTS

USER = "bench"
TEXT = "We moved the quarterly review to the second Monday of the month, and Dana now owns the budget."


async def _noop(job: Job) -> dict[str, Any]:
    return {}


def _job_app(url: str) -> procrastinate.App:
    jobs = procrastinate.App(
        connector=PsycopgConnector(conninfo=url, kwargs={"options": JOBS_SEARCH_PATH}, min_size=1, max_size=2)
    )

    @jobs.task(name="bench.extract_turn", queue="bench_extraction")
    async def extract_turn(
        user_id: str, session_id: str, round: int, user_message: str, assistant_message: str
    ) -> None:
        return None

    return jobs


async def measure(url: str, turns: int) -> dict[str, Any]:
    """Interleaved A/B timings of enqueue and drain; returns medians (ms) and totals (s)."""
    pool = await open_pool(url, max_size=4)
    await migrate(pool, COMPONENTS)
    jobs = _job_app(url)
    log = ConversationLog(pool)
    own: list[float] = []
    lib: list[float] = []
    try:
        async with jobs.open_async():
            session = f"b-{uuid.uuid4().hex[:6]}"
            for i in range(turns):

                async def a() -> None:
                    async with user_transaction(pool, USER) as conn:
                        n = await log.append_round(
                            user_id=USER, session_id=session, request=TEXT, answer="Noted.", conn=conn
                        )
                        await enqueue_turn(
                            conn,
                            user_id=USER,
                            session_id=session,
                            round=n,
                            user_message=TEXT,
                            assistant_message="Noted.",
                        )

                async def b() -> None:
                    async with user_transaction(pool, USER) as conn:
                        n = await log.append_round(
                            user_id=USER, session_id=session, request=TEXT, answer="Noted.", conn=conn
                        )
                    # After the commit, on procrastinate's own connection: not atomic with the turn.
                    await jobs.configure_task("bench.extract_turn").defer_async(
                        user_id=USER, session_id=session, round=n, user_message=TEXT, assistant_message="Noted."
                    )

                first, second = (a, b) if i % 2 == 0 else (b, a)
                for work in (first, second):
                    started = time.perf_counter()
                    await work()
                    (own if work is a else lib).append((time.perf_counter() - started) * 1000)
            drain_own = await _timed(lambda: _drain_own(pool, turns))
            drain_lib = await _timed(
                lambda: jobs.run_worker_async(queues=["bench_extraction"], wait=False, install_signal_handlers=False)
            )
    finally:
        await pool.close()
    return {
        "turns": turns,
        "enqueue_ms_median": {"memory_jobs": statistics.median(own), "procrastinate": statistics.median(lib)},
        "enqueue_ms_p95": {"memory_jobs": _p95(own), "procrastinate": _p95(lib)},
        "drain_s": {"memory_jobs": drain_own, "procrastinate": drain_lib},
    }


async def _drain_own(pool: Any, turns: int) -> None:
    done = 0
    while done < turns:
        report = await process(pool, {EXTRACT_TURN: _noop}, limit=100)
        if report.claimed == 0:
            break
        done += report.done
    assert done == turns, f"drained {done} of {turns}"


async def _timed(work: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await work()
    return time.perf_counter() - started


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()

    async def run(url: str) -> None:
        out = await measure(url, args.turns)
        print(f"{out['turns']} turns each, interleaved")
        for key in ("enqueue_ms_median", "enqueue_ms_p95", "drain_s"):
            own, lib = out[key]["memory_jobs"], out[key]["procrastinate"]
            print(f"{key:>18}: memory_jobs {own:8.2f}   procrastinate {lib:8.2f}   ratio {lib / own:5.2f}")

    async with scratch_database("cognicore_queue") as url:
        await run(url)


if __name__ == "__main__":
    asyncio.run(main())
