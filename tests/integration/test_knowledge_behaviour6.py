"""Knowledge questions and follow-ups through the graph, offline (issue 9.2/9.3, engineer K5's own wordings).

A question asked after a remark is answered, not remembered as a statement; a unit the documents never give a
figure in is unsure, never the figure in another unit; a follow-up swapping one value keeps the rest.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App


async def test_a_question_after_a_remark_is_answered_from_the_documents(app: App) -> None:
    result = await app.runner.ask(
        "so the latin america rollout got put on hold, until when exactly", session_id="k1", user_id="kai"
    )
    assert result.intent == "question" and result.outcome == "succeeded", (result.intent, result.answer)
    assert "2027" in result.answer and result.citations


async def test_a_price_in_a_unit_no_document_uses_is_unsure(app: App) -> None:
    result = await app.runner.ask("what do the vista ar glasses cost in yen", session_id="k2", user_id="kai")
    assert result.outcome == "unsure", (result.outcome, result.answer)
    assert "$499" not in result.answer


async def test_a_swap_follow_up_changes_one_value(app: App, pool: AsyncConnectionPool) -> None:
    first = await app.runner.ask("how many orders came through retail in 2025", session_id="k3", user_id="kai")
    assert first.outcome == "succeeded", first.answer
    swapped = await app.runner.ask("swap retail for partner", session_id="k3", user_id="kai")
    assert swapped.outcome == "succeeded", (swapped.request, swapped.answer)
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT count(*) AS n FROM demo_sales.orders WHERE channel = 'partner' "
            "AND ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01'"
        )
        row = await cur.fetchone()
    assert row is not None and f"{int(row['n']):,}" in swapped.answer, swapped.answer
