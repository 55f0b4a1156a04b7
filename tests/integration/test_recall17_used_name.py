"""A "which X do we use" question that a told fact answers by the name it says is used ("We use Slack for team chat")
is answered from memory, never claimed absent from the documents (round 17, recall). The real graph and stores;
wordings are our own."""

from __future__ import annotations

import pytest

from cognicore.app import App
from tests.integration.fact_turns import tell_app


@pytest.mark.parametrize(
    ("told", "asked", "name"),
    [
        ("We use Trello for task tracking.", "what tool does the team use for task tracking?", "Trello"),
        ("The team uses Zoom for video calls.", "which tool do we use for video calls", "Zoom"),
    ],
)
async def test_a_told_name_in_use_answers(app: App, told: str, asked: str, name: str) -> None:
    user = f"r17-used-{name.lower()}"
    await tell_app(app, told, user=user, session=f"{user}-1")
    result = await app.runner.ask(asked, session_id=f"{user}-2", user_id=user)
    assert name in result.answer and "does not say" not in result.answer, result.answer


async def test_a_told_fact_naming_no_tool_is_no_answer(app: App) -> None:
    user = "r17-used-none"
    await tell_app(app, "We chat a lot with Priya about the planning.", user=user, session="n1")
    result = await app.runner.ask("what tool do we use for planning?", session_id="n2", user_id=user)
    assert "Priya" not in result.answer or result.outcome == "unsure", result.answer
