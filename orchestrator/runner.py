"""Running requests through the compiled graph: progress events, run records, resume and checkpoints."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from typing import Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command
from pydantic import BaseModel, Field

from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.budget import check_input
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.errors import NothingToResume, SessionBusy
from cognicore.orchestrator.role_outputs import ROLE_OUTPUTS
from cognicore.orchestrator.state import State, new_run_input
from cognicore.orchestrator.threads import bind_user, thread_id
from cognicore.workflows.errors import WorkflowNotFound
from cognicore.workflows.recording import Recorder
from cognicore.workflows.replay import (
    MEMORY_WRITE_ROLES,
    PLANNING_ROLES,
    Difference,
    ReplayMode,
    ReplayReport,
    compare_runs,
)
from cognicore.workflows.runs import RunStatus, RunStore

EventHandler = Callable[[dict[str, Any]], None]
FORK_AS_NODE = "classify"  # routes only by Command: updating "as" it adds no edges of its own
LAST_NODE = "remember"  # its only edge goes to END: an update "as" it leaves nothing pending

# The run record's status for each outcome of the graph (refused and unsure are neither success nor failure).
_RUN_STATUS: dict[str, RunStatus] = {"succeeded": "succeeded", "refused": "refused", "unsure": "unsure"}


class RunResult(BaseModel):
    """What `ask --json` prints: the outcome of one request."""

    session: str
    run_id: str
    intent: str | None
    answer: str
    citations: list[dict[str, Any]] = Field(default_factory=list)
    plan: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list)
    workflow: dict[str, Any] | None = None
    engine: str
    model_calls: dict[str, int] = Field(default_factory=dict)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    outcome: str
    error: str | None = None
    request: str | None = None  # the request as run: a follow-up's full request, else the words asked


class CheckpointInfo(BaseModel):
    """One checkpoint of a session's thread, newest first in listings."""

    checkpoint_id: str
    step: int
    source: str
    next: list[str]
    run_id: str | None
    created_at: str | None


def _config(user_id: str, session_id: str, checkpoint_id: str | None = None) -> RunnableConfig:
    configurable: dict[str, Any] = {"thread_id": thread_id(user_id, session_id)}
    if checkpoint_id is not None:
        configurable["checkpoint_id"] = checkpoint_id
    return {"configurable": configurable}


