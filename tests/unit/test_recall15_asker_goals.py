"""A question whose subject is the asker with a verb of duty or intention ("what figure are we chasing?", "how many
calls am I due to make?") asks a goal the user told, answered from memory; one with a verb the data measures ("how
many orders did we get?") stays on the data (M24, round 15). Wordings are our own; the real routing function."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import asks_goal, route_by_memory

TASK = IntentDecision(intent="task", reason="planned on the data", confidence=0.75)


def _recalled(*statements: str, kinds: tuple[str, ...] = ()) -> dict[str, Any]:
    facts = [
        {"id": i, "text": s, "statement": s, "object": None, "kind": "fact", "category": "work", "status": "active",
         "since": "2031-03-17 09:00", "until": None, "sources": [], "kinds": list(kinds)}
        for i, s in enumerate(statements, 1)
    ]  # fmt: skip
    return {"categories": [], "facts": facts, "episodes": []}


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("what figure are we chasing this month?", "Our monthly target is 400 orders."),
        ("How many calls am I due to make each day?", "My daily goal is 60 calls."),
        ("how many demos are we hoping to run per week?", "Our goal is 12 demos a week."),
        ("what sales number are we going for in Q1?", "Our Q1 sales target is $3M."),
        ("How much are we trying to sell before the year is out?", "Our sales target for the year is $12M."),
        ("so what am I meant to bring in by the end of the quarter", "My sales quota for the quarter is $700k."),
        ("how many signups are we aiming for, as it stands?", "The team's goal is 900 signups."),
        ("Quick question: how many visits am I targeting weekly?", "My target is 15 customer visits a week."),
    ],
)
def test_a_goal_asked_with_the_asker_as_subject_is_answered_from_memory(question: str, told: str) -> None:
    assert asks_goal(question), question
    assert route_by_memory(question, TASK, _recalled(told)).intent == "question", question


@pytest.mark.parametrize(
    ("question", "told"),
    [
        # a measured event, though the asker is its subject and a goal was told
        ("how many orders did we get last week?", "Our weekly goal is 400 orders."),
        ("How many calls did I make yesterday?", "My daily goal is 60 calls."),
        # a goal asked that memory does not hold: the data keeps it (and says what it did not understand)
        ("how many demos are we hoping to run per week?", "My manager is Lee Park."),
        # a goal of another period than the one told
        ("how many calls am I supposed to make per month?", "My daily goal is 60 calls."),
    ],
)
def test_a_measured_event_or_an_untold_goal_stays_with_the_data(question: str, told: str) -> None:
    assert route_by_memory(question, TASK, _recalled(told)).intent == "task", question


@pytest.mark.parametrize(
    "question", ["which region do I belong to now?", "what territory am I part of these days?", "which region am I in?"]
)
def test_a_team_named_by_a_data_value_answers_which_region(question: str) -> None:
    # "kinds": the recall found a value of the data's regions in the fact (`_memory_data_kinds.data_kinds`)
    told = _recalled("The user moved onto the Nordics team.", kinds=("region",))
    assert route_by_memory(question, TASK, told).intent == "question", question


def test_a_team_not_named_by_a_data_value_does_not_answer_which_region() -> None:
    told = _recalled("The user moved onto the Nordics team.")
    assert route_by_memory("which region am I in?", TASK, told).intent == "task"
