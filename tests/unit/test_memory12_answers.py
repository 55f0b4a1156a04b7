"""Memory answers to a figure asked in other words (M17, round 12): "the number / figure / amount" is answered by a
told figure, "aim for / hit / reach" by a told target, and "what my team needs to ..." keeps the team as the owner;
a told figure whose slot names a kind the question does not ("monthly signup") is a near miss, not an answer."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer


def _fact(index: int, statement: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: project (fact)", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": "active", "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


MEMORY = [
    _fact(1, "Our monthly signup target is 2,500 accounts."),
    _fact(2, "The user prefers to get alerts by email."),
]


@pytest.mark.parametrize(
    "question",
    [
        "what number of signups are we aiming at each month?",
        "remind me of the monthly figure my team has to hit for signups",
        "what's the signup amount my squad needs to reach monthly",
    ],
)
async def test_a_told_target_answers_a_figure_asked_in_other_words(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=MEMORY)
    assert answer.used == [1] and "2,500" in answer.text and "not sure" not in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["what number of refunds are we aiming at?", "which yearly figure are we aiming for?"]
)
async def test_a_figure_of_another_kind_is_a_near_miss_not_an_answer(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=MEMORY)
    assert answer.used == [] and "not sure" in answer.text, answer.text


def _said(index: int, statement: str, status: str, since: str) -> dict[str, Any]:
    return {**_fact(index, statement), "status": status, "since": since}


ON_CALL = [
    _said(1, "The user's on-call day is Friday.", "active", "2031-03-17 09:00"),
    _said(2, "The user is on call every Monday.", "superseded", "2031-03-10 09:00"),
    _said(3, "Heads up, I'm on call every Monday.", "said", "2031-03-10 09:00"),
]


@pytest.mark.parametrize(
    "question", ["tell me which weekday I'm doing on-call", "I forgot, which day I'm on call now?"]
)
async def test_the_asker_said_with_a_verb_is_no_topic_the_current_fact_answers(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=ON_CALL)
    assert answer.used == [1] and "Friday" in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["what part of the world do I look after these days?", "which parts of the world am I in charge of"]
)
async def test_a_part_of_the_world_asks_for_a_region(question: str) -> None:
    told = [_fact(1, "The user is responsible for Scandinavia region.")]
    answer = await OfflineAnswerComposer().compose(question=question, passages=told)
    assert answer.used == [1] and "Scandinavia" in answer.text, answer.text
