"""A question for what the asker likes is asked of memory, whatever chart or report it names (round 16): "what format
do I want the weekly pipeline report in?" was planned on the documents and the report writer because it says
"report". The real graph and stores; wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from cognicore.orchestrator.memory_routing import asks_liking
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_liking_that_names_a_report_is_asked_of_memory(app: App) -> None:
    user = "m26-liking"
    await tell_all(app, user, "I prefer my monthly margin report as a Word document.")
    for _, result in await ask_each(
        app,
        user,
        ("which format do I like the monthly margin report in?", "what do I want my monthly margin report as?"),
    ):
        assert result.intent == "question" and "Word" in result.answer, (result.intent, result.answer)


def test_what_is_a_liking_question() -> None:
    assert asks_liking("which chart type do we usually prefer for the board pack?")
    assert asks_liking("remind me, how do I like my ticket exports sorted?")
    assert not asks_liking("can you chart revenue by region the way I like?")  # an order, not a question of liking
    assert not asks_liking("I like line charts for regional numbers.")  # a statement
