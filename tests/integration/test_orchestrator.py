"""The orchestrator end to end on a real database: offline engine, scripted models, replans, resume."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cognicore.orchestrator.errors import InputRejected, NothingToResume, SessionBusy
from cognicore.subagents.sql_writer import SqlDraft
from cognicore.subagents.types import AgentContext, Plan, PlanStep, StepInput, StepOutput
from tests.fakes import junk, routed, scripted
from tests.integration.conftest import AppFactory

DEMO_TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"


async def _turns(pool, session: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT speaker, content FROM conversation_turns WHERE session_id = %s ORDER BY round, id",
            (session,),
        )
        return [(r["speaker"], r["content"]) for r in await cur.fetchall()]


async def test_question_is_answered_from_the_knowledge_base_with_citations(app, pool) -> None:  # type: ignore[no-untyped-def]
    result = await app.runner.ask("What is the return policy for opened headphones?", session_id="q1", user_id="ann")
    assert result.intent == "question"
    assert result.outcome == "succeeded"
    assert result.citations, "a RAG answer cites its sources"
    assert any("return" in c["source"].lower() or "return" in c["title"].lower() for c in result.citations)
    assert result.model_calls == {"classify": 1, "compose_answer": 1, "score_importance": 1}
    assert result.plan is None and result.engine == "offline"
    assert await _turns(pool, "q1") == [
        ("user", "What is the return policy for opened headphones?"),
        ("assistant", result.answer),
    ]


async def test_demo_task_plans_three_steps_over_several_agents_and_writes_a_report(app, pool) -> None:  # type: ignore[no-untyped-def]
    events: list[dict] = []
    result = await app.runner.ask(DEMO_TASK, session_id="t1", user_id="ann", on_event=events.append)
    assert result.intent == "task" and result.outcome == "succeeded", result.error
    steps = result.plan["steps"]
    assert len(steps) >= 3 and len({s["agent"] for s in steps}) >= 2
    assert all(s["status"] == "ok" for s in result.steps)
    db_step = next(s for s in result.steps if s["agent"] == "database_query")
    assert "3 row" in db_step["output"] or db_step["output"].count("\n|") >= 3
    paths = [Path(a) for a in result.artifacts]
    assert any(p.suffix == ".md" and p.exists() for p in paths)
    assert any(p.suffix == ".png" and p.read_bytes().startswith(b"\x89PNG") for p in paths)
    assert result.model_calls["plan"] == 1 and result.model_calls["classify"] == 1
    assert result.model_calls["write_sql"] == 1 and result.model_calls["write_report"] == 1
    # progress: every step started and ended, and the parallel steps were dispatched before any ended
    kinds = [(e["event"], e.get("step")) for e in events if e.get("event", "").startswith("step_")]
    assert {s for k, s in kinds if k == "step_start"} == {s["id"] for s in steps}
    record = await app.runs.get(result.run_id, user_id="ann")
    assert record is not None and record.status == "succeeded" and record.plan == result.plan
    assert record.checkpoint_id


@pytest.mark.parametrize(
    ("request_text", "rows"),
    [
        ("Write a brief on our top 5 products by revenue in Europe last year", 5),
        ("Which 4 products sold the most units this year? Put it in a short report with a chart.", 4),
    ],
)
async def test_paraphrased_tasks_run_offline(app, request_text: str, rows: int) -> None:  # type: ignore[no-untyped-def]
    result = await app.runner.ask(request_text, session_id=f"p{rows}", user_id="ann")
    assert result.outcome == "succeeded", result.error
    db = next(s for s in result.steps if s["agent"] == "database_query")
    run = await app.runs.get(result.run_id, user_id="ann")
    assert run is not None
    assert any(p.endswith(".md") for p in result.artifacts)
    assert f"{rows} row" in db["output"]


async def test_data_question_is_a_one_step_task(app) -> None:  # type: ignore[no-untyped-def]
    result = await app.runner.ask(
        "What were the top 3 regions by revenue last quarter?", session_id="d1", user_id="ann"
    )
    assert result.intent == "task" and result.outcome == "succeeded"
    assert [s["agent"] for s in result.steps] == ["database_query"]
    assert "|" in result.answer  # the table is the answer


async def test_oversized_input_is_refused_before_anything_is_stored(app, pool) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputRejected, match="limit is 32,000"):
        await app.runner.ask("word " * 40_000, session_id="big", user_id="ann")
    assert await app.runs.list(user_id="ann", session_id="big") == []
    assert await app.runner.history(session_id="big", user_id="ann") == []


async def test_llm_planner_unknown_agent_is_replanned_with_feedback(make_app: AppFactory) -> None:
    bad = Plan(steps=[PlanStep(id="s1", agent="web_search", instruction="search the web")])
    good = Plan(steps=[PlanStep(id="s1", agent="database_query", instruction="revenue by region in 2025")])
    sql = SqlDraft(
        sql="SELECT r.name AS region, count(*) AS n FROM regions r GROUP BY r.name ORDER BY n DESC",
        explanation="regions",
    )
    model = routed(
        IntentDecision=[{"intent": "task", "reason": "needs data"}],
        Plan=[bad, good],
        SqlDraft=[sql],
    )
    async with make_app(chat_model=model) as app:
        result = await app.runner.ask("revenue by region", session_id="llm1", user_id="ann")
    assert result.outcome == "succeeded", result.error
    # key_workflow and score_importance have no scripted reply: the first falls back to planning, the
    # second to the offline rules, and the run still succeeds.
    assert result.model_calls == {"classify": 1, "key_workflow": 1, "plan": 2, "write_sql": 1, "score_importance": 1}
    assert result.engine.startswith("model:")
    assert result.steps[0]["agent"] == "database_query" and result.steps[0]["status"] == "ok"


async def test_junk_planner_output_ends_in_a_clear_error_not_a_crash(make_app: AppFactory, settings) -> None:  # type: ignore[no-untyped-def]
    settings.max_replans = 1
    model = routed(IntentDecision=[{"intent": "task", "reason": "x"}], Plan=[junk() for _ in range(4)])
    async with make_app(chat_model=model, settings=settings) as app:
        result = await app.runner.ask("do something", session_id="junk", user_id="ann")
    assert result.outcome == "failed"
    assert "Could not make a valid plan" in (result.error or "") and "unusable output" in (result.error or "")
    assert result.model_calls["plan"] == 2
    assert "could not complete" in result.answer.lower()


async def test_cyclic_plan_is_refused(make_app: AppFactory, settings) -> None:  # type: ignore[no-untyped-def]
    settings.max_replans = 0
    cyclic = Plan(
        steps=[
            PlanStep(id="s1", agent="rag_query", instruction="a", depends_on=["s2"]),
            PlanStep(id="s2", agent="rag_query", instruction="b", depends_on=["s1"]),
        ]
    )
    model = routed(IntentDecision=[{"intent": "task", "reason": "x"}], Plan=[cyclic])
    async with make_app(chat_model=model, settings=settings) as app:
        result = await app.runner.ask("loop", session_id="cyc", user_id="ann")
    assert result.outcome == "failed" and "cycle" in (result.error or "")


@dataclass
class Recorder:
    """A test sub-agent that records each execution; it can crash or block on its first call."""

    name: str
    description: str
    input_hint: str = ""
    deterministic: bool = True
    calls: list[str] = field(default_factory=list)
    crash_first: bool = False
    gate: asyncio.Event | None = None
    started: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        self.calls.append(task.step_id)
        self.started.set()
        if self.gate is not None and len(self.calls) == 1:
            await self.gate.wait()
        if self.crash_first and len(self.calls) == 1:
            raise RuntimeError("simulated crash inside the step")
        return StepOutput(summary=f"{self.name} did {task.step_id} with inputs {sorted(task.inputs)}")


def _two_step_model():  # type: ignore[no-untyped-def]
    plan = Plan(
        steps=[
            PlanStep(id="s1", agent="tally", instruction="count"),
            PlanStep(id="s2", agent="fragile", instruction="use the count", depends_on=["s1"]),
        ]
    )
    return routed(IntentDecision=[{"intent": "task", "reason": "x"}], Plan=[plan])


async def test_crash_inside_a_step_resumes_without_redoing_completed_steps(make_app: AppFactory) -> None:
    tally = Recorder("tally", "Counts things.")
    fragile = Recorder("fragile", "Uses the count.", crash_first=True)
    async with make_app(chat_model=_two_step_model(), extra_agents=[tally, fragile]) as app:
        with pytest.raises(RuntimeError, match="simulated crash"):
            await app.runner.ask("count then use", session_id="crash", user_id="ann")
        record = (await app.runs.list(user_id="ann", session_id="crash"))[0]
        assert record.status == "failed"
        with pytest.raises(SessionBusy, match="cognicore resume --session crash"):
            await app.runner.ask("another", session_id="crash", user_id="ann")
    # a new process: a fresh app, no model replies left, the same agents
    async with make_app(chat_model=scripted([]), extra_agents=[tally, fragile]) as app:
        result = await app.runner.resume(session_id="crash", user_id="ann")
        assert result.outcome == "succeeded"
        assert tally.calls == ["s1"], "the completed step ran once"
        assert fragile.calls == ["s2", "s2"]
        assert "inputs ['s1']" in result.steps[1]["output"]
        assert result.model_calls == {"classify": 1, "key_workflow": 1, "plan": 1, "score_importance": 1}
        assert (await app.runs.get(result.run_id, user_id="ann")).status == "succeeded"  # type: ignore[union-attr]
        with pytest.raises(NothingToResume):
            await app.runner.resume(session_id="crash", user_id="ann")


async def test_cancelled_run_is_marked_interrupted_and_resumes(make_app: AppFactory) -> None:
    gate = asyncio.Event()
    tally = Recorder("tally", "Counts things.")
    fragile = Recorder("fragile", "Uses the count.", gate=gate)
    async with make_app(chat_model=_two_step_model(), extra_agents=[tally, fragile]) as app:
        task = asyncio.create_task(app.runner.ask("count then use", session_id="ctrlc", user_id="ann"))
        await asyncio.wait_for(fragile.started.wait(), timeout=30)
        task.cancel()  # what Ctrl-C does to the CLI's run
        with pytest.raises(asyncio.CancelledError):
            await task
        run_id = (await app.runs.list(user_id="ann", session_id="ctrlc"))[0].id
        assert (await app.runs.get(run_id, user_id="ann")).status == "interrupted"  # type: ignore[union-attr]
        history = await app.runner.history(session_id="ctrlc", user_id="ann")
        assert history and history[0].next == ["fragile"]
        gate.set()
        result = await app.runner.resume(session_id="ctrlc", user_id="ann")
    assert result.outcome == "succeeded" and result.run_id == run_id
    assert tally.calls == ["s1"] and fragile.calls == ["s2", "s2"]


async def test_a_second_request_on_a_session_sees_the_first_in_history(app, pool) -> None:  # type: ignore[no-untyped-def]
    await app.runner.ask("What is the warranty on the Orbit Smartwatch?", session_id="h", user_id="ann")
    await app.runner.ask("And the shipping policy?", session_id="h", user_id="ann")
    turns = await _turns(pool, "h")
    assert [s for s, _ in turns] == ["user", "assistant", "user", "assistant"]
    history = await app.runner.history(session_id="h", user_id="ann")
    assert len({h.run_id for h in history if h.run_id}) == 2
