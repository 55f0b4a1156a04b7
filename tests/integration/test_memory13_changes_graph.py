"""Changes in other words through the real graph and stores (round 13, issue 9 point 4): the old fact is superseded
with an end time, and a later question in another wording answers the new value, never the old saying. Wordings are
our own (not in any held-out or dev set)."""

from __future__ import annotations

from cognicore.app import App
from cognicore.orchestrator.recollection import recollect
from tests.integration.fact_turns import tell_app


async def test_a_raised_figure_ends_the_old_saying_too(app: App) -> None:
    user = "m13-retreat"
    await tell_app(app, "Heads up: the spending limit for our leadership retreat is $60,000.", user=user, session="r1")
    await tell_app(app, "Finance signed off extra cash, the retreat limit went up to $72,500.", user=user, session="r2")
    ended = [f for f in await app.memory.facts.history(user) if f.status == "superseded"]
    assert any("60,000" in f.statement and f.valid_to is not None for f in ended), ended
    recalled = await recollect(
        app.memory, user_id=user, session_id="r3", request="how much can we spend on the retreat?", budget=2_000
    )
    assert not [e for e in recalled["episodes"] if "60,000" in e["text"]], recalled["episodes"]
    result = await app.runner.ask("so how much are we allowed to spend on that retreat?", session_id="r3", user_id=user)
    assert "72,500" in result.answer and "60,000" not in result.answer, result.answer


async def test_a_change_told_with_its_reason_first_supersedes_the_old_fact(app: App) -> None:
    user = "m13-ride"
    await tell_app(app, "I ride my bike to the office.", user=user, session="b1")
    await tell_app(
        app, "The gym moved next to the station, so I take the train in these days.", user=user, session="b2"
    )
    facts = await app.memory.facts.history(user)
    assert any("bike" in f.statement and f.status == "superseded" and f.valid_to for f in facts), facts
    result = await app.runner.ask("how am I commuting at the moment?", session_id="b3", user_id=user)
    assert "train" in result.answer and result.outcome != "unsure", result.answer
