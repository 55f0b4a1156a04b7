"""The role recorder: typed wrapping, scopes per LangGraph task, revival from a closed map, crash replacement."""

from __future__ import annotations

import asyncio
import operator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any, TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from cognicore.orchestrator.role_outputs import ROLE_OUTPUTS
from cognicore.subagents.role_names import RoleName, tool_role
from cognicore.subagents.types import Plan, StepOutput
from cognicore.workflows.errors import ReplayMismatch
from cognicore.workflows.recording import ModelCall, Recorder, current_recorder, recorded
from cognicore.workflows.store import Workflow, WorkflowMatch


@dataclass
class ListSink:
    """Keeps what a recorder stores, in order; `dropped` lists the tasks whose calls were replaced."""

    saved: list[ModelCall] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    async def save(self, call: ModelCall) -> None:
        self.saved.append(call)

    async def drop_task(self, task_id: str) -> None:
        self.dropped.append(task_id)
        self.saved = [c for c in self.saved if c.task_id != task_id]


class Echo:
    """A role: answers with its question, counting calls."""

    def __init__(self) -> None:
        self.calls = 0

    async def answer(self, *, question: str) -> StepOutput:
        self.calls += 1
        return StepOutput(summary=f"answer to {question}")


@dataclass(frozen=True)
class Ctx:
    echo: Echo
    recorder: Recorder | None = None


class S(TypedDict, total=False):
    questions: list[str]
    answers: Annotated[list[str], operator.add]


async def _ask(task: dict[str, Any], runtime: Runtime[Ctx]) -> dict[str, Any]:
    if runtime.context.recorder is not None:
        runtime.context.recorder.enter_scope(task["step"])
    out = await runtime.context.echo.answer(question=task["q"])
    return {"answers": [out.summary]}


def _graph() -> Any:
    g: StateGraph[Any, Ctx, Any, Any] = StateGraph(S, context_schema=Ctx)
    g.add_node("ask", _ask)  # type: ignore[call-overload]
    g.add_conditional_edges(
        START, lambda s: [Send("ask", {"q": q, "step": f"s{i}"}) for i, q in enumerate(s["questions"], 1)]
    )
    g.add_edge("ask", END)
    return g.compile()


def test_recorded_keeps_the_role_and_passes_through_outside_a_run() -> None:
    echo = Echo()
    wrapped = recorded(RoleName.COMPOSE_ANSWER, echo)
    assert current_recorder() is None
    assert asyncio.run(wrapped.answer(question="q")).summary == "answer to q" and echo.calls == 1


def test_parallel_tasks_are_filed_under_their_steps_and_stored_as_they_happen() -> None:
    echo, sink = Echo(), ListSink()
    recorder = Recorder(outputs=ROLE_OUTPUTS, sink=sink)
    ctx = Ctx(echo=recorded(tool_role("echo"), echo), recorder=recorder)
    asyncio.run(_graph().ainvoke({"questions": ["a", "b"]}, context=ctx))
    assert sorted((c.role, c.scope, c.input["question"]) for c in sink.saved) == [
        ("tool:echo", "s1", "a"),
        ("tool:echo", "s2", "b"),
    ]
    assert all(c.task_id for c in sink.saved) and len({c.task_id for c in sink.saved}) == 2


def test_a_task_run_again_after_a_crash_replaces_its_calls_once() -> None:
    echo, sink = Echo(), ListSink()
    first = Recorder(outputs=ROLE_OUTPUTS, sink=sink)
    asyncio.run(_graph().ainvoke({"questions": ["a"]}, context=Ctx(recorded("tool:echo", echo), first)))
    [killed] = sink.saved
    assert killed.task_id is not None
    again = Recorder(outputs=ROLE_OUTPUTS, sink=sink, first_seq=1, stale_tasks={killed.task_id, "finished-task"})
    asyncio.run(again._record("tool:echo", "s1", killed.task_id, {}, StepOutput(summary="x"), 1.0))
    asyncio.run(again._record("tool:echo", "s1", killed.task_id, {}, StepOutput(summary="y"), 1.0))
    assert sink.dropped == [killed.task_id], "dropped once, before the re-run's first call"
    assert [c.output["summary"] for c in sink.saved] == ["x", "y"] and [c.seq for c in sink.saved] == [1, 2]


def test_replay_serves_recorded_answers_revived_from_the_closed_map() -> None:
    echo = Echo()
    recording = [
        ModelCall(
            seq=0, role="tool:echo", scope="s1", input={}, output={"summary": "from the tape"}, output_type="x", ms=1
        )
    ]
    recorder = Recorder(recording, outputs=ROLE_OUTPUTS)
    out = asyncio.run(_graph().ainvoke({"questions": ["a"]}, context=Ctx(recorded("tool:echo", echo), recorder)))
    assert out["answers"] == ["from the tape"] and echo.calls == 0
    assert recorder.unused() == [] and recorder.calls[0].replayed


def test_revival_covers_nested_dataclasses_and_never_imports_a_recorded_name() -> None:
    recorder = Recorder(outputs=ROLE_OUTPUTS)
    now = datetime.now(UTC).isoformat()
    workflow = {
        "id": 1,
        "user_id": "ann",
        "name": "n",
        "signature": "s",
        "features": ["data"],
        "template": {"steps": []},
        "parameters": {},
        "status": "active",
        "usage_count": 1,
        "success_count": 1,
        "failure_count": 0,
        "recent_outcomes": [True],
        "source_run_id": None,
        "created_at": now,
        "last_used_at": now,
        "triggers": ["t"],
    }
    [match] = recorder.revive(RoleName.LOOKUP_WORKFLOW, [{"workflow": workflow, "similarity": 0.9, "trigger": "t"}])
    assert isinstance(match, WorkflowMatch) and isinstance(match.workflow, Workflow)
    assert match.workflow.status == "active" and match.workflow.features == ("data",)
    assert isinstance(recorder.revive(RoleName.PLAN, {"steps": []}), Plan)
    with pytest.raises(ReplayMismatch, match="no output type"):
        recorder.revive("os:system", {"command": "true"})
    assert set(ROLE_OUTPUTS) >= {r.value for r in RoleName} - {"extract_facts", "reflect"}


@dataclass
class SlowSink(ListSink):
    """A sink whose write takes a while, like a round trip to a busy server."""

    delay: float = 0.2

    async def save(self, call: ModelCall) -> None:
        await asyncio.sleep(self.delay)
        self.saved.append(call)


async def test_a_run_cancelled_twice_mid_write_still_stores_the_call_before_it_settles() -> None:
    # A client that hangs up can have the run cancelled twice; the write must still land before the run is
    # marked ended, or the database commits it after a resume has numbered its own calls (a duplicate seq).
    sink = SlowSink()
    recorder = Recorder(outputs=ROLE_OUTPUTS, sink=sink)

    async def answer() -> StepOutput:
        return StepOutput(summary="done")

    call = asyncio.ensure_future(recorder.call(RoleName.COMPOSE_ANSWER, answer, (), {}))
    await asyncio.sleep(0.05)  # the role has answered; its call is being written
    call.cancel()
    await asyncio.sleep(0)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert sink.saved == []  # still in flight
    await recorder.settle()
    assert [c.output["summary"] for c in sink.saved] == ["done"]


async def test_settle_returns_at_once_when_nothing_is_being_written() -> None:
    recorder = Recorder(outputs=ROLE_OUTPUTS, sink=ListSink())
    await asyncio.wait_for(recorder.settle(), timeout=0.5)
