"""A question whose leading condition may change the answer ("If they move me to nights, what time do I start?") is
one question, not a told sentence and a question: answered with the current fact alone it would be confidently wrong,
so the condition reaches the memory answer, which says what holds now and that it is not sure (review 16, W11). A
condition that only sets the scene still finds the told value. The real graph and stores; wordings are our own."""

from __future__ import annotations

from cognicore.app import App
from cognicore.orchestrator.message_parts import message_parts
from tests.integration.fact_turns import ask_each, tell_all


def test_a_leading_condition_stays_with_its_question() -> None:
    for question in (
        "If they move me to nights, what time do I start?",
        "Assuming Priya quits, who would I report to?",
        "once the audit is done, which queue am I on?",
    ):
        assert message_parts(question) == [question]
    assert message_parts("When is the offsite, and who runs it?") == ["When is the offsite, and who runs it?"]
    assert message_parts("we moved to Teams, how many tickets are open?") == [
        "we moved to Teams",
        "how many tickets are open?",
    ]


async def test_a_condition_that_changes_the_answer_is_not_answered_with_the_current_fact(app: App) -> None:
    user = "m28-cond"
    await tell_all(app, user, "My shift begins at 8 in the morning.")
    for _, result in await ask_each(
        app,
        user,
        (
            "If they move me to nights, what time does my shift begin?",
            "Assuming I swap to weekends, when does my shift begin?",
        ),
    ):
        assert result.outcome == "unsure" and "not sure" in result.answer, result.answer


async def test_a_supposition_in_its_own_words_still_finds_the_told_slot(app: App) -> None:
    # "swap me onto weekends" shares no word with the told shift: the question after it does ("begin" = "starts")
    user = "m28-cond-words"
    await tell_all(app, user, "My shift starts at 8 in the morning.")
    for _, result in await ask_each(
        app,
        user,
        (
            "Supposing they swap me onto weekends, what time do I begin?",
            "Say I get moved to the night crew, when do I begin?",
        ),
    ):
        assert result.outcome == "unsure" and "8" in result.answer and "not sure" in result.answer, result.answer


async def test_a_trailing_or_joined_condition_is_a_supposition_too(app: App) -> None:
    # review 17 (W8): the condition after the question, or after "and"/"what if", changes the answer as much
    user = "m28-cond-after"
    await tell_all(app, user, "Ines Varga is my backup.")
    for _, result in await ask_each(
        app,
        user,
        (
            "who's my backup in case Ines is on holiday?",
            "and if Ines is out too, who's my backup?",
        ),
    ):
        assert result.outcome == "unsure" and "not sure" in result.answer, result.answer
    result = await app.runner.ask("who's my backup?", session_id="t9", user_id=user)
    assert result.outcome == "succeeded" and "Ines" in result.answer, result.answer


async def test_a_condition_the_told_fact_states_is_answered(app: App) -> None:
    user = "m28-cond-stated"
    await tell_all(app, user, "Omar covers for me when I'm on leave.")
    result = await app.runner.ask("who covers for me if I'm on leave?", session_id="s2", user_id=user)
    assert result.outcome == "succeeded" and "Omar" in result.answer, result.answer
