"""Routing, round 14: a question whose subject is the asker ("which region am I responsible for?", "how many ... are
we supposed to ...?") is answered from memory when a told fact answers all of it, though it names a dimension of the
data; a data question with "my" stays on the data. The real graph and stores; wordings are our own."""

from __future__ import annotations

from cognicore.app import App
from tests.integration.fact_turns import tell_app


async def test_an_obligation_asked_by_the_team_reads_the_told_goal(app: App) -> None:
    user = "r14-goal"
    await tell_app(app, "Our team aims to ship 25 orders a day.", user=user, session="g1")
    result = await app.runner.ask(
        "remind me, how many orders a day are we meant to ship?", session_id="g2", user_id=user
    )
    assert result.outcome != "unsure" and "25" in result.answer, result.answer


async def test_an_area_the_asker_covers_is_answered_from_memory(app: App) -> None:
    user = "r14-area"
    await tell_app(app, "I'm responsible for West Africa.", user=user, session="a1")
    result = await app.runner.ask("so which region am I in charge of now?", session_id="a2", user_id=user)
    assert result.outcome != "unsure" and "West Africa" in result.answer, result.answer


async def test_a_data_question_with_my_stays_on_the_data(app: App) -> None:
    user = "r14-data"
    await tell_app(app, "I'm responsible for Europe.", user=user, session="d1")
    result = await app.runner.ask("how many orders did we get from my region in 2025?", session_id="d2", user_id=user)
    assert "SELECT" in result.answer and "responsible" not in result.answer, result.answer


async def test_a_ranking_asked_by_the_team_stays_on_the_data(app: App) -> None:
    # "strongest", "weakest": a ranking the data measures, though the asker is its subject and a region was told
    user = "r14-rank"
    await tell_app(app, "I'm responsible for the Europe region.", user=user, session="k1")
    for i, question in enumerate(("Which region are we strongest in this year?", "which region are we weakest in?")):
        result = await app.runner.ask(question, session_id=f"k{i + 2}", user_id=user)
        assert "responsible for" not in result.answer, (question, result.answer)
        assert "SELECT" in result.answer or result.outcome == "unsure", (question, result.answer)
