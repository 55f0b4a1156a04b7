"""The maintenance jobs (nightly, weekly, monthly, prune) and their runner: idempotent, resumable, one at a time.

A job is a list of steps (`JOBS`); a step runs per user (acting as that user under row-level security) or
once for the deployment. Every run has a row in `cognicore_jobs.maintenance_runs`, keyed by its slot (the
schedule's time, or a fresh key for an on-demand run), and every step done a row in `maintenance_progress`:

- Exactly once: a per-user SQL step writes its progress row in its own transaction, so a crash either
  keeps both or neither; a step with its own transactions (reflection, the sleep phase, re-embedding) is
  idempotent by design and records its progress after. A retried run (after `kill -9`) resumes the same
  ledger row, with the same `now`, and skips every step already recorded.
- One at a time: the runner holds a session advisory lock per job on a connection of its own while it runs,
  so two workers (or a worker and `cognicore jobs run`) never run one job at once; a dead process's
  lock goes with its connection.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from cognicore.jobs_schema import JOBS_SCHEMA
from cognicore.memory import clock
from cognicore.memory.maintenance import USER_STEPS, MaintenanceConfig, run_user_step
from cognicore.memory.tenancy import APP_ROLE, user_transaction

if TYPE_CHECKING:
    from cognicore.app import App

__all__ = [
    "JOBS",
    "STEPS",
    "JobBusy",
    "JobReport",
    "UnknownJob",
    "job_status",
    "resolve_job",
    "run_job",
]

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

# Every user with anything to maintain. An owner bound by row-level security (not a superuser nor BYPASSRLS)
# still lists the service's users, the extraction job index and the owners of checkpoint threads (tables
# whose policy is enabled, not forced); the forced tables add their users when the owner bypasses it.
KNOWN_USERS = """
SELECT name AS user_id FROM service_users UNION SELECT user_id FROM memory_job_users
UNION SELECT convert_from(decode(split_part(thread_id, ':', 1), 'hex'), 'UTF8') FROM checkpoints
    WHERE thread_id ~ '^([0-9a-f]{2})+:'
UNION SELECT user_id FROM runs UNION SELECT user_id FROM workflows UNION SELECT user_id FROM memories
UNION SELECT user_id FROM facts UNION SELECT user_id FROM conversation_turns
ORDER BY 1"""
TRY_LOCK = "SELECT pg_try_advisory_lock(hashtext(%s)) AS locked"
UNLOCK = "SELECT pg_advisory_unlock(hashtext(%s))"
START = f"""
INSERT INTO {JOBS_SCHEMA}.maintenance_runs (job, period, started_at) VALUES (%(job)s, %(period)s, %(now)s)
ON CONFLICT (job, period) DO UPDATE
    SET attempts = maintenance_runs.attempts + 1, status = 'running', error = NULL, updated_at = now()
    WHERE maintenance_runs.status <> 'done'
RETURNING id, started_at, attempts"""
DONE_STEPS = f"SELECT step, user_id, n FROM {JOBS_SCHEMA}.maintenance_progress WHERE run_id = %s"
RECORD = f"""
INSERT INTO {JOBS_SCHEMA}.maintenance_progress (run_id, step, user_id, n, done_at)
VALUES (%(run_id)s, %(step)s, %(user_id)s, %(n)s, %(now)s)"""
# The previous time a step ran for a user: the interval a decay or promotion covers starts there.
LAST_DONE = f"""
SELECT max(r.started_at) AS at FROM {JOBS_SCHEMA}.maintenance_progress p
JOIN {JOBS_SCHEMA}.maintenance_runs r ON r.id = p.run_id
WHERE p.step = %(step)s AND p.user_id = %(user_id)s AND p.run_id <> %(run_id)s AND r.started_at < %(now)s"""
FINISH = f"""
UPDATE {JOBS_SCHEMA}.maintenance_runs
SET status = %(status)s, report = %(report)s, error = %(error)s, updated_at = now(),
    finished_at = CASE WHEN %(status)s = 'done' THEN now() END
