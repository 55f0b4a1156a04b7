"""Statements and requests that look like them, through the real graph offline (issue 9.3, engineer M8): a fact
told about things the data holds is a statement (nothing planned, acknowledged), a wish passed on for one period
is answered from the data, one with no period ends `unsure` naming both readings, each in a new session.

Wordings are this file's own (the held-out sets are for measuring only).
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App


async def test_facts_told_about_what_the_data_holds_are_statements_in_a_new_session(app: App) -> None:
    for i, text in enumerate(
        (
            "partner discounts in Europe are signed off by Ines",
            "fwiw i mostly sell the retail bundles",
            "Since march the Orbit Smartwatch demos go through Karim",
            "can you remember that my forecast calls are on the last Friday of the month?",
            "keep in mind Karim doesn't handle partner orders",
        )
    ):
        result = await app.runner.ask(text, session_id=f"told{i}", user_id="mia9")
        assert result.intent == "statement" and result.outcome == "succeeded", (text, result.intent, result.answer)
        assert result.plan is None and result.steps == [], (text, result.plan)
        assert result.answer.strip()


async def test_a_wish_passed_on_is_answered_from_the_data_or_unsure(app: App, pool: AsyncConnectionPool) -> None:
    asked = await app.runner.ask(
        "my manager wants the number of retail orders for 2024", session_id="w1", user_id="ned9"
    )
    assert asked.intent == "task" and asked.outcome == "succeeded", (asked.outcome, asked.answer)
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT count(*) AS n FROM demo_sales.orders WHERE channel = 'retail' "
            "AND ordered_at >= '2024-01-01' AND ordered_at < '2025-01-01'"
        )
        row = await cur.fetchone()
    assert row is not None and f"{int(row['n']):,}" in asked.answer, asked.answer
    unclear = await app.runner.ask("my manager wants revenue by channel", session_id="w2", user_id="ned9")
    assert unclear.outcome == "unsure" and unclear.steps == [], (unclear.outcome, unclear.answer)
    assert "remember" in unclear.answer and "look it up" in unclear.answer
