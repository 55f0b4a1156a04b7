"""Round 14 review (fixer FD1, issue 9), through the application: a rule told after "Reminder:" is noted, an order
beside an answer-style remark is not only noted, and a gerund with "can you do that" is refused as its verb."""

from __future__ import annotations

import pytest

from cognicore.app import App


@pytest.mark.parametrize(
    "text",
    ["Reminder: any discount above 20 percent needs my sign-off.", "Note: any order above 500 dollars ships free."],
)
async def test_a_rule_told_after_a_colon_is_noted(app: App, text: str) -> None:
    result = await app.runner.ask(text, session_id="fd1-rule", user_id="fd1-rule")
    assert result.intent == "statement" and not result.steps, result


@pytest.mark.parametrize(
    "text",
    [
        "Show me revenue by region for 2025, a table works best for me",
        "Keep your answers brief and tell me how many orders we had last quarter",
        "Give me units by product for 2025, charts work best for me",
    ],
)
async def test_an_order_beside_a_style_remark_is_not_only_noted(app: App, text: str) -> None:
    result = await app.runner.ask(text, session_id="fd1-style", user_id="fd1-style")
    assert result.intent != "statement" and "Noted" not in result.answer, result


@pytest.mark.parametrize(
    "text",
    [
        "Cancelling order 1234 for the customer, can you do that today?",
        "Emailing the 2025 revenue report to finance, please handle it",
        "Forwarding the 2025 revenue figures to my manager, can you do that for me",
    ],
)
async def test_a_gerund_with_do_it_is_refused(app: App, text: str) -> None:
    result = await app.runner.ask(text, session_id="fd1-do", user_id="fd1-do")
    assert result.outcome == "refused", result
