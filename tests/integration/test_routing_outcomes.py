"""Routing and honesty through the graph, offline (issue 9 points 2 and 3): an action no agent offers is
refused even when it names figures, a question on a topic nothing holds is unsure with what the agents can
do, misspelt words are corrected and said, news about someone else is a statement, and a follow-up naming
only a value resolves against the session's previous request.

Wordings are this file's own (the held-out sets are for measuring only).
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.orchestrator.runner import RunResult


def _nothing_ran(result: RunResult) -> None:
    assert result.plan is None and result.steps == [], (result.plan, result.steps)


async def _scalar(pool: AsyncConnectionPool, sql: str) -> int:
    async with pool.connection() as conn:
        cur = await conn.execute(sql)
        row = await cur.fetchone()
    assert row is not None
    return int(next(iter(row.values())))


async def test_an_action_no_agent_offers_is_refused_even_when_it_names_figures(app: App) -> None:
    for text in ("Email the 2024 revenue by region to our CFO", "Order 30 Volt Power Banks for the Europe team"):
        result = await app.runner.ask(text, session_id="x", user_id="xia")
        assert result.outcome == "refused", (text, result.outcome, result.answer)
        _nothing_ran(result)
        assert result.answer.startswith("I cannot do") and "database_query" in result.answer
    assert await app.workflows.list(user_id="xia") == []


async def test_a_question_nothing_holds_is_unsure_and_lists_what_the_agents_can_do(app: App) -> None:
    result = await app.runner.ask("Will it snow in Reykjavik over the weekend?", session_id="w", user_id="wen")
    assert result.intent == "question" and result.outcome == "unsure", (result.outcome, result.answer)
    assert result.steps == [] and result.citations == []
    assert "not sure" in result.answer and "none of my agents" in result.answer
    assert "'snow'" in result.answer and "database_query" in result.answer
    # A question the documents answer is still answered.
    known = await app.runner.ask("How long is the warranty on accessories?", session_id="w", user_id="wen")
    assert known.outcome == "succeeded" and known.citations, known.answer


async def test_misspelt_words_are_corrected_before_routing_and_said_in_the_answer(
    app: App, pool: AsyncConnectionPool
) -> None:
    result = await app.runner.ask("how many oders came from the partnr channel in 2024", session_id="t", user_id="tom")
    assert result.intent == "task" and result.outcome == "succeeded", (result.outcome, result.answer)
    assert result.request == "how many orders came from the partner channel in 2024"
    assert "(I read 'oders' as 'orders', 'partnr' as 'partner'.)" in result.answer
    expected = await _scalar(
        pool,
        "SELECT count(*) FROM demo_sales.orders WHERE channel = 'partner' "
        "AND ordered_at >= '2024-01-01' AND ordered_at < '2025-01-01'",
    )
    assert f"{expected:,}" in result.answer


async def test_news_about_someone_else_is_a_statement_never_planned(app: App) -> None:
    result = await app.runner.ask("Priya is on leave until the 3rd.", session_id="n", user_id="nia")
    assert result.intent == "statement" and result.outcome == "succeeded", (result.intent, result.answer)
    _nothing_ran(result)


async def test_a_follow_up_naming_only_a_value_replaces_it(app: App, pool: AsyncConnectionPool) -> None:
    first = await app.runner.ask(
        "How many units of the Pulse Mini Speaker did we sell in 2024?", session_id="f", user_id="fin"
    )
    assert first.intent == "task" and first.outcome == "succeeded", first.answer
    again = await app.runner.ask("and the Haven Video Doorbell?", session_id="f", user_id="fin")
    assert again.request == "How many units of the Haven Video Doorbell did we sell in 2024"
    expected = await _scalar(
        pool,
        "SELECT sum(oi.quantity) FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id) "
        "JOIN demo_sales.products p USING (product_id) WHERE p.name = 'Haven Video Doorbell' "
        "AND o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01'",
    )
    assert again.outcome == "succeeded" and f"{expected:,}" in again.answer, again.answer
