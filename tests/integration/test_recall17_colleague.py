"""A colleague's thing told with "my colleague X's ..." answers "what's X's ...?" (review 16 e3-ask2): "what's" is a
function word with "is", not a kind of the thing that the memory names another kind of. The real graph and stores;
wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_colleagues_told_number_answers_a_question_about_it(app: App) -> None:
    user = "m28-colleague"
    await tell_all(app, user, "My teammate Femi's extension is 4410.")
    for question, result in await ask_each(app, user, ("what's Femi's extension?", "what is Femi's extension again?")):
        assert result.outcome == "succeeded" and "4410" in result.answer, (question, result.answer)
