"""Endpoints for long work: evaluation suites (started, then polled) and the deployment's maintenance jobs."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from cognicore import service_tasks
from cognicore.api.deps import AppDep, UserDep
from cognicore.workflows.evaluation import Suite, load_suite

router = APIRouter(prefix="/v1")

JobName = Literal["nightly", "weekly", "monthly", "prune"]


class EvalBody(BaseModel):
    """The suite to run (as the caller, with the caller's memories); the demo suite when omitted."""

    model_config = ConfigDict(extra="forbid")

    suite: Suite | None = Field(None, description="A suite as in a suite YAML file; its `user` is ignored.")


@router.post("/eval", tags=["eval"], status_code=202, summary="Start an evaluation suite; poll its id")
async def start_eval(body: EvalBody, app: AppDep, user: UserDep) -> dict[str, Any]:
    """Runs in the background (one at a time per user, at most 50 cases); GET /v1/eval/{id} gives the report."""
    from cognicore.cli_eval import DEMO_SUITE

    return await service_tasks.start_eval(app, user, body.suite or load_suite(DEMO_SUITE))


@router.get("/eval/{task_id}", tags=["eval"], summary="An evaluation: running, or its report")
async def eval_status(
    task_id: Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[0-9a-f]+$")], app: AppDep, user: UserDep
) -> dict[str, Any]:
    """`status` running, done (with `result`: the `eval --json` report) or failed (with `error`)."""
    return await service_tasks.eval_status(app, user, task_id)


@router.post("/jobs/{job}", tags=["jobs"], status_code=202, summary="Run a maintenance job now (operators only)")
async def trigger_job(job: JobName, app: AppDep, user: UserDep) -> dict[str, Any]:
    """Starts the job for every user in the background; find it by `period` in GET /v1/jobs."""
    return await service_tasks.trigger_job(app, user, job)


@router.get("/jobs", tags=["jobs"], summary="Maintenance runs, worker queue and extraction backlog (operators only)")
async def jobs_status(app: AppDep, user: UserDep) -> dict[str, Any]:
    """Recent runs per job with their step counts, the queue by task and status, the extraction backlog."""
    return await service_tasks.jobs_status(app, user)
