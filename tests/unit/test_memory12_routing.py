"""A figure question of the user's is asked of memory when it asks exactly a figure they told (M17, round 12): a
current fact answers all of it and the question names every word of the fact's slot; else the data keeps it."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import route_by_memory

TASK = IntentDecision(intent="task", reason="planned on the data", confidence=0.75)


def _recalled(*statements: str) -> dict[str, Any]:
    facts = [
        {"id": i, "text": s, "statement": s, "object": None, "kind": "fact", "category": "project", "status": "active",
         "since": "2031-03-17 09:00", "until": None, "sources": []}
        for i, s in enumerate(statements, 1)
    ]  # fmt: skip
    return {"categories": [], "facts": facts, "episodes": []}


@pytest.mark.parametrize(
    ("question", "recalled"),
    [
        ("how much money can we put into events in Q2?", _recalled("Our events budget for q2 is $18k.")),
        # a plural asked of a singular told ("ads" of "ad budget")
        ("how much can we spend on ads in Q2?", _recalled("Our q2 ad budget is $8k.")),
        ("what budget do we have for ads in Q2?", _recalled("Our q2 ad budget is $8k.")),
        (
            "what's the amount we get to spend on travel next quarter",
            _recalled("Our travel budget for next quarter is $9k."),
        ),
    ],
)
def test_a_told_figure_asked_in_other_words_is_asked_of_memory(question: str, recalled: dict[str, Any]) -> None:
    assert route_by_memory(question, TASK, recalled).intent == "question"


@pytest.mark.parametrize(
    ("question", "recalled"),
    [
        # the data's own figure: the told fact is another one (a target, another thing)
        ("how much revenue did we book in Q2?", _recalled("Our revenue target for q2 is 2 million.")),
        ("how much did we spend on shipping in Q2?", _recalled("Our events budget for q2 is $18k.")),
        ("what was our total revenue in Q2", _recalled("Our events budget for q2 is $18k.")),
    ],
)
def test_a_figure_the_user_did_not_tell_stays_with_the_data(question: str, recalled: dict[str, Any]) -> None:
    assert route_by_memory(question, TASK, recalled).intent == "task"
