"""Long work started over the API and polled by id: evaluation suites, and the maintenance jobs.

An evaluation runs as an asyncio task in the worker that accepted it; its row in `api_tasks` (status,
report, error) is what any worker answers a poll from, so a client may poll a different worker. Maintenance
jobs keep their own ledger (`cognicore.maintenance`): a trigger returns the slot to find the run by.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from cognicore import service
from cognicore.app import App
from cognicore.maintenance import JOBS, JobBusy, run_job
from cognicore.memory import clock
from cognicore.service import NotFound
from cognicore.workflows.evaluation import Suite, SuiteError, run_suite

__all__ = ["EvalBusy", "Forbidden", "eval_status", "jobs_status", "start_eval", "trigger_job"]

log = logging.getLogger("cognicore.api")

MAX_EVAL_CASES = 50
JOB_NAMES = tuple(JOBS)

_START = """
INSERT INTO api_tasks (id, user_name, kind, request)
SELECT %(id)s, %(user)s, 'eval', %(request)s
WHERE NOT EXISTS (SELECT 1 FROM api_tasks WHERE user_name = %(user)s AND kind = 'eval' AND status = 'running')
RETURNING id"""
_FINISH = "UPDATE api_tasks SET status = %s, result = %s, error = %s, finished_at = now() WHERE id = %s"
_GET = """
SELECT id, kind, status, request, result, error, created_at, finished_at FROM api_tasks
WHERE id = %s AND user_name = %s"""

# Strong references: the event loop keeps only weak ones to tasks.
_running: set[asyncio.Task[None]] = set()


class EvalBusy(RuntimeError):
    """The user has an evaluation running already: one at a time per user."""


class Forbidden(PermissionError):
    """The API key's user may not do this (the deployment's jobs are for the users in COGNICORE_API_ADMINS)."""


async def start_eval(app: App, user: str, suite: Suite) -> dict[str, Any]:
    """Start running `suite` as the caller (never another user) and return its task id to poll."""
    if len(suite.cases) > MAX_EVAL_CASES:
        raise SuiteError(f"A suite over the API has at most {MAX_EVAL_CASES} cases; this one has {len(suite.cases)}.")
    # The tenant comes from the API key: the suite runs as the caller, with the caller's memories.
    suite = suite.model_copy(update={"user": user, "fresh_user": False})
    task_id = uuid.uuid4().hex
    request = {"suite": suite.name, "cases": len(suite.cases)}
    async with app.pool.connection() as conn:
        cur = await conn.execute(_START, {"id": task_id, "user": user, "request": Jsonb(request)})
        if await cur.fetchone() is None:
            raise EvalBusy(f"User {user!r} has an evaluation running already; poll it with GET /v1/eval/{{id}}.")
    task = asyncio.create_task(_run_eval(app, user, suite, task_id))
    _running.add(task)
    task.add_done_callback(_running.discard)
    return {"id": task_id, "status": "running", **request}


async def _run_eval(app: App, user: str, suite: Suite, task_id: str) -> None:
    async def ask(request: str, session_id: str, user_id: str) -> dict[str, Any]:
        return await service.ask(app, user_id, request, session=session_id)

    status, result, error = "failed", None, None
    try:
        report = await run_suite(suite, ask)
        status, result = "done", Jsonb(report.model_dump(mode="json"))
    except asyncio.CancelledError:
        error = "the server stopped before the suite finished; start it again"
        raise
    except Exception as exc:  # recorded for the poller: the harness itself failed
        error = f"{type(exc).__name__}: {exc}"
    finally:
        async with app.pool.connection() as conn:
            await asyncio.shield(conn.execute(_FINISH, (status, result, error, task_id)))


async def eval_status(app: App, user: str, task_id: str) -> dict[str, Any]:
    """One of the caller's evaluations: running, or done with its report (or failed with the reason)."""
    async with app.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_GET, (task_id, user))
        row = await cur.fetchone()
    if row is None:
        raise NotFound(f"No evaluation {task_id!r} for user {user!r}; start one with POST /v1/eval.")
    return service.plain(row)


def _check_admin(app: App, user: str) -> None:
    if user not in app.settings.api_admins:
        raise Forbidden(
            f"User {user!r} may not run or read the deployment's maintenance jobs; an operator lists the users "
            "who may in COGNICORE_API_ADMINS."
        )


async def trigger_job(app: App, user: str, job: str) -> dict[str, Any]:
    """Start maintenance job `job` now (an on-demand slot) and return the slot to find it in the job status."""
    _check_admin(app, user)
    period = f"api {clock.now().isoformat()} {uuid.uuid4().hex[:6]}"
    task = asyncio.create_task(_run_job(app, job, period))
    _running.add(task)
    task.add_done_callback(_running.discard)
    # A job already running elsewhere is refused at once (its advisory lock): report that, not a silent no-op.
    done, _pending = await asyncio.wait({task}, timeout=0.5)
    if done and isinstance(task.exception(), JobBusy):
        raise task.exception()  # type: ignore[misc]
    return {"job": job, "period": period, "status": "started"}


async def _run_job(app: App, job: str, period: str) -> None:
    try:
        await run_job(app, job, period=period)
    except JobBusy:
        raise  # read by `trigger_job`
    except Exception:  # the ledger row says failed; the traceback goes to the log
        log.exception("maintenance job %s (%s) failed", job, period)


async def jobs_status(app: App, user: str) -> dict[str, Any]:
    """Recent runs of each maintenance job, the worker queue, the extraction backlog and the schedule."""
    _check_admin(app, user)
    from cognicore.worker import jobs_status as status  # the `jobs status --json` object; procrastinate loads late

    return service.plain(await status(app))