WHERE id = %(id)s"""
# A role switch back to the session's login (the owner) inside the user's transaction, to write the ledger.
AS_OWNER = "SELECT set_config('role', 'none', true)"
AS_APP = f"SELECT set_config('role', '{APP_ROLE}', true)"
RECENT_RUNS = f"""
SELECT id, job, period, status, attempts, steps, report, error, started_at, finished_at FROM (
    SELECT r.*, (SELECT count(*) FROM {JOBS_SCHEMA}.maintenance_progress p WHERE p.run_id = r.id)::int AS steps,
           row_number() OVER (PARTITION BY r.job ORDER BY r.started_at DESC, r.id DESC) AS k
    FROM {JOBS_SCHEMA}.maintenance_runs r
) x WHERE k <= %(per_job)s ORDER BY job, started_at DESC"""
QUEUE_COUNTS = f"""
SELECT task_name, status::text AS status, count(*)::int AS n FROM {JOBS_SCHEMA}.procrastinate_jobs
GROUP BY 1, 2 ORDER BY 1, 2"""
EXTRACTION_BACKLOG = "SELECT coalesce(sum(unfinished), 0)::int AS n FROM memory_job_users"


class UnknownJob(ValueError):
    """A job or step name that does not exist; the message lists the known ones."""


class JobBusy(RuntimeError):
    """The job is running in another process right now."""


@dataclass(frozen=True, slots=True)
class StepContext:
    """What a step function receives: the app, the run's `now` and the user (None: a deployment step)."""

    app: App
    now: datetime
    user_id: str | None
    config: MaintenanceConfig


StepFn = Callable[[StepContext], Awaitable[int]]


@dataclass(frozen=True, slots=True)
class Step:
    """A named maintenance step: a per-user SQL statement (`sql`) or a function with its own transactions."""

    name: str
    description: str
    per_user: bool
    sql: str | None = None
    """Name of a `memory.maintenance.USER_STEPS` statement, run exactly once per user and run."""
    call: StepFn | None = None


