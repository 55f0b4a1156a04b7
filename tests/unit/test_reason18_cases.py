"""Reasoning of round 18 (GR): a figure the question states is set against the limit the documents give for the
case it names, when several cases share one sentence ("P1 (...) within 4 hours, P2 (...) within 8 hours"), and the
time a story tells ("came in 80 hours ago") is that figure."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_conditions import comparison
from cognicore.subagents._question_terms import without_asides
from cognicore.subagents.compose import OfflineAnswerComposer

_TIERS = (
    "The technician must call back within the time of the job's tier: T1 (a whole site without power) within 2 "
    "hours, T2 (one floor affected) within 6 hours, T3 (one machine down) within 48 hours."
)
_MISSES = "A job that passes its time without a call is a miss; misses of T1 jobs go to the site lead."
_PASSAGES = [
    {
        "index": 1,
        "title": "Repair tiers",
        "source": "tiers.md",
        "content": f"Every repair job gets a tier when it is booked. {_TIERS} {_MISSES}",
    },
    {
        "index": 2,
        "title": "Loans",
        "source": "loans.md",
        "content": "Members may keep a borrowed tool for up to 10 days. Late tools cost a fee of 2 dollars a day.",
    },
]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("A T2 job has waited 9 hours for a call back. Are we late?", "9 hours is not within 6 hours."),
        ("We called back on a T3 after 30 hours, was that in time?", "30 hours is within 48 hours."),
        ("The T1 outage got its call after one hour - fine?", "One hour is within 2 hours."),
    ],
)
def test_the_named_case_s_limit_is_compared(question: str, said: str) -> None:
    assert comparison(question, _TIERS) == said


def test_no_case_named_compares_nothing() -> None:
    assert comparison("A job waited 9 hours for a call back. Are we late?", _TIERS) == ""


def test_a_story_s_time_ago_stays_as_the_case_s_figure() -> None:
    kept = without_asides("I borrowed the drill twelve days ago, can I still keep it?", frozenset())
    assert "12 days" in kept and "ago" not in kept


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("One machine has been down for 50 hours on a T3 job. Has the call back time passed?", "50 hours is not"),
        ("Our T2 floor lost power 7 hours ago, should the technician have called back by now?", "7 hours is not"),
        ("I borrowed a tool twelve days ago, can I still keep it?", "12 days is not"),
    ],
)
async def test_the_composed_answer_sets_the_story_s_figure_against_the_limit(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_PASSAGES)
    assert answer.used
    assert answer.text.startswith(expected)


_EARBUDS = [
    {
        "index": 1,
        "title": "Returns",
        "source": "returns.md",
        "content": "Opened products can be returned within 30 days of delivery. For hygiene reasons, opened Zephyr "
        "Earbuds are returned under stricter rules: the return must be started within 10 days of delivery. Opened "
        "earbuds that are defective can be returned within the full 30 days.",
    }
]


async def test_a_limit_the_case_misses_is_not_the_answer_when_an_exception_naming_its_condition_holds() -> None:
    question = "Defective opened Zephyr Earbuds, day 20 after delivery - can they still come back?"
    answer = await OfflineAnswerComposer().compose(question=question, passages=_EARBUDS)
    assert not answer.text.startswith("Day 20 is not within 10 days")


async def test_without_the_exception_s_condition_the_limit_decides() -> None:
    question = "Opened Zephyr Earbuds, not defective, day 20 after delivery - can they still come back?"
    answer = await OfflineAnswerComposer().compose(question=question, passages=_EARBUDS)
    assert answer.used and answer.text.startswith("Day 20 is not within 10 days")
