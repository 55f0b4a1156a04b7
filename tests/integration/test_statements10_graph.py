"""Statements with figures and misspelt questions through the real graph offline (issue 9.3, engineer M11), each in
a new session: a figure told about a thing the data also holds is a statement (nothing planned); a question whose
wh-word is misspelt and has no "?" is answered from the data, saying how it was read; an amount given with nothing
asked in no shape the rules read ends `unsure`, naming both readings, with nothing run.

Wordings are this file's own (the held-out sets are for measuring only).
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App


async def test_figures_told_about_what_the_data_holds_are_statements(app: App) -> None:
    for i, text in enumerate(
        (
            "our wearables budget got bumped to 18k",
            "partner headcount went from 5 to 7 this quarter",
            "the APAC retail target's now 1.1M",
            "accessories promo spend halved to 4k",
            "enterprise renewal goal for 2026: 250k",
        )
    ):
        result = await app.runner.ask(text, session_id=f"fig{i}", user_id="ola10")
        assert result.intent == "statement" and result.outcome == "succeeded", (text, result.intent, result.answer)
        assert result.plan is None and result.steps == [], (text, result.plan)


async def test_a_misspelt_question_without_a_question_mark_is_answered_from_the_data(
    app: App, pool: AsyncConnectionPool
) -> None:
    result = await app.runner.ask("hw many orders came from latin america in 2024", session_id="q1", user_id="ola10")
    assert result.intent == "task" and result.outcome == "succeeded", (result.outcome, result.answer)
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT count(*) AS n FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id) "
            "WHERE r.name = 'Latin America' AND o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01'"
        )
        row = await cur.fetchone()
    assert row is not None and f"{int(row['n']):,}" in result.answer, result.answer
    assert "'hw' as 'how'" in result.answer, result.answer


async def test_an_amount_with_nothing_asked_is_unsure_and_names_both_readings(app: App) -> None:
    result = await app.runner.ask("the kiosk float, 200 to 350 after the audit", session_id="u1", user_id="ola10")
    assert result.outcome == "unsure" and result.steps == [], (result.outcome, result.answer)
    assert "remember" in result.answer and "ask" in result.answer, result.answer
