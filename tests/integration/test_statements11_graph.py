"""Statements vs requests through the real graph offline (issue 9.3, engineer M14), each in a new session: news opened
by a cause or a hedge is a statement (nothing planned); the question of a message that also tells is answered from the
data while the whole message, told part included, is what memory extracts facts from; a wish for data later ends
`unsure` naming both readings, with nothing run.

Wordings are this file's own (the held-out sets are for measuring only).
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory.tenancy import user_transaction


async def test_news_opened_by_a_cause_or_a_hedge_is_a_statement(app: App) -> None:
    for i, text in enumerate(
        (
            "due to the warehouse move we ship LATAM orders from Panama now",
            "pretty sure Ines runs the retail launch in Europe",
            "from next month the partner rebate becomes 6%",
        )
    ):
        result = await app.runner.ask(text, session_id=f"told{i}", user_id="m14-told")
        assert result.intent == "statement" and result.outcome == "succeeded", (text, result.intent, result.answer)
        assert result.plan is None and result.steps == [], (text, result.plan)


async def test_the_question_of_a_message_that_also_tells_is_answered_and_all_of_it_is_remembered(
    app: App, pool: AsyncConnectionPool
) -> None:
    user = "m14-mixed"
    said = "Rosa is back from leave. how many orders did the partner channel get in March 2025?"
    result = await app.runner.ask(said, session_id="mixed", user_id=user)
    assert result.intent == "task" and result.outcome == "succeeded", (result.outcome, result.answer)
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT count(*) AS n FROM demo_sales.orders "
            "WHERE channel = 'partner' AND ordered_at >= '2025-03-01' AND ordered_at < '2025-04-01'"
        )
        row = await cur.fetchone()
    assert row is not None and f"{int(row['n']):,}" in result.answer, result.answer
    async with user_transaction(app.pool, user) as conn:
        cur = await conn.execute("SELECT payload->>'user_message' AS said FROM memory_jobs WHERE kind = 'extract_turn'")
        queued = [r["said"] for r in await cur.fetchall()]
    # The told part reaches fact extraction, as told and in the user's words ("Rosa", not a spelling fix of it); the
    # question is not queued again beside it (the fact would be extracted twice, as if said twice).
    assert queued == ["Rosa is back from leave."]


async def test_a_wish_for_data_later_is_unsure_and_names_both_readings(app: App) -> None:
    result = await app.runner.ask("next quarter I'll need the Europe revenue", session_id="later", user_id="m14-l")
    assert result.outcome == "unsure" and result.steps == [], (result.outcome, result.answer)
    assert "remember" in result.answer and "now" in result.answer, result.answer
