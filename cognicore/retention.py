"""Retention (`cognicore prune`): old checkpoints, runs and role calls go; what can still be used stays.

Per thread (and checkpoint namespace) the newest `keep_last` checkpoints are always kept, so every thread
still shows its history and resumes from its last checkpoint; older ones go when older than the cutoff,
with their pending writes, and then every blob no remaining checkpoint refers to. A run goes when older
than the cutoff unless it is the newest run of its thread, still `running` or `interrupted` (resumable;
its checkpoint is kept too), the source of a learned workflow, or named by an eval report. Its role calls
go with it (`ON DELETE CASCADE`).

Everything runs per user, in one transaction acting as that user, so row-level security (forced on runs
and role calls) binds each statement whatever the owner's attributes are. `dry_run` runs the very same
statements and rolls back, so what it shows is exactly what would go. Ages read `cognicore.memory.clock`.
A real prune ends with `VACUUM (ANALYZE)` of the five tables, so the space is reused; `compact` makes it
`VACUUM (FULL)`, which gives the space back to the system but locks the tables while it rewrites them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.jobs_schema import JOBS_SCHEMA
from cognicore.memory import clock
from cognicore.memory.tenancy import APP_ROLE, USER_SETTING
from cognicore.orchestrator.threads import CHECKPOINT_TABLES

if TYPE_CHECKING:
    from cognicore.app import App

__all__ = ["PruneReport", "eval_run_ids", "parse_age", "prune", "prune_from_settings", "prune_job_tables"]

# Thread owners are the hex part of thread ids (orchestrator.threads.thread_id); plus users with runs.
USERS = """
SELECT DISTINCT convert_from(decode(split_part(thread_id, ':', 1), 'hex'), 'UTF8') AS user_id
FROM checkpoints WHERE thread_id ~ '^([0-9a-f]{2})+:'
UNION SELECT user_id FROM runs ORDER BY 1"""
ACT_AS = f"SELECT set_config('role', '{APP_ROLE}', true), set_config('{USER_SETTING}', %s, true)"
DOOMED_RUNS = """
CREATE TEMP TABLE doomed_runs ON COMMIT DROP AS
WITH newest AS (
    SELECT DISTINCT ON (thread_id) id FROM runs WHERE user_id = %(user_id)s
    ORDER BY thread_id, created_at DESC, id DESC
)
SELECT r.id FROM runs r
WHERE r.user_id = %(user_id)s AND r.created_at < %(cutoff)s
  AND r.status NOT IN ('running', 'interrupted')
  AND NOT (r.id = ANY(%(protected)s))
  AND r.id NOT IN (SELECT id FROM newest)
  AND NOT EXISTS (SELECT 1 FROM workflows w WHERE w.user_id = %(user_id)s AND w.source_run_id = r.id)"""
DELETE_RUNS = """
WITH calls AS (
    SELECT count(*)::int AS n FROM run_calls WHERE user_id = %(user_id)s AND run_id IN (SELECT id FROM doomed_runs)
), gone AS (
    DELETE FROM runs WHERE user_id = %(user_id)s AND id IN (SELECT id FROM doomed_runs) RETURNING id
)
SELECT (SELECT count(*) FROM gone)::int AS runs, (SELECT n FROM calls) AS run_calls"""
# A resumable run's checkpoint is pinned, whatever its rank.
DELETE_CHECKPOINTS = """
WITH ranked AS (
    SELECT thread_id, checkpoint_ns, checkpoint_id, (checkpoint ->> 'ts')::timestamptz AS ts,
           row_number() OVER (PARTITION BY thread_id, checkpoint_ns ORDER BY checkpoint_id DESC) AS k
    FROM checkpoints WHERE split_part(thread_id, ':', 1) = %(owner)s
), doomed AS (
    SELECT thread_id, checkpoint_ns, checkpoint_id FROM ranked
    WHERE k > %(keep_last)s AND ts < %(cutoff)s
      AND checkpoint_id NOT IN (
          SELECT checkpoint_id FROM runs
          WHERE user_id = %(user_id)s AND status IN ('running', 'interrupted') AND checkpoint_id IS NOT NULL)
), writes AS (
    DELETE FROM checkpoint_writes w USING doomed d
    WHERE w.thread_id = d.thread_id AND w.checkpoint_ns = d.checkpoint_ns AND w.checkpoint_id = d.checkpoint_id
    RETURNING 1
), gone AS (
    DELETE FROM checkpoints c USING doomed d
    WHERE c.thread_id = d.thread_id AND c.checkpoint_ns = d.checkpoint_ns AND c.checkpoint_id = d.checkpoint_id
    RETURNING 1
)
SELECT (SELECT count(*) FROM gone)::int AS checkpoints, (SELECT count(*) FROM writes)::int AS checkpoint_writes"""
# After the checkpoints: a blob is needed only while a checkpoint's channel_versions names it.
DELETE_BLOBS = """
WITH gone AS (
    DELETE FROM checkpoint_blobs b
    WHERE split_part(b.thread_id, ':', 1) = %(owner)s
      AND NOT EXISTS (
          SELECT 1 FROM checkpoints c
          WHERE c.thread_id = b.thread_id AND c.checkpoint_ns = b.checkpoint_ns
            AND c.checkpoint -> 'channel_versions' ->> b.channel = b.version)
    RETURNING 1
)
SELECT count(*)::int AS checkpoint_blobs FROM gone"""
SIZES = """
SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes,
       (SELECT reltuples FROM pg_class WHERE oid = c.oid)::bigint AS estimated_rows
