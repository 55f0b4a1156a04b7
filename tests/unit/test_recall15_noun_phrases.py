"""A noun phrase that names a thing in other words is that thing for the near-miss checks too (M24, round 15): "when
does my work day kick off?" is about the shift the user told ("My shift starts at 6am"), not a near miss between "my
work" and "my shift". Wordings are our own."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents._memory_words import in_meaning
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _fact(statement: str) -> list[dict[str, Any]]:
    return [{"index": 1, "source": "memory:fact:1", "statement": statement, "content": statement, "status": "active",
             "since": "2031-03-17 09:00"}]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("when does my work day kick off?", "My shift starts at 6am."),
        ("what time is my working day over?", "The user's shift finishes at 4pm."),
    ],
)
def test_a_working_day_asked_is_the_shift_told(question: str, told: str) -> None:
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), _fact(told))
    assert found is not None and found.used == [1], found


def test_the_phrase_is_read_as_its_thing() -> None:
    assert in_meaning("when does my working day start?") == "when does my shift start?"
    assert in_meaning("which part of the world am I on?") == "which region am I on?"
    assert in_meaning("what is my role?") == "what is my role?"