@dataclass(slots=True)
class JobReport:
    """What a run did: counts per step (summed over users), users served, and whether it was resumed."""

    job: str
    period: str
    run_id: int
    attempts: int
    now: datetime
    users: int = 0
    steps: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    """Per step, the users (or 1, a deployment step) already done by an earlier attempt of this run."""
    already_done: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-able form for `--json` and the ledger."""
        return {
            "job": self.job,
            "period": self.period,
            "run_id": self.run_id,
            "attempts": self.attempts,
            "now": self.now.isoformat(),
            "users": self.users,
            "steps": dict(self.steps),
            "skipped": dict(self.skipped),
            "already_done": self.already_done,
        }


async def _refresh_summaries(ctx: StepContext) -> int:
    assert ctx.user_id is not None
    return len(await ctx.app.memory.facts.refresh_categories(ctx.user_id))


async def _reflect(ctx: StepContext) -> int:
    from cognicore.memory.reflection import reflect_if_due

    assert ctx.user_id is not None
    ids = await reflect_if_due(
        ctx.app.memory.stream,
        ctx.app.roles.reflector,
        ctx.user_id,
        pool=ctx.app.pool,
        threshold=ctx.app.settings.reflect_threshold,
    )
    return len(ids)


async def _sleep_phase(ctx: StepContext) -> int:
    # Engineer D's lifecycle: idempotent for a given `now`, which a resumed run keeps.
    from cognicore.memory.lifecycle import sleep_phase
    from cognicore.memory.lifecycle_config import LifecycleConfig

    config = getattr(ctx.app.settings, "memory_lifecycle", None) or LifecycleConfig()
    report = await sleep_phase(ctx.app.pool, user_id=ctx.user_id, config=config, now=ctx.now)
    return int(report.decayed + report.archived + report.archived_over_capacity + report.promoted)


async def _reembed(ctx: StepContext) -> int:
    from cognicore.app import reembed_all

    done = await reembed_all(ctx.app)
    return done.chunks + done.workflow_triggers + done.memories + done.facts


async def _vacuum(ctx: StepContext) -> int:
    # VACUUM cannot run in a transaction: the owner's pool is in autocommit mode.
    async with ctx.app.admin_pool.connection() as conn:
        await conn.execute("VACUUM (ANALYZE)")
    return 1


async def _prune_queue(ctx: StepContext) -> int:
    from cognicore.retention import prune_job_tables

    return await prune_job_tables(ctx.app.admin_pool, cutoff=ctx.now - timedelta(days=ctx.app.settings.retention_days))


async def _prune(ctx: StepContext) -> int:
    from cognicore.retention import prune_from_settings

    report = await prune_from_settings(ctx.app, now=ctx.now)
    return report.total


def _sql(name: str) -> Step:
    s = USER_STEPS[name]
    return Step(name, s.description, per_user=True, sql=name)


STEPS: dict[str, Step] = {
    s.name: s
    for s in (
        _sql("merge_duplicates"),
        _sql("promote_active"),
        Step(
            "refresh_summaries", "rebuild each category's summary from its active facts", True, call=_refresh_summaries
        ),
        Step("sleep_phase", "decay, promote and archive memories by consolidation level", True, call=_sleep_phase),
        Step("reflect", "reflect on the memories written since the last reflection", True, call=_reflect),
        _sql("time_decay"),
        _sql("archive_stale"),
        _sql("consolidate"),
        _sql("clean_orphans"),
        Step("reembed", "embed every stored vector again with the configured model", False, call=_reembed),
        _sql("rebuild_graph"),
        Step("vacuum_analyze", "VACUUM ANALYZE the database", False, call=_vacuum),
        Step("prune_runs", "delete old checkpoints, runs and role calls (retention settings)", False, call=_prune),
        _sql("prune_memories"),
        Step("prune_queue", "delete old finished queue jobs and ledger rows no decay needs", False, call=_prune_queue),
    )
}
"""Every step by name: `cognicore jobs run NAME` runs one alone."""

JOBS: dict[str, tuple[str, ...]] = {
    "nightly": ("merge_duplicates", "promote_active", "refresh_summaries", "sleep_phase", "reflect"),
    "weekly": ("time_decay", "archive_stale", "consolidate", "clean_orphans"),
    "monthly": ("reembed", "rebuild_graph", "vacuum_analyze"),
    "prune": ("prune_runs", "prune_memories", "prune_queue"),
}
"""The scheduled jobs (seed 001 section 5, seed 004's consolidate and prune, seed 000's periodic reflection)."""


def resolve_job(name: str) -> tuple[str, ...]:
    """The steps of job `name` (a job, or one step run alone); `UnknownJob` lists the names."""
    if name in JOBS:
        return JOBS[name]
    if name in STEPS:
        return (name,)
    raise UnknownJob(f"No job or step {name!r}; jobs: {', '.join(JOBS)}; steps: {', '.join(STEPS)}.")


async def _users(pool: AsyncConnectionPool) -> list[str]:
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(KNOWN_USERS)
        return [r["user_id"] for r in await cur.fetchall()]


async def run_job(
    app: App,
    name: str,
    *,
    period: str | None = None,
    config: MaintenanceConfig | None = None,
    on_step: Callable[[str, int, int], None] | None = None,
) -> JobReport:
    """Run job (or step) `name` for the slot `period` (None: a fresh on-demand slot); see the module doc.

    A slot already done returns at once (`already_done`); a slot left half-done by a crash resumes.
    `on_step(step, index, total)` reports progress. `JobBusy` when another process runs the same job.
    """
    steps = [STEPS[s] for s in resolve_job(name)]
    cfg = config or maintenance_config(app)
    slot = period or f"manual {clock.now().isoformat()} {uuid.uuid4().hex[:6]}"
    pool = app.admin_pool
    async with pool.connection() as lock_conn:
        cur = await lock_conn.execute(TRY_LOCK, (f"cognicore-maintenance:{name}",))
        row = await cur.fetchone()
        if not (row and (row["locked"] if isinstance(row, dict) else row[0])):
            raise JobBusy(f"The {name} job is running in another process; see `cognicore jobs status`.")
        try:
            return await _run_locked(app, name, steps, slot, cfg, on_step)
        finally:
            await lock_conn.execute(UNLOCK, (f"cognicore-maintenance:{name}",))


async def _run_locked(
    app: App,
    name: str,
    steps: list[Step],
    slot: str,
    cfg: MaintenanceConfig,
    on_step: Callable[[str, int, int], None] | None,
) -> JobReport:
    pool = app.admin_pool
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(START, {"job": name, "period": slot, "now": clock.now()})
        started = await cur.fetchone()
        if started is None:  # the slot is done: nothing to run
            return JobReport(name, slot, 0, 0, clock.now(), already_done=True)
        await cur.execute(DONE_STEPS, (started["id"],))
        done = {(r["step"], r["user_id"]): int(r["n"]) for r in await cur.fetchall()}
    report = JobReport(name, slot, int(started["id"]), int(started["attempts"]), started["started_at"])
    try:
        users = await _users(pool) if any(s.per_user for s in steps) else []
        report.users = len(users)
        for index, step in enumerate(steps):
            if on_step is not None:
                on_step(step.name, index, len(steps))
            report.steps.setdefault(step.name, 0)
            for user in users if step.per_user else [None]:
                key = (step.name, user or "")
                if key in done:
                    report.skipped[step.name] = report.skipped.get(step.name, 0) + 1
                    report.steps[step.name] = report.steps.get(step.name, 0) + done[key]
                    continue
                n = await _run_step(app, report, step, user, cfg)
                report.steps[step.name] = report.steps.get(step.name, 0) + n
    except BaseException as exc:
        await _finish(pool, report, "failed", f"{type(exc).__name__}: {exc}"[:2000])
        raise
    await _finish(pool, report, "done", None)
    return report


async def _run_step(app: App, report: JobReport, step: Step, user: str | None, cfg: MaintenanceConfig) -> int:
    """One step for one user (or the deployment), with its progress row (same transaction for SQL steps)."""
    pool = app.admin_pool
    record = {"run_id": report.run_id, "step": step.name, "user_id": user or "", "now": clock.now()}
    if step.sql is not None:
        assert user is not None
        async with user_transaction(pool, user) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(AS_OWNER)
            await cur.execute(
                LAST_DONE, {"step": step.name, "user_id": user, "run_id": report.run_id, "now": report.now}
            )
            last = (await cur.fetchone() or {}).get("at") or EPOCH
            await cur.execute(AS_APP)
            n = await run_user_step(conn, USER_STEPS[step.sql], user_id=user, now=report.now, since=last, config=cfg)
            await cur.execute(AS_OWNER)
            await cur.execute(RECORD, {**record, "n": n})
        return n
    assert step.call is not None
    n = await step.call(StepContext(app, report.now, user, cfg))
    async with pool.connection() as conn:
        await conn.execute(RECORD, {**record, "n": n})
    return n


async def _finish(pool: AsyncConnectionPool, report: JobReport, status: str, error: str | None) -> None:
    async with pool.connection() as conn:
        await conn.execute(
            FINISH, {"id": report.run_id, "status": status, "report": Jsonb(report.to_json()), "error": error}
        )


def maintenance_config(app: App) -> MaintenanceConfig:
    """The deployment's maintenance parameters, from its settings."""
    s = app.settings
    return MaintenanceConfig(
        half_life_days=s.maintenance_half_life_days,
        archive_below=s.maintenance_archive_below,
        archive_after=timedelta(days=s.maintenance_archive_after_days),
        consolidate_similarity=s.maintenance_consolidate_similarity,
        consolidate_after=timedelta(days=s.maintenance_consolidate_after_days),
        prune_archived_after=timedelta(days=s.prune_archived_memories_days),
    )


async def job_status(pool: AsyncConnectionPool, *, per_job: int = 3) -> dict[str, Any]:
    """Recent maintenance runs per job, the worker queue's jobs by task and status, the extraction backlog."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(RECENT_RUNS, {"per_job": per_job})
        runs = await cur.fetchall()
        await cur.execute(QUEUE_COUNTS)
        queue = await cur.fetchall()
        await cur.execute(EXTRACTION_BACKLOG)
        backlog = (await cur.fetchone() or {}).get("n", 0)
    return {
        "runs": [{**r, "started_at": r["started_at"].isoformat(), "finished_at": _iso(r["finished_at"])} for r in runs],
        "queue": queue,
        "extraction_backlog": backlog,
    }


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None
