"""A count of what the asker has, is in or works ("how many direct reports do I have?") asks the figure they told,
answered from memory when the question names every word of the fact but its figure (M24, round 15); a count of an
event ("how many tickets did we close?") or of another thing stays on the data. Wordings are our own."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import route_by_memory

TASK = IntentDecision(intent="task", reason="planned on the data", confidence=0.75)


def _recalled(statement: str) -> dict[str, Any]:
    fact = {"id": 1, "text": statement, "statement": statement, "object": None, "kind": "fact", "category": "work",
            "status": "active", "since": "2031-03-17 09:00", "until": None, "sources": []}  # fmt: skip
    return {"categories": [], "facts": [fact], "episodes": []}


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("how many direct reports do I have?", "The user has 6 direct reports."),
        ("so how many engineers are in our squad these days?", "Our squad has 11 engineers."),
        ("how many hours am I working per week?", "The user works 32 hours a week."),
        ("how many accounts are on my plate right now?", "I have 14 accounts on my plate."),
    ],
)
def test_a_count_of_the_askers_own_told_figure_is_answered_from_memory(question: str, told: str) -> None:
    assert route_by_memory(question, TASK, _recalled(told)).intent == "question", question


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("how many tickets did we close last week?", "We aim to close 30 tickets a week."),
        ("how many orders are in my region this year?", "My region is the Nordics."),
        ("how many engineers do we have in the data?", "Our squad has 11 engineers."),  # "squad" is not named
        ("how many hours did I log last week?", "The user works 32 hours a week."),
    ],
)
def test_an_event_or_another_thing_stays_with_the_data(question: str, told: str) -> None:
    assert route_by_memory(question, TASK, _recalled(told)).intent == "task", question
