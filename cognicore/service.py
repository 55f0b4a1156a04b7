"""The application service layer the HTTP API and the CLI both call: one function per use case, JSON out.

A CLI command's `--json` output and an endpoint's response body are the same object, and their errors the
same class with the same message (the CLI prints `{"error": {type, message}}`, the API problem JSON).

Every function takes the open `App` and the acting user, and checks that what it reads or changes
belongs to that user: sessions and runs by their run records, workflows and memories by their stores.
"""

from __future__ import annotations

import hashlib
from pathlib import PurePath
from typing import Any, Literal

from pydantic_core import to_jsonable_python

from cognicore.app import App, ChatEngine, MemoryWork, process_memory
from cognicore.memory.errors import IngestError
from cognicore.memory.stream_types import NewMemory
from cognicore.models import build_chat
from cognicore.orchestrator.reuse import derive_parameters, fill, keywords
from cognicore.orchestrator.runner import EventHandler, Runner
from cognicore.service_errors import NotFound
from cognicore.subagents.validation import plan_problems
from cognicore.users import DataKeys, get_credential
from cognicore.workflows.errors import WorkflowFileError, WorkflowNotFound
from cognicore.workflows.store import Workflow
from cognicore.workflows.transfer import WorkflowFile, export_workflow

__all__ = [
    "KNOWLEDGE_SUFFIXES",
    "NotFound",
    "after_reply",
    "ask",
    "drain_memory",
    "export_workflow_file",
    "feedback",
    "fork",
    "import_workflow",
    "list_agents",
    "list_documents",
    "list_runs",
    "list_workflows",
    "plain",
    "replay",
    "resume",
    "retire_workflow",
    "session_history",
    "show_run",
    "show_workflow",
    "upload_document",
    "workflow_json",
]

KNOWLEDGE_SUFFIXES = (".md", ".markdown", ".txt")


def plain(value: Any) -> Any:
    """Dataclasses, datetimes and numpy vectors as JSON values."""
    return to_jsonable_python(value, fallback=str)


async def _own_session(app: App, user: str, session: str) -> None:
    if not await app.runs.list(user_id=user, session_id=session, limit=1):
        raise NotFound(
            f"No session {session!r} for user {user!r}; start one with `cognicore ask --session` or POST /v1/ask."
        )


MAX_CACHED_ENGINES = 256


async def user_engine(app: App, user: str) -> ChatEngine | None:
    """The user's own model when the user stored a Gemini key (`PUT /v1/me/credentials/gemini`), else None.

    The key is opened per request (one indexed read) so a replaced or removed key takes effect at once;
    the engine built on it is cached by a digest of user and key, never by the key itself.
    """
    if app.with_chat is None:
        return None
    secret = await get_credential(app.pool, DataKeys.from_settings(app.settings), user, "gemini")
    if secret is None:
        return None
    digest = hashlib.sha256(f"{user}\x00{secret}".encode()).hexdigest()
    engine: ChatEngine | None = app.engines.get(digest)
    if engine is None:
        built = build_chat(app.settings, gemini_key=secret)
        assert built is not None  # a key was given
        engine = app.with_chat(*built)
        while len(app.engines) >= MAX_CACHED_ENGINES:
            app.engines.pop(next(iter(app.engines)))
        app.engines[digest] = engine
    return engine


async def runner_for(app: App, user: str) -> Runner:
    """The runner of the user's requests: on the user's own model when it has one."""
    engine = await user_engine(app, user)
    return app.runner if engine is None else engine.runner


async def ask(
    app: App, user: str, request: str, *, session: str, on_event: EventHandler | None = None
) -> dict[str, Any]:
    """Run one request on the user's session and return the `ask --json` object."""
    runner = await runner_for(app, user)
    result = await runner.ask(request, session_id=session, user_id=user, on_event=on_event)
    return result.model_dump(mode="json")


async def after_reply(app: App, user: str) -> MemoryWork:
    """Post-reply memory work (fact extraction, reflection when due), as the CLI does after `ask`."""
    engine = await user_engine(app, user)
    return await process_memory(app, user_id=user, roles=None if engine is None else engine.roles)