class Runner:
    """Runs, resumes and inspects requests on a compiled graph with a checkpointer, each as one user.

    A run holds its thread's advisory lock from start to end: a second process on the same session is
    told it is busy, and only a run whose process is gone is offered to `resume`.
    """

    def __init__(self, graph: CompiledStateGraph[Any, Any, Any, Any], context: Context, runs: RunStore) -> None:
        self._graph = graph
        self._context = context
        self._runs = runs

    def _as(self, user_id: str) -> CompiledStateGraph[Any, Any, Any, Any]:
        # Row-level security on the checkpoint tables shows a connection only its user's threads.
        return bind_user(self._graph, user_id)  # type: ignore[no-any-return]

    async def ask(
        self, request: str, *, session_id: str, user_id: str, on_event: EventHandler | None = None
    ) -> RunResult:
        """Run one request on the user's session thread and return its result."""
        check_input(request, max_tokens=self._context.max_input_tokens)
        thread = thread_id(user_id, session_id)
        async with self._hold(thread, session_id):
            await self._ensure_idle(user_id, session_id)
            run_id = uuid.uuid4().hex
            await self._runs.start(
                run_id=run_id,
                user_id=user_id,
                session_id=session_id,
                thread_id=thread,
                request=request,
                engine=self._context.engine,
            )
            first = new_run_input(request=request, user_id=user_id, session_id=session_id, run_id=run_id)
            recorder = self._recorder(run_id, user_id)
            return await self._drive(
                first, user_id=user_id, session_id=session_id, recorder=recorder, on_event=on_event
            )

    @asynccontextmanager
    async def _hold(self, thread: str, session_id: str) -> AsyncIterator[None]:
        async with self._runs.hold_thread(thread) as held:
            if not held:
                raise SessionBusy(
                    f"Session {session_id!r} is busy: another process is running a request on it right now; "
                    "wait for it to finish, or use another --session."
                )
            yield

    async def _ensure_idle(self, user_id: str, session_id: str) -> None:
        # Called with the thread's lock held: a pending checkpoint here belongs to a run whose process is gone.
        pending = await self._as(user_id).aget_state(_config(user_id, session_id))
        if pending.next:
            run_id = pending.values.get("run_id")
            record = await self._runs.get(run_id, user_id=user_id) if run_id else None
            how = "stopped" if record is None or record.status == "running" else record.status
            why = f": {record.error}" if record is not None and record.error else ""
            raise SessionBusy(
                f"Session {session_id!r} has an unfinished run ({run_id}, {how}{why}) whose process is gone; "
                f"continue it with `cognicore resume --session {session_id} --user {user_id}` "
                "or use another --session."
            )

    async def resume(self, *, session_id: str, user_id: str, on_event: EventHandler | None = None) -> RunResult:
        """Continue the session's interrupted run from its last checkpoint; completed steps are not redone."""
        async with self._hold(thread_id(user_id, session_id), session_id):
            snapshot = await self._as(user_id).aget_state(_config(user_id, session_id))
            if not snapshot.next:
                raise NothingToResume(f"Session {session_id!r} of user {user_id!r} has no interrupted run to resume.")
            run_id = snapshot.values["run_id"]
            # The calls the crashed attempt stored stay; a task that runs again replaces its own.
            earlier = await self._runs.calls(run_id, user_id=user_id)
            recorder = self._recorder(
                run_id,
                user_id,
                first_seq=max((c.seq for c in earlier), default=-1) + 1,
                stale_tasks={c.task_id for c in earlier if c.task_id},
            )
            await self._runs.reopen(run_id, user_id=user_id)
            return await self._drive(
                None, user_id=user_id, session_id=session_id, recorder=recorder, on_event=on_event, run_id=run_id
            )

    async def history(self, *, session_id: str, user_id: str, limit: int = 100) -> list[CheckpointInfo]:
        """The user's session checkpoints, newest first."""
        out: list[CheckpointInfo] = []
        async for snap in self._as(user_id).aget_state_history(_config(user_id, session_id), limit=limit):
            meta = snap.metadata or {}
            out.append(
                CheckpointInfo(
                    checkpoint_id=snap.config["configurable"]["checkpoint_id"],
                    step=int(meta.get("step", -1)),
                    source=str(meta.get("source", "")),
                    next=list(snap.next),
                    run_id=snap.values.get("run_id"),
                    created_at=snap.created_at,
                )
            )
        return out

    async def replay(
        self, run_id: str, *, user_id: str, mode: ReplayMode = "recorded", on_event: EventHandler | None = None
    ) -> tuple[ReplayReport, RunResult]:
        """Re-execute one of the user's recorded runs on a fresh thread and compare it with the original.

        `recorded`: every role answers from the recording (tools that declare `deterministic = False`
        too), so any difference comes from code. `live`: only the planning decisions come from the
        recording; sub-agents and their roles run against today's models and data.
        """
        original = await self._runs.get(run_id, user_id=user_id)
        if original is None or original.result is None:
            raise WorkflowNotFound(
                f"No finished run {run_id!r} for user {user_id!r}; see `cognicore runs list --user {user_id}`."
            )
        recording = await self._runs.calls(run_id, user_id=user_id)
        new_id = uuid.uuid4().hex
        session_id = f"replay-{run_id[:8]}-{new_id[:6]}"
        recorder = self._recorder(
            new_id, user_id, recording=recording, serve=PLANNING_ROLES if mode == "live" else None
        )
        await self._runs.start(
            run_id=new_id,
            user_id=user_id,
            session_id=session_id,
            thread_id=thread_id(user_id, session_id),
            request=original.request,
            engine=self._context.engine,
            origin="replay",
            parent_run_id=run_id,
        )
        first = new_run_input(request=original.request, user_id=user_id, session_id=session_id, run_id=new_id)
        result = await self._drive(
            first,
            user_id=user_id,
            session_id=session_id,
            recorder=recorder,
            on_event=on_event,
            context=replace(self._context, learn=False),
        )
        differences = compare_runs(original.result, result.model_dump(mode="json"))
        if mode == "recorded":
            differences += [
                Difference(where="model calls", expected=call, actual="never made")
                for call in recorder.unused(ignore=MEMORY_WRITE_ROLES)
            ]
        report = ReplayReport(
            original_run=run_id, replay_run=new_id, mode=mode, identical=not differences, differences=differences
        )
        return report, result

    async def fork(
        self, *, session_id: str, user_id: str, checkpoint_id: str, on_event: EventHandler | None = None
    ) -> RunResult:
        """Time travel: continue the session from an earlier checkpoint as a new run (a branch of the thread).

        The original run and its checkpoints stay as they were; the fork gets its own run id, so its
        artefacts and records never overwrite the original's.
        """
        thread = thread_id(user_id, session_id)
        async with self._hold(thread, session_id):
            await self._ensure_idle(user_id, session_id)
            config = _config(user_id, session_id, checkpoint_id)
            snapshot = await self._as(user_id).aget_state(config)
            if not snapshot.values:
                raise NothingToResume(
                    f"Session {session_id!r} has no checkpoint {checkpoint_id!r}; list them with "
                    f"`cognicore history --session {session_id} --user {user_id}`."
                )
            if not snapshot.next:
                raise NothingToResume(f"Checkpoint {checkpoint_id!r} ends a run; fork from an earlier one.")
            parent = snapshot.values["run_id"]
            new_id = uuid.uuid4().hex
            record = await self._runs.get(parent, user_id=user_id)
            await self._runs.start(
                run_id=new_id,
                user_id=user_id,
                session_id=session_id,
                thread_id=thread,
                request=snapshot.values["request"],
                engine=self._context.engine,
                origin="fork",
                parent_run_id=parent if record else None,
            )
            # Sub-agent nodes are reached with `Send` payloads that a goto cannot carry: `execute` re-dispatches
            # the steps still to do. `as_node` is a node with no static edges, so only `goto` decides what runs.
            goto = list(dict.fromkeys("execute" if n in self._context.registry else n for n in snapshot.next))
            await self._as(user_id).aupdate_state(
                config, Command(goto=goto, update={"run_id": new_id}), as_node=FORK_AS_NODE
            )
            recorder = self._recorder(new_id, user_id)
            return await self._drive(
                None, user_id=user_id, session_id=session_id, recorder=recorder, on_event=on_event, run_id=new_id
            )

    def _recorder(self, run_id: str, user_id: str, **kwargs: Any) -> Recorder:
        # Each call is stored as it happens (one round trip, `RunCallSink.save`): a kill -9 keeps the calls of a
        # step that was still running, which its re-run on resume then replaces.
        return Recorder(outputs=ROLE_OUTPUTS, sink=self._runs.sink(run_id, user_id), **kwargs)

    async def _drive(
        self,
        graph_input: State | None,
        *,
        user_id: str,
        session_id: str,
        recorder: Recorder,
        on_event: EventHandler | None,
        context: Context | None = None,
        run_id: str | None = None,
    ) -> RunResult:
        emit = on_event or (lambda _event: None)
        context = replace(context or self._context, recorder=recorder)
        config = _config(user_id, session_id)
        run_id = run_id or (graph_input or {}).get("run_id")
        assert run_id is not None, "a run is driven with its id: in its input, or read by resume/fork"
        graph = self._as(user_id)
        started = time.perf_counter()
        node_started: dict[str, float] = {}
        timings: dict[str, float] = {}
        last: dict[str, Any] | None = None  # the newest checkpoint, as the stream reports it
        try:
            stream = graph.astream(
                graph_input, config, context=context, stream_mode=["tasks", "custom", "checkpoints"], durability="sync"
            )
            async for mode, chunk in cast("AsyncIterator[tuple[str, dict[str, Any]]]", stream):
                if mode == "custom":
                    emit(chunk)
                elif mode == "checkpoints":
                    last = chunk
                elif "input" in chunk:  # a task started
                    node_started[chunk["id"]] = time.perf_counter()
                    emit({"event": "node_start", "node": chunk["name"]})
                else:
                    began = node_started.pop(chunk["id"], None)
                    if began is not None and chunk["name"] not in self._context.registry:
                        ms = (time.perf_counter() - began) * 1000
                        timings[chunk["name"]] = round(timings.get(chunk["name"], 0.0) + ms, 1)
                    emit({"event": "node_end", "node": chunk["name"], "error": chunk.get("error")})
        except (KeyboardInterrupt, asyncio.CancelledError):
            await asyncio.shield(recorder.settle())
            await asyncio.shield(
                self._end(
                    run_id,
                    user_id,
                    "interrupted",
                    f"interrupted; resume with `cognicore resume --session {session_id} --user {user_id}`",
                )
            )
            raise
        except ModelCallError as exc:
            # The model failed after its retries: the run is over, not paused. Closing its thread (an update
            # as the last node) keeps the session usable for the next request instead of blocking it.
            reason = f"ModelCallError: {exc}"
            await self._end(run_id, user_id, "failed", reason)
            with suppress(Exception):
                await self._as(user_id).aupdate_state(config, {"outcome": "failed", "error": reason}, as_node=LAST_NODE)
            raise
        except Exception as exc:
            await self._end(run_id, user_id, "failed", f"{type(exc).__name__}: {exc}")
            raise
        timings["total"] = round((time.perf_counter() - started) * 1000, 1)
        if last is None:  # the stream reported no checkpoint (nothing ran): read the thread's newest
            snapshot = await graph.aget_state(config)
            last = {"values": snapshot.values, "config": snapshot.config}
        result = self._result(last["values"], session_id=session_id, timings=timings)
        await self._runs.finish(
            run_id,
            user_id=user_id,
            status=_RUN_STATUS.get(result.outcome, "failed"),
            result=result.model_dump(mode="json"),
            checkpoint_id=last["config"]["configurable"].get("checkpoint_id"),
            error=result.error,
        )
        return result

    async def _end(self, run_id: str, user_id: str, status: RunStatus, error: str) -> None:
        # Best effort: when the database itself is gone, the original error is the one to report.
        with suppress(Exception):
            await self._runs.mark(run_id, user_id=user_id, status=status, error=error)

    def _result(self, values: dict[str, Any], *, session_id: str, timings: dict[str, float]) -> RunResult:
        results: dict[str, Any] = values.get("results") or {}
        plan = values.get("plan")
        order = [s["id"] for s in plan["steps"]] if plan else list(results)
        steps = [
            {
                "id": sid,
                "agent": results[sid]["agent"],
                "status": results[sid]["status"],
                "output": results[sid]["summary"] if results[sid]["status"] == "ok" else results[sid]["error"],
                "ms": results[sid].get("ms"),
            }
            for sid in order
            if sid in results
        ]
        for step in steps:
            timings[f"step:{step['id']}"] = step.pop("ms") or 0.0
        return RunResult(
            session=session_id,
            run_id=values["run_id"],
            intent=values.get("intent"),
            answer=values.get("answer", ""),
            citations=values.get("citations", []),
            plan={"steps": plan["steps"]} if plan else None,
            steps=steps,
            artifacts=values.get("artifacts", []),
            engine=self._context.engine,
            model_calls=values.get("model_calls") or {},
            timings_ms=timings,
            workflow=values.get("workflow"),
            outcome=values.get("outcome", "failed"),
            error=values.get("error"),
            request=values.get("request"),
        )
