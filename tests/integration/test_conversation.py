"""Conversation behaviour through the graph (issue 9 points 2 and 3): out of scope, foreign language,
statements and follow-ups, offline and with a scripted chat model; the same through `cognicore ask --json`.

Wordings are this file's own (the held-out sets are for measuring only).
"""

from __future__ import annotations

import json
from pathlib import Path

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.orchestrator.runner import RunResult
from cognicore.subagents.types import Plan, PlanStep
from tests.fakes import routed
from tests.integration.conftest import AppFactory
from tests.integration.test_cli import _env, cli


async def _status(pool: AsyncConnectionPool, run_id: str) -> str:
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT status FROM runs WHERE id = %s", (run_id,))
        row = await cur.fetchone()
    assert row is not None
    return str(row["status"])


def _nothing_ran(result: RunResult) -> None:
    assert result.plan is None and result.steps == [], (result.plan, result.steps)
    assert "plan" not in result.model_calls and "key_workflow" not in result.model_calls


async def test_a_request_no_agent_can_do_is_refused_with_what_the_agents_can_do(
    app: App, pool: AsyncConnectionPool
) -> None:
    result = await app.runner.ask(
        "Please reserve me a table for four at the harbour bistro", session_id="o", user_id="oz"
    )
    assert result.outcome == "refused", (result.outcome, result.answer)
    _nothing_ran(result)
    assert result.answer.startswith("I cannot do")
    for agent in app.registry:
        assert agent.name in result.answer, f"the answer lists {agent.name}"
    assert "knowledge base" in result.answer
    assert await _status(pool, result.run_id) == "refused"
    assert await app.workflows.list(user_id="oz") == []


async def test_a_foreign_language_request_is_unsupported_offline(app: App, pool: AsyncConnectionPool) -> None:
    result = await app.runner.ask(
        "Zeig mir bitte die Bestellungen pro Monat für dieses Jahr", session_id="l", user_id="lu"
    )
    assert result.outcome == "unsure"
    _nothing_ran(result)
    assert "German" in result.answer and "not supported offline" in result.answer
    assert await _status(pool, result.run_id) == "unsure"


async def test_statements_are_acknowledged_and_stored_never_planned(app: App, pool: AsyncConnectionPool) -> None:
    for said in ("Our travel budget went up to 7k this quarter", "I now prefer green tea over coffee"):
        result = await app.runner.ask(said, session_id="s", user_id="sam")
        assert result.intent == "statement" and result.outcome == "succeeded", (said, result.intent)
        _nothing_ran(result)
        assert "remember" in result.answer.lower()
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT content FROM conversation_turns WHERE user_id = %s AND speaker = 'user' ORDER BY created_at",
            ("sam",),
        )
        stored = [r["content"] for r in await cur.fetchall()]
    assert stored == ["Our travel budget went up to 7k this quarter", "I now prefer green tea over coffee"]
    assert await app.workflows.list(user_id="sam") == []


async def test_a_follow_up_is_resolved_against_the_sessions_previous_request(app: App) -> None:
    first = await app.runner.ask("Revenue by category in Europe for 2025", session_id="f", user_id="fay")
    assert first.intent == "task"
    again = await app.runner.ask("Now do the same for North America", session_id="f", user_id="fay")
    assert again.intent == "task", again.answer
    instructions = " ".join(s["instruction"] for s in (again.plan or {}).get("steps", []))
    assert "North America" in instructions and "category" in instructions and "2025" in instructions
    assert "Europe" not in instructions
    assert again.request == "Revenue by category in North America for 2025"  # `ask --json` shows the request as run
    later = await app.runner.ask("what about 2024?", session_id="f", user_id="fay")
    instructions = " ".join(s["instruction"] for s in (later.plan or {}).get("steps", []))
    assert "North America" in instructions and "2024" in instructions and "2025" not in instructions
    # Another session has no previous request: the same words are a follow-up of nothing.
    alone = await app.runner.ask("what about 2024?", session_id="f2", user_id="fay")
    assert alone.outcome == "unsure" and "no earlier request" in alone.answer
    _nothing_ran(alone)