def list_agents(app: App) -> list[dict[str, str]]:
    """The registered sub-agents, by name with their description (the `agents --json` rows)."""
    return [{"name": a.name, "description": a.description} for a in app.registry]


async def drain_memory(app: App, user: str | None) -> dict[str, Any]:
    """Run the queued memory work now (fact extraction, reflection when due) of `user` (None: everyone)."""
    engine = None if user is None else await user_engine(app, user)
    work = await process_memory(app, user_id=user, roles=None if engine is None else engine.roles)
    return {"jobs": plain(work.jobs), "reflections": work.reflections}


async def session_history(app: App, user: str, session: str, *, limit: int = 50) -> list[dict[str, Any]]:
    """The session's checkpoints, newest first."""
    await _own_session(app, user, session)
    return [c.model_dump() for c in await app.runner.history(session_id=session, user_id=user, limit=limit)]


async def resume(app: App, user: str, session: str, *, on_event: EventHandler | None = None) -> dict[str, Any]:
    """Continue the session's interrupted run from its last checkpoint."""
    await _own_session(app, user, session)
    runner = await runner_for(app, user)
    return (await runner.resume(session_id=session, user_id=user, on_event=on_event)).model_dump(mode="json")


async def fork(
    app: App, user: str, session: str, checkpoint: str, *, on_event: EventHandler | None = None
) -> dict[str, Any]:
    """Continue the session from an earlier checkpoint as a new run."""
    await _own_session(app, user, session)
    runner = await runner_for(app, user)
    result = await runner.fork(session_id=session, user_id=user, checkpoint_id=checkpoint, on_event=on_event)
    return result.model_dump(mode="json")