FROM pg_class c WHERE c.oid = ANY(ARRAY[{}]::regclass[])"""
TABLES = (*CHECKPOINT_TABLES, "runs", "run_calls")
# The eval report (workflows.evaluation.report_markdown) names each case's run as: run `ID`.
_EVAL_RUN = re.compile(r"run `([0-9A-Za-z_-]{6,64})`")
_AGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks", "": "days"}
COUNTS = ("checkpoints", "checkpoint_writes", "checkpoint_blobs", "runs", "run_calls")


# Finished queue jobs (and, by cascade, their events) whose last event is older than the retention cutoff.
PRUNE_QUEUE = f"""
WITH gone AS (
    DELETE FROM {JOBS_SCHEMA}.procrastinate_jobs j
    WHERE j.status IN ('succeeded', 'failed', 'cancelled', 'aborted')
      AND NOT EXISTS (SELECT 1 FROM {JOBS_SCHEMA}.procrastinate_events e WHERE e.job_id = j.id AND e.at >= %s)
    RETURNING 1
)
SELECT count(*)::int AS n FROM gone"""


# The ledger keeps, for each (step, user), the newest progress row: decay and promotion start from it.
PRUNE_PROGRESS = f"""
WITH ranked AS (
    SELECT p.run_id, p.step, p.user_id, p.done_at,
           row_number() OVER (PARTITION BY p.step, p.user_id ORDER BY r.started_at DESC, p.run_id DESC) AS k
    FROM {JOBS_SCHEMA}.maintenance_progress p JOIN {JOBS_SCHEMA}.maintenance_runs r ON r.id = p.run_id
), gone AS (
    DELETE FROM {JOBS_SCHEMA}.maintenance_progress p USING ranked x
    WHERE p.run_id = x.run_id AND p.step = x.step AND p.user_id = x.user_id AND x.k > 1 AND x.done_at < %s
    RETURNING 1
)
SELECT count(*)::int AS n FROM gone"""
PRUNE_RUNS = f"""
WITH gone AS (
    DELETE FROM {JOBS_SCHEMA}.maintenance_runs r
    WHERE r.status <> 'running' AND r.started_at < %s
      AND NOT EXISTS (SELECT 1 FROM {JOBS_SCHEMA}.maintenance_progress p WHERE p.run_id = r.id)
    RETURNING 1
)
SELECT count(*)::int AS n FROM gone"""


@dataclass(slots=True)
class PruneReport:
    """What a prune removed (or, dry, would remove), per table and per user, and the tables' sizes."""

    cutoff: datetime
    keep_last: int
    dry_run: bool
    removed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTS, 0))
    users: dict[str, dict[str, int]] = field(default_factory=dict)
    protected_runs: int = 0
    bytes_before: dict[str, int] = field(default_factory=dict)
    bytes_after: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Rows removed over every table."""
        return sum(self.removed.values())

    def to_json(self) -> dict[str, Any]:
        """A JSON-able form for `--json`."""
        return {
            "cutoff": self.cutoff.isoformat(),
            "keep_last": self.keep_last,
            "dry_run": self.dry_run,
            "removed": dict(self.removed),
            "users": self.users,
            "protected_runs": self.protected_runs,
            "bytes_before": self.bytes_before,
            "bytes_after": self.bytes_after,
        }


def parse_age(text: str) -> timedelta:
    """`30d`, `12h`, `2w`, `0d` (a bare number is days) as a timedelta; ValueError names the format."""
    match = _AGE.match(text)
    if not match:
        raise ValueError(f"Cannot read the age {text!r}: write a number and a unit, e.g. 30d, 12h, 2w or 0d.")
    return timedelta(**{_UNITS[match.group(2)]: float(match.group(1))})


def eval_run_ids(reports_dir: Path) -> set[str]:
    """The run ids named by the eval reports in `reports_dir` (`eval-*.md`): runs a suite refers to."""
    ids: set[str] = set()
    for path in sorted(reports_dir.glob("eval-*.md")) if reports_dir.is_dir() else []:
        ids.update(_EVAL_RUN.findall(path.read_text(encoding="utf-8", errors="replace")))
    return ids


async def _sizes(pool: AsyncConnectionPool) -> dict[str, int]:
    query = SIZES.format(", ".join(f"'{t}'" for t in TABLES))
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(query)  # type: ignore[arg-type]  # static table names
        return {r["name"]: int(r["bytes"]) for r in await cur.fetchall()}


async def prune(
    pool: AsyncConnectionPool,
    *,
    older_than: timedelta,
    keep_last: int,
    protected_runs: Iterable[str] = (),
    dry_run: bool = False,
    compact: bool = False,
    now: datetime | None = None,
) -> PruneReport:
    """Remove checkpoints, runs and role calls as the module says; `pool` is the owner's.

    `compact` vacuums with FULL, returning the freed space to the system (the tables are locked meanwhile).
    """
    if keep_last < 1:
        raise ValueError(
            f"keep_last must be at least 1 (got {keep_last}): a thread without its last checkpoint cannot resume."
        )
    if older_than < timedelta(0):
        raise ValueError(f"older_than cannot be negative (got {older_than}).")
    cutoff = (now or clock.now()) - older_than
    protected = sorted(set(protected_runs))
    report = PruneReport(cutoff, keep_last, dry_run, protected_runs=len(protected))
    report.bytes_before = await _sizes(pool)
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(USERS)
        users = [r["user_id"] for r in await cur.fetchall()]
    for user in users:
        counts = await _prune_user(pool, user, cutoff, keep_last, protected, dry_run)
        if any(counts.values()):
            report.users[user] = counts
        for key, value in counts.items():
            report.removed[key] += value
    if not dry_run and report.total:
        # Deleted rows free space only once vacuumed: for new rows at once; on disk only with FULL (`compact`),
        # which rewrites the tables under an exclusive lock (runs wait meanwhile).
        options = "FULL, ANALYZE" if compact else "ANALYZE"
        async with pool.connection() as conn:
            await conn.execute(f"VACUUM ({options}) {', '.join(TABLES)}")  # type: ignore[arg-type]  # static names
    report.bytes_after = report.bytes_before if dry_run else await _sizes(pool)
    return report


async def _prune_user(
    pool: AsyncConnectionPool, user: str, cutoff: datetime, keep_last: int, protected: list[str], dry_run: bool
) -> dict[str, int]:
    params = {
        "user_id": user,
        "owner": user.encode().hex(),
        "cutoff": cutoff,
        "keep_last": keep_last,
        "protected": protected,
    }
    counts: dict[str, int] = {}
    async with pool.connection() as conn, conn.transaction(force_rollback=dry_run):
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(ACT_AS, (user,))
            await cur.execute(DOOMED_RUNS, params)
            await cur.execute(DELETE_RUNS, params)
            counts.update(await cur.fetchone() or {})
            await cur.execute(DELETE_CHECKPOINTS, params)
            counts.update(await cur.fetchone() or {})
            await cur.execute(DELETE_BLOBS, params)
            counts.update(await cur.fetchone() or {})
    return {key: int(counts.get(key) or 0) for key in COUNTS}


async def prune_job_tables(pool: AsyncConnectionPool, *, cutoff: datetime) -> int:
    """Delete finished worker-queue jobs and maintenance-ledger rows older than `cutoff`; return the rows."""
    n = 0
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        for statement in (PRUNE_QUEUE, PRUNE_PROGRESS, PRUNE_RUNS):  # in order: a run goes once its rows have
            await cur.execute(statement, (cutoff,))
            n += int((await cur.fetchone() or {}).get("n", 0))
    return n


async def prune_from_settings(
    app: App,
    *,
    older_than: timedelta | None = None,
    keep_last: int | None = None,
    dry_run: bool = False,
    compact: bool = False,
    now: datetime | None = None,
) -> PruneReport:
    """`prune` with the deployment's retention settings, protecting the runs its eval reports name."""
    s = app.settings
    return await prune(
        app.admin_pool,
        older_than=older_than if older_than is not None else timedelta(days=s.retention_days),
        keep_last=keep_last if keep_last is not None else s.retention_keep_last,
        protected_runs=eval_run_ids(s.reports_dir),
        dry_run=dry_run,
        compact=compact,
        now=now,
    )
