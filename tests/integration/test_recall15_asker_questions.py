"""Memory answers, round 15 (M24): a question whose subject is the asker, with a verb the data does not measure, is
answered from what the user told; a team named by a value of the data's regions answers "which region"; a data
question with "we" stays on the data. The real graph, stores and demo data; wordings are our own."""

from __future__ import annotations

from cognicore.app import App
from tests.integration.fact_turns import tell_app


async def test_a_goal_asked_with_an_intention_is_answered_from_memory(app: App) -> None:
    user = "r15-goal"
    await tell_app(app, "Our weekly target is 75 orders.", user=user, session="g1")
    for i, question in enumerate(
        ("how many orders are we aiming for each week?", "what figure are we chasing weekly?")
    ):
        result = await app.runner.ask(question, session_id=f"g{i + 2}", user_id=user)
        assert result.outcome != "unsure" and "75" in result.answer, (question, result.answer)


async def test_a_measured_event_asked_by_the_team_stays_on_the_data(app: App) -> None:
    user = "r15-data"
    await tell_app(app, "Our weekly target is 75 orders.", user=user, session="d1")
    result = await app.runner.ask("how many orders did we get in 2025?", session_id="d2", user_id=user)
    assert "SELECT" in result.answer and "75" not in result.answer.split("SELECT")[0], result.answer


async def test_a_team_named_by_a_region_of_the_data_answers_which_region(app: App) -> None:
    user = "r15-team"
    await tell_app(app, "I got moved onto the Latin America team.", user=user, session="t1")
    result = await app.runner.ask("which region am I part of these days?", session_id="t2", user_id=user)
    assert result.outcome != "unsure" and "Latin America" in result.answer, result.answer


async def test_a_team_named_by_no_value_of_the_data_does_not_answer_which_region(app: App) -> None:
    user = "r15-noregion"
    await tell_app(app, "I got moved onto the Falcon team.", user=user, session="n1")
    result = await app.runner.ask("which region am I part of these days?", session_id="n2", user_id=user)
    assert "Falcon" not in result.answer or result.outcome == "unsure", result.answer


async def test_a_question_in_the_words_of_a_replaced_fact_finds_its_successor(app: App) -> None:
    user = "r15-lineage"
    await tell_app(app, "We send spare parts to our branches with Parcelnet.", user=user, session="l1")
    await tell_app(app, "we dropped Parcelnet for Swiftline last week", user=user, session="l2")
    facts = await app.memory.facts.history(user)
    assert any(f.status == "superseded" and "Parcelnet" in f.statement for f in facts), facts
    result = await app.runner.ask("which courier do we use for spare parts?", session_id="l3", user_id=user)
    assert result.outcome != "unsure" and "Swiftline" in result.answer, result.answer
