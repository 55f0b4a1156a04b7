"""`cognicore worker`: one process that drains fact extraction and runs the maintenance schedule.

The schedule and the maintenance queue are procrastinate's (a PostgreSQL job library): each scheduled job
(`JOBS`, with its cron from the settings) is deferred once per tick however many workers run, because
procrastinate records each (task, schedule, tick) under a unique constraint; a job carries a `lock`, so two
jobs of one name never run at once, and its slot (the tick), so the ledger of `cognicore.maintenance`
completes each slot once. Workers beat a heartbeat; a job whose worker stopped beating (a `kill -9`) is
put back in the queue by the next worker that looks, and resumes its slot where it stopped.

Fact extraction keeps its own per-user queue (`memory.jobs`): its rows hold what users said, so they stay
under row-level security, are enqueued in the turn's own transaction, and are drained right after a reply
by the process that answered; the worker drains whatever is left every `worker_poll_s` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import procrastinate
from procrastinate import JobContext, PsycopgConnector, RetryStrategy
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.jobs_schema import JOBS_SEARCH_PATH
from cognicore.maintenance import JOBS, job_status, resolve_job, run_job
from cognicore.memory.jobs import EXTRACT_TURN, make_extract_handler, process
from cognicore.settings import Settings

__all__ = ["MAINTENANCE_TASK", "build_job_app", "defer_job", "jobs_status", "open_job_app", "run_worker", "schedules"]

log = logging.getLogger(__name__)

MAINTENANCE_TASK = "cognicore.maintenance"
QUEUE = "maintenance"


def schedules(settings: Settings) -> dict[str, str]:
    """Each scheduled job's cron expression (UTC), from the settings."""
    return {
        "nightly": settings.jobs_nightly_cron,
        "weekly": settings.jobs_weekly_cron,
        "monthly": settings.jobs_monthly_cron,
        "prune": settings.jobs_prune_cron,
    }


def build_job_app(url: str, settings: Settings, *, schedule: bool = True) -> procrastinate.App:
    """The procrastinate app on the owner's database `url`: the maintenance task and, with `schedule`, its crons."""
    jobs = procrastinate.App(
        connector=PsycopgConnector(conninfo=url, kwargs={"options": JOBS_SEARCH_PATH}, min_size=1, max_size=4)
    )

    # A job that fails (not a crashed worker: that one is requeued as stalled) is tried again twice, a minute apart.
    @jobs.task(name=MAINTENANCE_TASK, queue=QUEUE, pass_context=True, retry=RetryStrategy(max_attempts=3, wait=60))
    async def maintenance(context: JobContext, timestamp: int = 0, job: str = "", period: str | None = None) -> Any:
        # `timestamp` is the scheduled tick (procrastinate passes it to periodic jobs); 0: an on-demand job.
        app: App = context.additional_context["app"]
        slot = period or (_slot(timestamp) if timestamp else None)
        # `JobBusy` (the job runs in another process, e.g. `jobs run`) fails this attempt like any error: the
        # retry strategy tries the slot again a minute later, when it resumes or finds it done.
        report = await run_job(app, job, period=slot)
        return report.to_json()

    if schedule:
        for name, cron in schedules(settings).items():
            if cron.strip():
                jobs.periodic(cron=cron, periodic_id=name, task_kwargs={"job": name}, lock=f"maintenance:{name}")(
                    maintenance
                )
    return jobs


def _slot(timestamp: int) -> str:
    """The ledger slot of a scheduled tick: its UTC time, the same in every worker."""
    return "scheduled " + datetime.fromtimestamp(timestamp, UTC).isoformat()


@asynccontextmanager
async def open_job_app(app: App, *, schedule: bool = False) -> AsyncIterator[procrastinate.App]:
    """The procrastinate app of `app`'s deployment, open on the owner's database, closed after."""
    jobs = build_job_app(_owner_url(app.admin_pool), app.settings, schedule=schedule)
    async with jobs.open_async():
        yield jobs


def _owner_url(pool: AsyncConnectionPool) -> str:
    return str(pool.conninfo)


async def defer_job(app: App, name: str) -> int:
    """Queue job (or step) `name` for a worker to run now, as an on-demand slot; return the queue's job id."""
    resolve_job(name)  # an unknown name fails here, naming the known ones
    async with open_job_app(app) as jobs:
        return await jobs.configure_task(
            MAINTENANCE_TASK, queue=QUEUE, lock=f"maintenance:{name}", task_kwargs={"job": name}
        ).defer_async()


async def jobs_status(app: App) -> dict[str, Any]:
    """Recent maintenance runs per job, the queue by task and status, the extraction backlog, the schedule."""
    status = await job_status(app.admin_pool)
    status["schedule"] = schedules(app.settings)
    status["jobs"] = {name: list(steps) for name, steps in JOBS.items()}
    return status


async def _every(seconds: float, what: Callable[[], Awaitable[object]], name: str) -> None:
    """Run `what` every `seconds` until cancelled; a failure is logged and tried again next time."""
    while True:
        try:
            await what()
        except Exception:  # the loop must outlive one bad round; the error is in the log
            log.exception("worker: %s failed; trying again in %.0f s", name, seconds)
        await asyncio.sleep(seconds)


async def _requeue_stalled(jobs: procrastinate.App, stalled_after_s: float) -> int:
    """Put back in the queue the jobs of workers whose heartbeat stopped (a killed worker); return how many."""
    stalled = list(await jobs.job_manager.get_stalled_jobs(seconds_since_heartbeat=stalled_after_s))
    for job in stalled:
        log.warning("worker: job %s (%s) of a stopped worker goes back in the queue", job.id, job.task_name)
        await jobs.job_manager.retry_job(job)
    return len(stalled)


async def run_worker(
    app: App,
    *,
    heartbeat_s: float = 10.0,
    name: str | None = None,
    stop: asyncio.Event | None = None,
    install_signal_handlers: bool = True,
    health_file: Path | None = None,
) -> None:
    """Run the worker until `stop` is set (or a signal): the schedule, maintenance jobs, extraction drain.

    `health_file` is touched after every extraction round that reached the database: a container's
    health check reads its age.
    """
    settings = app.settings
    stalled_after = heartbeat_s * 3
    jobs = build_job_app(_owner_url(app.admin_pool), settings, schedule=True)
    async with jobs.open_async():
        handlers = {EXTRACT_TURN: make_extract_handler(app.roles.extractor, app.memory.facts)}

        async def drain() -> None:
            # The owner lists the users with work (the application role sees only its current user's row);
            # each user's jobs are then claimed and run acting as that user.
            await process(app.admin_pool, handlers)
            if health_file is not None:
                await asyncio.to_thread(health_file.touch)

        async def requeue() -> None:
            await _requeue_stalled(jobs, stalled_after)

        side = [
            asyncio.create_task(_every(settings.worker_poll_s, drain, "extraction"), name="extraction"),
            asyncio.create_task(_every(heartbeat_s, requeue, "stalled jobs"), name="stalled"),
        ]
        worker = asyncio.create_task(
            jobs.run_worker_async(
                name=name or "cognicore-worker",
                queues=[QUEUE],
                additional_context={"app": app},
                update_heartbeat_interval=heartbeat_s,
                stalled_worker_timeout=stalled_after,
                install_signal_handlers=install_signal_handlers,
                fetch_job_polling_interval=min(5.0, heartbeat_s),
            ),
            name="procrastinate",
        )
        waiters = [worker] + ([asyncio.create_task(stop.wait())] if stop is not None else [])
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in [*side, *waiters]:
                task.cancel()
            for task in [*side, *waiters]:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
