"""The `unsure` outcome (issue 9 point 2): a step or a question below its confidence bar ends `unsure`.

Such a run answers what was and was not understood, is stored with status `unsure`, is not replanned,
teaches no failure lesson and stores no workflow; `ask --json` reports it with exit code 0.
"""

from __future__ import annotations

import json
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.orchestrator.journal import past_failures
from cognicore.subagents.errors import Unsure
from cognicore.subagents.types import AgentContext, Plan, PlanStep, StepInput, StepOutput
from tests.fakes import routed
from tests.integration.conftest import AppFactory
from tests.integration.test_cli import _env, cli

DOUBT = "I understood that you want the gadget tally, but not which gadgets count as gadgets."


class Doubter:
    """A third-party agent whose offline decision falls below its bar: it raises `Unsure`."""

    name = "gadget_tally"
    description = "Counts gadgets in the workshop inventory."
    input_hint = "which gadgets to count"
    deterministic = True

    def __init__(self) -> None:
        self.calls = 0

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        self.calls += 1
        raise Unsure(DOUBT)


async def _status(pool: AsyncConnectionPool, run_id: str) -> str:
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT status FROM runs WHERE id = %s", (run_id,))
        row = await cur.fetchone()
    assert row is not None
    return str(row["status"])


def _plan() -> Plan:
    return Plan(steps=[PlanStep(id="s1", agent="gadget_tally", instruction="count the gadgets")])


async def test_a_step_raising_unsure_ends_the_run_unsure_without_replan_or_learning(
    make_app: AppFactory, pool: AsyncConnectionPool
) -> None:
    doubter = Doubter()
    decision = {"intent": "task", "reason": "needs the gadget tally"}
    # Two plans are scripted: a replan would consume the second one (and call the agent twice).
    model = routed(IntentDecision=[decision], Plan=[_plan(), _plan()])
    async with make_app(chat_model=model, extra_agents=[doubter]) as app:
        result = await app.runner.ask("Tally the gadgets please", session_id="u1", user_id="uma")
        assert result.outcome == "unsure", (result.outcome, result.error)
        assert result.answer == DOUBT and result.error == DOUBT
        assert doubter.calls == 1 and result.model_calls.get("plan") == 1, "an unsure step is not replanned"
        assert result.steps[0]["status"] == "error"
        assert await _status(pool, result.run_id) == "unsure"
        assert (await app.runs.get(result.run_id, user_id="uma")).status == "unsure"  # type: ignore[union-attr]
        assert await app.workflows.list(user_id="uma") == [], "nothing is learned from an unsure run"
        lessons = await past_failures(app.memory, user_id="uma", request="Tally the gadgets please")
        assert lessons == [], "an unsure step is not a failure lesson"


async def test_a_question_without_evidence_is_unsure_not_a_confident_miss(app: App, pool: AsyncConnectionPool) -> None:
    result = await app.runner.ask("Who painted the ceiling of the Sistine Chapel?", session_id="u2", user_id="ula")
    assert result.intent == "question"
    assert result.outcome == "unsure", result.answer
    assert "not sure" in result.answer and "Sistine Chapel" in result.answer
    assert result.citations == []
    assert await _status(pool, result.run_id) == "unsure"
    # A question the documents answer is still answered, with its sources and the documented figure.
    known = await app.runner.ask("How long is the warranty on accessories?", session_id="u2", user_id="ula")
    assert known.outcome == "succeeded" and known.citations, known.answer
    assert "1-year" in known.answer, known.answer
    # The general device rule is not among this question's passages (round 18: retrieval left open); the sentence
    # that only uses "warranty" as a modifier ("Warranty claims on ... fell") must not be quoted as its answer.
    watch = await app.runner.ask("How long is the warranty on the Orbit Smartwatch?", session_id="u2", user_id="ula")
    assert watch.outcome == "unsure" or "2-year" in watch.answer, watch.answer


def test_ask_json_reports_unsure_with_exit_code_zero(db_url: str, data_dir: Path) -> None:
    out = cli("ask", "What is the airspeed of an unladen swallow?", "--json", env=_env(db_url, data_dir))
    assert out.returncode == 0, out.stderr
    body = json.loads(out.stdout)
    assert body["outcome"] == "unsure" and body["intent"] == "question"
    assert "not sure" in body["answer"]
