"""Through the whole offline graph (round 17, engineer KB): a scope told before the question ("Our customer lives in
Latin America.") decides which rule answers, though the answer node is given the asked sentence alone."""

from __future__ import annotations

import pytest

from cognicore.app import App


@pytest.mark.parametrize(
    "message",
    [
        "Our customer lives in Latin America. How many business days should standard shipping take?",
        "I'm handling Latin America orders now. how many business days does standard shipping take?",
    ],
)
async def test_a_scope_told_before_the_question_picks_its_rule(app: App, message: str) -> None:
    result = await app.runner.ask(message, session_id="s17", user_id="kim")
    assert "6 to 12" in result.answer and "3 to 5" not in result.answer, (result.outcome, result.answer)


async def test_a_told_scope_no_answer_covers_leaves_it_unsure(app: App) -> None:
    message = "We're dealing with Latin America today. How long does standard shipping take?"
    result = await app.runner.ask(message, session_id="s17", user_id="kim")
    assert "3 to 5" not in result.answer and ("6 to 12" in result.answer or result.outcome == "unsure"), result.answer


async def test_asking_about_a_category_reads_the_category(app: App) -> None:
    result = await app.runner.ask("Asking about accessories. What warranty do they get?", session_id="s", user_id="k")
    assert "1-year" in result.answer and "30 days" not in result.answer, (result.outcome, result.answer)
