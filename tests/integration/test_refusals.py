"""Requests to change data end `refused` (issue 8 point 6): a clear reason, nothing changed, nothing learned.

Offline (and when the model sets `changes_data`) they are declined before any agent; a model that plans
them anyway, or writes DML, meets the database agent's refusal, and the read-only role behind it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.orchestrator.runner import RunResult
from cognicore.subagents.sql_writer import SqlDraft
from cognicore.subagents.types import Plan, PlanStep
from tests.fakes import routed
from tests.integration.conftest import AppFactory
from tests.integration.test_cli import _env, cli

CHANGE_REQUESTS = [
    "Delete all orders from 2024",
    "Drop the orders table",
    "please wipe last year's orders",
    "set every product price to zero",
    "remove customer 42",
]
READ_QUESTION = "What were the top 3 regions by revenue last quarter?"
TABLES = ("orders", "order_items", "products", "categories", "regions", "customers")


async def _checksum(pool: AsyncConnectionPool) -> dict[str, str]:
    """A fingerprint of every table of the demo schema (all rows, all columns)."""
    out = {}
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'demo_sales' ORDER BY 1"
        )
        tables = [r["table_name"] for r in await cur.fetchall()]
        for table in tables:
            cur = await conn.execute(
                f"SELECT count(*) AS n, md5(string_agg(t::text, ',' ORDER BY t::text)) AS h FROM demo_sales.{table} t"
            )
            row = await cur.fetchone()
            assert row is not None
            out[table] = f"{row['n']}:{row['h']}"
    assert "orders" in out and "products" in out
    return out


async def _run_status(pool: AsyncConnectionPool, run_id: str) -> str:
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT status FROM runs WHERE id = %s", (run_id,))
        row = await cur.fetchone()
    assert row is not None
    return str(row["status"])


async def _assert_refused(app: App, pool: AsyncConnectionPool, result: RunResult, user: str) -> None:
    assert result.outcome == "refused", (result.outcome, result.error, result.steps)
    assert result.intent == "task"
    assert (
        result.error
        and "only reads data" in result.error
        and ("Nothing was changed" in result.error or "Nothing was run" in result.error)
    )
    assert "only reads data" in result.answer
    db_steps = [s for s in result.steps if s["agent"] == "database_query"]
    assert db_steps and all(s["status"] == "error" for s in db_steps)
    assert "refused" in db_steps[-1]["output"].lower()
    assert result.model_calls.get("plan") == 1, "a refusal is not replanned as a failure"
    assert await _run_status(pool, result.run_id) == "refused"
    record = await app.runs.get(result.run_id, user_id=user)
    assert record is not None and record.status == "refused"
    assert await app.workflows.list(user_id=user) == []


async def _assert_declined(app: App, pool: AsyncConnectionPool, result: RunResult, user: str) -> None:
    """Refused before any agent (issue 8.6 / 9.2): no plan, no step, the reason and what it can do instead."""
    assert result.outcome == "refused", (result.outcome, result.error, result.steps)
    assert result.intent == "task" and result.steps == [] and not result.model_calls.get("plan")
    assert result.error and "only reads data" in result.error and "Nothing was run or changed" in result.error
    assert result.answer.startswith("I cannot do") and "only reads data" in result.answer
    assert "knowledge base" in result.answer and "database_query" in result.answer  # what it can do instead
    assert await _run_status(pool, result.run_id) == "refused"
    assert await app.workflows.list(user_id=user) == []


OFFLINE_CHANGE_REQUESTS = [
    *CHANGE_REQUESTS,
    "pls get rid of the partner orders from last year",
    "hey, could you bump the Orbit Smartwatch price by 5%",
    "the Europe orders from May are test data, delete them",
]


@pytest.mark.parametrize("request_text", OFFLINE_CHANGE_REQUESTS)
async def test_offline_change_requests_are_refused_before_any_agent_and_nothing_is_learned(
    app: App, pool: AsyncConnectionPool, request_text: str
) -> None:
    before = await _checksum(pool)
    result = await app.runner.ask(request_text, session_id="chg", user_id="rita")
    await _assert_declined(app, pool, result, "rita")
    assert await _checksum(pool) == before
    # The session is usable afterwards, and a read question in it still works (and is learned).
    read = await app.runner.ask(READ_QUESTION, session_id="chg", user_id="rita")
    assert read.outcome == "succeeded", read.error
    assert [s["agent"] for s in read.steps] == ["database_query"] and "|" in read.answer
    assert len(await app.workflows.list(user_id="rita")) == 1
    # The session is usable afterwards, and a read question in it still works (and is learned).
    read = await app.runner.ask(READ_QUESTION, session_id="chg", user_id="rita")
    assert read.outcome == "succeeded", read.error
    assert [s["agent"] for s in read.steps] == ["database_query"] and "|" in read.answer
    assert len(await app.workflows.list(user_id="rita")) == 1
    assert await _checksum(pool) == before


def _plan(instruction: str) -> Plan:
    return Plan(steps=[PlanStep(id="s1", agent="database_query", instruction=instruction)])


READ_SQL = SqlDraft(
    sql="SELECT r.name AS region, count(*) AS orders FROM demo_sales.orders o "
    "JOIN demo_sales.regions r ON r.region_id = o.region_id GROUP BY r.name ORDER BY orders DESC LIMIT 3",
    explanation="orders per region",
)


@pytest.mark.parametrize("request_text", CHANGE_REQUESTS)
async def test_llm_writer_refusal_ends_refused(
    make_app: AppFactory, pool: AsyncConnectionPool, request_text: str
) -> None:
    refusal = SqlDraft(sql="", explanation="", refuse_reason=f"the question asks to change data: {request_text}")
    model = routed(
        IntentDecision=[{"intent": "task", "reason": "data"}, {"intent": "task", "reason": "data"}],
        Plan=[_plan(request_text), _plan(READ_QUESTION)],
        SqlDraft=[refusal, READ_SQL],
    )
    before = await _checksum(pool)
    async with make_app(chat_model=model) as app:
        result = await app.runner.ask(request_text, session_id="llm-chg", user_id="lena")
        await _assert_refused(app, pool, result, "lena")
        assert request_text in result.error  # type: ignore[operator]  # the model's reason is passed on
        read = await app.runner.ask(READ_QUESTION, session_id="llm-chg", user_id="lena")
    assert read.outcome == "succeeded", read.error
    assert read.steps[0]["status"] == "ok"
    assert await _checksum(pool) == before


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM demo_sales.orders WHERE ordered_at >= '2024-01-01'",
        "DROP TABLE demo_sales.orders",
        "UPDATE demo_sales.products SET price = 0",
        "WITH gone AS (DELETE FROM demo_sales.orders RETURNING id) SELECT count(*) FROM gone",
        "TRUNCATE demo_sales.orders",
    ],
)
async def test_llm_writer_that_writes_a_change_anyway_ends_refused(
    make_app: AppFactory, pool: AsyncConnectionPool, sql: str
) -> None:
    model = routed(
        IntentDecision=[{"intent": "task", "reason": "data"}],
        Plan=[_plan("Delete all orders from 2024")],
        SqlDraft=[SqlDraft(sql=sql, explanation="as asked")],
    )
    before = await _checksum(pool)
    async with make_app(chat_model=model) as app:
        result = await app.runner.ask("Delete all orders from 2024", session_id="llm-sql", user_id="lena")
        await _assert_refused(app, pool, result, "lena")
    assert result.error and result.error.startswith("The generated SQL was refused: ")
    assert await _checksum(pool) == before


def test_cli_ask_json_reports_refused_with_exit_code_0(db_url: str, data_dir: Path) -> None:
    env = _env(db_url, data_dir)
    out = cli("ask", "Drop the orders table", "--session", "cli-chg", "--user", "carl", "--json", env=env)
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    assert result["outcome"] == "refused"
    assert "only reads data" in result["error"] and result["steps"] == []
    listed = cli("workflows", "list", "--user", "carl", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout) in ([], {"workflows": []})


async def test_a_change_request_matching_a_learned_workflow_is_still_refused(
    app: App, pool: AsyncConnectionPool
) -> None:
    read = await app.runner.ask("orders by region in 2025", session_id="wf", user_id="wanda")
    assert read.outcome == "succeeded", read.error
    [learned] = await app.workflows.list(user_id="wanda")
    before = await _checksum(pool)
    result = await app.runner.ask("Delete all orders by region in 2024", session_id="wf", user_id="wanda")
    assert result.outcome == "refused", (result.error, result.steps, result.workflow)
    # Declined before the workflow lookup: the learned read is neither reused nor scored.
    assert not (result.workflow or {}).get("reused") and result.steps == []
    assert result.error and "only reads data" in result.error
    assert await _checksum(pool) == before
    [after] = await app.workflows.list(user_id="wanda")
    # A refusal is no verdict on the workflow it may have reused: its tallies are unchanged.
    assert (after.id, after.success_count, after.failure_count) == (
        learned.id,
        learned.success_count,
        learned.failure_count,
    )
    assert after.recent_outcomes == learned.recent_outcomes


@pytest.mark.parametrize(
    "request_text",
    ["change in revenue by region between 2024 and 2025", "add up the revenue of Wearables in 2025"],
)
async def test_reads_worded_with_a_change_verb_are_answered(app: App, request_text: str) -> None:
    result = await app.runner.ask(request_text, session_id="rd", user_id="reed")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert [s["agent"] for s in result.steps] == ["database_query"]


async def test_a_model_marking_a_change_request_declines_it_before_planning(
    make_app: AppFactory, pool: AsyncConnectionPool
) -> None:
    """On the LLM path the classifier's `changes_data` routes the refusal; no plan, no SQL is asked for."""
    model = routed(IntentDecision=[{"intent": "task", "reason": "asks to close tickets", "changes_data": True}])
    before = await _checksum(pool)
    async with make_app(chat_model=model) as app:
        result = await app.runner.ask("close every P4 order that's still open", session_id="llm-dc", user_id="lena")
        await _assert_declined(app, pool, result, "lena")
        assert "asks to close tickets" in result.answer
    assert await _checksum(pool) == before
