"""Endpoints for running requests: ask (plain and streamed), sessions, runs and workflows."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, BackgroundTasks, Path, Query
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from cognicore import service
from cognicore.api.deps import AppDep, SlotsDep, UserDep
from cognicore.api.metrics import record_run
from cognicore.api.problems import problem_body, status_of
from cognicore.app import App
from cognicore.workflows.transfer import WorkflowFile

router = APIRouter(prefix="/v1")

SessionId = Annotated[str, Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")]
SessionPath = Annotated[str, Path(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")]
RunPath = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
WorkflowPath = Annotated[int, Path(ge=1, le=2**62)]
Limit = Annotated[int, Query(ge=1, le=500, description="At most this many, newest first.")]


class AskBody(BaseModel):
    """A question or task; the user comes from the API key, so a `user` field is refused."""

    model_config = ConfigDict(extra="forbid")

    request: str = Field(min_length=1, max_length=200_000, description="The question or task.")
    session: SessionId | None = Field(None, description="Session (thread) id; a new one when omitted.")


class ForkBody(BaseModel):
    """The checkpoint to continue from (see the session's history)."""

    model_config = ConfigDict(extra="forbid")

    checkpoint: str = Field(min_length=1, max_length=128)


class ReplayBody(BaseModel):
    """How to replay: every role from the recording, or only the planning decisions."""

    model_config = ConfigDict(extra="forbid")

    mode: Literal["recorded", "live"] = "recorded"


def _new_session() -> str:
    return f"s-{uuid.uuid4().hex[:10]}"


async def _after(app: App, user: str, result: dict[str, Any]) -> None:
    record_run(result)
    await service.after_reply(app, user)


@router.post("/ask", tags=["ask"], summary="Ask a question or give a task; returns the `ask --json` object")
async def ask(
    body: AskBody, app: AppDep, user: UserDep, slots: SlotsDep, background: BackgroundTasks
) -> dict[str, Any]:
    """Run the request to the end; post-reply memory work runs after the response is sent."""
    async with slots:
        result = await service.ask(app, user, body.request, session=body.session or _new_session())
    background.add_task(_after, app, user, result)
    return result


def _sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(service.plain(data))}\n\n"


@router.post(
    "/ask/stream",
    tags=["ask"],
    summary="Ask, streaming progress as server-sent events",
    responses={200: {"content": {"text/event-stream": {}}, "description": "node, step, answer, result events"}},
)
async def ask_stream(body: AskBody, app: AppDep, user: UserDep, slots: SlotsDep) -> StreamingResponse:
    """Events: `session`, then progress (`node_start`, `intent`, `plan`, `step_start`, `step_end`...), `answer`,
    and `result` (the `ask --json` object), or `error` (problem JSON). A client that disconnects interrupts
    the run at its last checkpoint: continue it with POST /v1/sessions/{session}/resume."""
    session = body.session or _new_session()

    async def events() -> AsyncIterator[str]:
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

        async def run() -> dict[str, Any]:
            async with slots:
                return await service.ask(app, user, body.request, session=session, on_event=queue.put_nowait)

        task = asyncio.create_task(run())
        task.add_done_callback(lambda _t: queue.put_nowait(None))
        try:
            yield _sse("session", {"session": session})
            while (event := await queue.get()) is not None:
                yield _sse(str(event.get("event", "progress")), event)
            try:
                result = task.result()
            except Exception as exc:
                if status_of(exc) is None:
                    raise
                yield _sse("error", problem_body(exc))
                return
            yield _sse("answer", {"answer": result["answer"], "outcome": result["outcome"]})
            yield _sse("result", result)
            await _after(app, user, result)
        finally:
            if not task.done():
                # The client went away: cancelling marks the run interrupted at its last checkpoint.
                task.cancel()
                # wait, not gather: cancelling this wait (the server cancels again) must not cancel the run twice,
                # which would cut its last database write in half instead of letting it finish.
                await asyncio.wait({task})

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})


@router.get("/agents", tags=["agents"], summary="The registered sub-agents")
async def agents(app: AppDep, user: UserDep) -> list[dict[str, str]]:
    """The `agents --json` rows: each agent's name and what it does."""
    return service.list_agents(app)


@router.get("/sessions/{session}/history", tags=["sessions"], summary="A session's checkpoints, newest first")
async def session_history(session: SessionPath, app: AppDep, user: UserDep, limit: Limit = 50) -> list[dict[str, Any]]:
    """What resume and fork continue from."""
    return await service.session_history(app, user, session, limit=limit)


