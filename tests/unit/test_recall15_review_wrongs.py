"""Confident wrongs found by the round-15 memory review, as kinds (M24): an aim told is no answer to how many were
done ("how many deals did we sign last month?" after "We aim to sign 12 deals a month"), and another person's
placement is no answer about the asker, though a paraphrase of the question's verb names that person ("which market
am I looking after?" after "My manager covers the Nordics": "manage" is no "manager"). Wordings are our own."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _fact(statement: str) -> list[dict[str, Any]]:
    return [{"index": 1, "source": "memory:fact:1", "statement": statement, "content": statement, "status": "active",
             "since": "2031-03-17 09:00"}]  # fmt: skip


def _ask(question: str, statement: str) -> Any:
    return answer_from_memory(question, question_concepts(question, SYNONYMS), _fact(statement))


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("how many deals did we sign last month?", "We aim to sign 12 deals a month."),
        ("how many calls have I made this week?", "My goal is to make 50 calls a week."),
        ("which market am I looking after?", 'The user said: "My manager covers the Nordics these days."'),
    ],
)
def test_an_aim_or_another_persons_fact_is_not_stated_as_the_answer(question: str, told: str) -> None:
    found = _ask(question, told)
    assert found is None or (not found.used and "not sure" in found.text), found


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("how many deals are we aiming to sign a month?", "We aim to sign 12 deals a month."),
        ("who do I report to?", "The user's manager is Lee Park."),
    ],
)
def test_the_aim_and_the_askers_own_manager_still_answer(question: str, told: str) -> None:
    found = _ask(question, told)
    assert found is not None and found.used == [1], found


@pytest.mark.parametrize(
    ("question", "told", "answers"),
    [
        ("which accounts does my boss look after?", "The user looks after the Nordics accounts.", False),
        ("where does my team lead work from?", "The user works from Lyon.", False),
        ("where does my team lead work from?", "The user's team lead works from Porto.", True),
        ("who is my manager now?", "The user reports to Lena Park.", True),
        ("what does my mentor drink?", 'The user said: "My mentor drinks rooibos."', True),
    ],
)
def test_a_question_about_a_person_of_the_askers_is_answered_by_their_fact_only(
    question: str, told: str, answers: bool
) -> None:
    found = _ask(question, told)
    assert bool(found is not None and found.used == [1]) is answers, found


@pytest.mark.parametrize(
    ("question", "told", "answers"),
    [
        ("how many demos are we aiming to run per week?", "We aim to run 20 demos a month.", False),
        ("what's my target this quarter?", "My target is 9 new logos a month.", False),
        ("what's my target this quarter?", "My target is 30 new logos each quarter.", True),
        ("how many demos are we aiming to run per week?", "Our goal is 12 demos.", True),  # no period told
    ],
)
def test_a_figure_of_another_period_is_no_answer(question: str, told: str, answers: bool) -> None:
    found = _ask(question, told)
    assert bool(found is not None and found.used == [1]) is answers, found
