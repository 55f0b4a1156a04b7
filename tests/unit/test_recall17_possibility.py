"""A fact stored from a likelihood ("Commission will probably go to 5%") is no current value (review 17, W5): the
answer quotes it as a possibility and is not sure; a rule told with "if" is still a rule, and a plain fact a value.
Wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

import pytest

from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _ask(question: str, said: str) -> tuple[str, list[int]]:
    fact = {"index": 1, "source": "memory:fact:1", "statement": said, "status": "active", "since": "2031-02-03 09:00"}
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), [fact])
    assert found is not None, question
    return found.text, found.used


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what's my bonus rate?", "The user's bonus rate will probably rise to 8%."),
        ("which office am I in?", "The user might move to the Leeds office."),
    ],
)
def test_a_likelihood_is_quoted_as_a_possibility_and_not_sure(question: str, said: str) -> None:
    text, used = _ask(question, said)
    assert used == [] and "possibility" in text and "not sure" in text, text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("who takes the late P2s?", "If a P2 arrives after 8pm, Ravi takes it."),
        ("which office am I in?", "The user is in the Leeds office."),
    ],
)
def test_a_rule_or_a_plain_fact_is_still_answered(question: str, said: str) -> None:
    assert _ask(question, said)[1] == [1]