@router.post("/sessions/{session}/resume", tags=["sessions"], summary="Continue a session's interrupted run")
async def resume(
    session: SessionPath, app: AppDep, user: UserDep, slots: SlotsDep, background: BackgroundTasks
) -> dict[str, Any]:
    """Completed steps are not run again."""
    async with slots:
        result = await service.resume(app, user, session)
    background.add_task(_after, app, user, result)
    return result


@router.post("/sessions/{session}/fork", tags=["sessions"], summary="Continue a session from an earlier checkpoint")
async def fork(session: SessionPath, body: ForkBody, app: AppDep, user: UserDep, slots: SlotsDep) -> dict[str, Any]:
    """A new run branching from the checkpoint; the original run stays as it was."""
    async with slots:
        return await service.fork(app, user, session, body.checkpoint)


@router.get("/runs", tags=["runs"], summary="The user's recorded runs, newest first")
async def list_runs(
    app: AppDep,
    user: UserDep,
    session: Annotated[str | None, Query(max_length=128, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")] = None,
    limit: Limit = 20,
) -> list[dict[str, Any]]:
    """The `runs list --json` rows."""
    return await service.list_runs(app, user, session=session, limit=limit)


@router.get("/runs/{run_id}", tags=["runs"], summary="One run with its plan, steps and model calls")
async def show_run(run_id: RunPath, app: AppDep, user: UserDep) -> dict[str, Any]:
    """The `runs show --json` object."""
    return await service.show_run(app, user, run_id)


@router.post("/runs/{run_id}/replay", tags=["runs"], summary="Re-execute a run and compare it with the original")
async def replay(run_id: RunPath, body: ReplayBody, app: AppDep, user: UserDep, slots: SlotsDep) -> dict[str, Any]:
    """The replay report and the new run's result."""
    async with slots:
        return await service.replay(app, user, run_id, mode=body.mode)


class FeedbackBody(BaseModel):
    """The user's verdict on the run, and why."""

    model_config = ConfigDict(extra="forbid")

    good: bool = Field(description="Was the run's result good (true) or bad (false)?")
    note: str | None = Field(None, max_length=2_000, description="Why, in a few words (kept with the verdict).")


@router.post("/runs/{run_id}/feedback", tags=["runs"], summary="Judge a run: impact on its memories and workflow")
async def feedback(run_id: RunPath, body: FeedbackBody, app: AppDep, user: UserDep) -> dict[str, Any]:
    """The `feedback --json` object: one verdict per run (a second replaces the first)."""
    return await service.feedback(app, user, run_id, good=body.good, note=body.note)


@router.get("/workflows", tags=["workflows"], summary="The user's learned workflows")
async def list_workflows(
    app: AppDep, user: UserDep, include_retired: Annotated[bool, Query(alias="all")] = False
) -> list[dict[str, Any]]:
    """Most recently used first."""
    return await service.list_workflows(app, user, include_retired=include_retired)


@router.post("/workflows", tags=["workflows"], summary="Import a workflow file into the user's procedural memory")
async def import_workflow(body: WorkflowFile, app: AppDep, user: UserDep) -> dict[str, Any]:
    """Validated against this installation's agents; a workflow the user has already gets the new triggers."""
    return await service.import_workflow(app, user, body, origin="the request body")


@router.get("/workflows/{workflow_id}/export", tags=["workflows"], summary="A workflow as a file to import elsewhere")
async def export_workflow(workflow_id: WorkflowPath, app: AppDep, user: UserDep) -> dict[str, Any]:
    """The `workflows export` file (format cognicore.workflow/v1): POST it to /v1/workflows to import it."""
    return await service.export_workflow_file(app, user, workflow_id)


@router.get("/workflows/{workflow_id}", tags=["workflows"], summary="One learned workflow")
async def show_workflow(workflow_id: WorkflowPath, app: AppDep, user: UserDep) -> dict[str, Any]:
    """Template steps, parameters, triggers and reuse record."""
    return await service.show_workflow(app, user, workflow_id)


@router.post("/workflows/{workflow_id}/retire", tags=["workflows"], summary="Retire a workflow")
async def retire_workflow(workflow_id: WorkflowPath, app: AppDep, user: UserDep) -> dict[str, Any]:
    """Kept, but never reused again."""
    return await service.retire_workflow(app, user, workflow_id)