async def test_a_task_the_planner_cannot_map_ends_unsure(app: App, pool: AsyncConnectionPool) -> None:
    result = await app.runner.ask("Analyse it", session_id="p", user_id="pat")
    assert result.intent == "task" and result.outcome == "unsure", (result.outcome, result.answer)
    assert "could not match it" in result.answer and "database_query" in result.answer
    assert result.steps == [] and result.model_calls.get("plan") == 1
    assert await _status(pool, result.run_id) == "unsure"
    assert await app.workflows.list(user_id="pat") == []


def _db_plan(instruction: str) -> Plan:
    return Plan(steps=[PlanStep(id="s1", agent="database_query", instruction=instruction)])


async def test_the_llm_classifier_resolves_follow_ups_and_declines(
    make_app: AppFactory, pool: AsyncConnectionPool
) -> None:
    full = "Units sold per category in Latin America last year"
    seen: list[str] = []

    def plan_for(messages):  # type: ignore[no-untyped-def]
        seen.append(str(messages[-1].content))
        return _db_plan(full)

    model = routed(
        IntentDecision=[
            {"intent": "task", "reason": "a follow-up", "confidence": 0.9, "resolved_request": full},
            {"intent": "task", "reason": "travel booking", "confidence": 0.9, "out_of_scope": True},
            {"intent": "question", "reason": "cannot tell what is asked", "confidence": 0.2},
        ],
        Plan=[plan_for],
        SqlDraft=[{"sql": "SELECT 1 AS units", "explanation": "a stand-in"}],
        WorkflowKey=[{"skeleton": "units sold per category in <region> <period>", "features": ["data"]}] * 3,
        WorkflowTemplate=[{"steps": [s.model_dump() for s in _db_plan("{request}").steps], "parameters": {}}],
        ComposedAnswer=[],
        ImportanceScore=[{"score": 3, "reason": "routine"}] * 3,
    )
    async with make_app(chat_model=model) as app:
        followed = await app.runner.ask("and for Latin America?", session_id="m", user_id="mo")
        assert seen and full in seen[0], "the planner was given the resolved request"
        assert followed.intent == "task"
        refused = await app.runner.ask("Get me two train tickets to Lyon", session_id="m", user_id="mo")
        assert refused.outcome == "refused" and refused.answer.startswith("I cannot do")
        _nothing_ran(refused)
        vague = await app.runner.ask("the thing from before, redo", session_id="m", user_id="mo")
        assert vague.outcome == "unsure" and "cannot tell what is asked" in vague.answer
        assert await _status(pool, vague.run_id) == "unsure"


def test_ask_json_declines_and_follows_up(db_url: str, data_dir: Path) -> None:
    env = _env(db_url, data_dir)
    out = cli("ask", "Send a birthday card to my landlord", "--json", env=env)
    assert out.returncode == 0, out.stderr
    body = json.loads(out.stdout)
    assert body["outcome"] == "refused" and body["plan"] is None and "I cannot do" in body["answer"]
    out = cli("ask", "¿Cuántos pedidos tuvimos el mes pasado por región?", "--json", env=env)
    assert out.returncode == 0, out.stderr
    body = json.loads(out.stdout)
    assert body["outcome"] == "unsure" and "Spanish" in body["answer"]
    first = cli("ask", "Order count by region in 2025", "--session", "cli-f", "--json", env=env)
    assert first.returncode == 0, first.stderr
    out = cli("ask", "and what about 2024?", "--session", "cli-f", "--json", env=env)
    assert out.returncode == 0, out.stderr
    body = json.loads(out.stdout)
    steps = " ".join(s["instruction"] for s in body["plan"]["steps"])
    assert "region" in steps and "2024" in steps and "2025" not in steps
    assert body["request"] == "Order count by region in 2024"


async def test_a_follow_up_replays_identically_from_its_recording(app: App) -> None:
    await app.runner.ask("Order count by channel in 2025", session_id="r", user_id="rex")
    original = await app.runner.ask("same for 2024", session_id="r", user_id="rex")
    assert "2024" in " ".join(s["instruction"] for s in (original.plan or {}).get("steps", []))
    report, replayed = await app.runner.replay(original.run_id, user_id="rex")
    assert report.identical, report.differences
    assert replayed.plan == original.plan