async def list_runs(app: App, user: str, *, session: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
    """The user's recorded runs, newest first (the `runs list --json` rows)."""
    runs = await app.runs.list(session_id=session, user_id=user, limit=limit)
    return [r.model_dump(mode="json", exclude={"result", "steps", "plan"}) for r in runs]


async def show_run(app: App, user: str, run_id: str) -> dict[str, Any]:
    """One of the user's runs with its model calls (the `runs show --json` object)."""
    record = await app.runs.get(run_id, user_id=user)
    if record is None:
        raise NotFound(f"No run {run_id!r} for user {user!r}; see `cognicore runs list` or GET /v1/runs.")
    calls = await app.runs.calls(run_id, user_id=user)
    return {**record.model_dump(mode="json"), "calls": [c.model_dump(mode="json") for c in calls]}


async def replay(
    app: App,
    user: str,
    run_id: str,
    *,
    mode: Literal["recorded", "live"] = "recorded",
    on_event: EventHandler | None = None,
) -> dict[str, Any]:
    """Re-execute one of the user's recorded runs and report the differences (with the new run's result)."""
    record = await app.runs.get(run_id, user_id=user)
    if record is None:
        raise NotFound(f"No run {run_id!r} for user {user!r}; see `cognicore runs list` or GET /v1/runs.")
    runner = await runner_for(app, user)
    report, result = await runner.replay(run_id, user_id=user, mode=mode, on_event=on_event)
    return {**report.model_dump(mode="json"), "result": result.model_dump(mode="json")}


async def feedback(app: App, user: str, run_id: str, *, good: bool, note: str | None = None) -> dict[str, Any]:
    """Judge one of the user's runs: impact on the memories it used and on its workflow (`feedback --json`)."""
    from cognicore.feedback import give_feedback  # the feedback module imports this package's error

    return dict(plain(await give_feedback(app, run_id, user_id=user, good=good, note=note)))


def workflow_json(wf: Workflow) -> dict[str, Any]:
    """A learned workflow as JSON (the `workflows show --json` object)."""
    return {
        "id": wf.id,
        "name": wf.name,
        "status": wf.status,
        "features": list(wf.features),
        "usage_count": wf.usage_count,
        "candidate_count": wf.candidate_count,
        "success_count": wf.success_count,
        "failure_count": wf.failure_count,
        "recent_outcomes": list(wf.recent_outcomes),
        "template": wf.template,
        "parameters": wf.parameters,
        "triggers": list(wf.triggers),
        "source_run_id": wf.source_run_id,
        "created_at": wf.created_at.isoformat(),
        "last_used_at": wf.last_used_at.isoformat(),
    }


async def list_workflows(app: App, user: str, *, include_retired: bool = False) -> list[dict[str, Any]]:
    """The user's learned workflows, most recently used first."""
    return [workflow_json(w) for w in await app.workflows.list(user_id=user, include_retired=include_retired)]


async def show_workflow(app: App, user: str, workflow_id: int) -> dict[str, Any]:
    """One of the user's workflows."""
    try:
        return workflow_json(await app.workflows.get(workflow_id=workflow_id, user_id=user))
    except WorkflowNotFound as exc:
        raise NotFound(str(exc)) from None


async def retire_workflow(app: App, user: str, workflow_id: int) -> dict[str, Any]:
    """Retire one of the user's workflows: kept, never reused."""
    try:
        await app.workflows.set_status(workflow_id=workflow_id, user_id=user, status="retired")
    except WorkflowNotFound as exc:
        raise NotFound(str(exc)) from None
    return await show_workflow(app, user, workflow_id)


async def export_workflow_file(app: App, user: str, workflow_id: int) -> dict[str, Any]:
    """One of the user's workflows in the file form `workflows import` (and POST /v1/workflows) accepts."""
    try:
        workflow = await app.workflows.get(workflow_id=workflow_id, user_id=user)
    except WorkflowNotFound as exc:
        raise NotFound(str(exc)) from None
    return export_workflow(workflow).model_dump(mode="json")


async def import_workflow(app: App, user: str, data: WorkflowFile, *, origin: str = "the workflow") -> dict[str, Any]:
    """Validate a workflow file against the registered agents and add it to the user's procedural memory.

    Returns `{"id", "created"}`; a workflow the user has already gets the file's triggers added instead.
    """
    example = {**derive_parameters(data.triggers[0]), **data.parameters}
    try:
        problems = plan_problems(fill(data.template, example), app.registry)
    except (KeyError, ValueError) as exc:
        problems = [f"a step instruction has an unknown placeholder or bad braces: {exc}"]
    if problems:
        raise WorkflowFileError(f"{origin}: the workflow does not fit this installation: " + " ".join(problems))
    first = await app.roles.keyer.key(request=data.triggers[0])
    wf_id, created = await app.workflows.learn(
        user_id=user,
        name=data.name,
        template=data.template,
        parameters=data.parameters,
        features=data.features or first.features,
        trigger=data.triggers[0],
        skeleton=first.skeleton,
        keywords=keywords(first.skeleton),
        run_id=None,
    )
    for trigger in data.triggers[1:]:
        key = await app.roles.keyer.key(request=trigger)
        await app.workflows.add_trigger(
            workflow_id=wf_id, user_id=user, trigger=trigger, skeleton=key.skeleton, keywords=keywords(key.skeleton)
        )
    return {"id": wf_id, "created": created}


async def upload_document(app: App, user: str, filename: str, data: bytes) -> dict[str, Any]:
    """Add or replace one Markdown or text document in the knowledge base; an observation for the user."""
    name = PurePath(filename or "").name
    if not name.lower().endswith(KNOWLEDGE_SUFFIXES):
        raise IngestError(f"{name or '(no name)'}: only {', '.join(KNOWLEDGE_SUFFIXES)} files can be uploaded.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise IngestError(f"{name}: not UTF-8 text; convert it and upload again.") from None
    if "\x00" in text:
        raise IngestError(f"{name}: contains NUL characters, so it is not a text file.")
    source = f"upload/{name}"
    status = await app.knowledge.ingest_text(source, text)
    if status != "unchanged":
        await app.memory.stream.add(
            user,
            [
                NewMemory(
                    kind="observation",
                    importance=4,
                    content=f"Uploaded {name} to the knowledge base",
                    metadata={"source": source},
                )
            ],
        )
    return {"source": source, "status": status, "bytes": len(data)}


async def list_documents(app: App) -> list[dict[str, Any]]:
    """Every document of the (shared) knowledge base, by source."""
    return list(plain(await app.knowledge.documents()))
