"""Memory against data offline: a who/where/when question a recalled fact answers is asked of memory, never a
figure, a near fact or another holder's. Wordings are our own."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import asks_figure, route_by_memory

DATA = IntentDecision(intent="task", reason="asks about the discount rows in the data", confidence=0.75)


def _recalled(*statements: str, status: str = "active") -> dict[str, Any]:
    facts = [
        {"id": i, "text": s, "statement": s, "object": None, "kind": "fact", "category": "work", "status": status,
         "since": "2031-03-17 09:00", "until": None, "sources": []}
        for i, s in enumerate(statements, 1)
    ]  # fmt: skip
    return {"categories": [], "facts": facts, "episodes": []}


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("who has to approve a discount above 15 percent", "Karin approves discounts above 15%."),
        ("where do we keep the spare printer toner", "We keep the spare printer toner in cupboard B."),
        ("when is the region review", "The region review is on Fridays at 2pm."),
    ],
)
def test_a_told_who_where_when_is_asked_of_memory(question: str, fact: str) -> None:
    decided = route_by_memory(question, DATA, _recalled(fact))
    assert decided.intent == "question", decided.reason


@pytest.mark.parametrize(
    ("question", "recalled"),
    [
        # figures, rankings and listings: data wins whatever memory holds
        ("how much did we sell in Europe in 2025", _recalled("I look after the Europe region.")),
        ("who has the most open tickets", _recalled("Ben has the most experience with open tickets.")),
        ("list the discounts above 15 percent", _recalled("Karin approves discounts above 15%.")),
        # a near fact (another region, another kind of value) or none: the rules' reading stands
        ("who looks after APAC", _recalled("The user is responsible for Europe region.")),
        ("who approves refunds above 50 dollars", _recalled("Karin approves discounts above 15%.")),
        ("where is the pricing review held", _recalled("The pricing review is on Mondays.")),
        ("who approves discounts above 15 percent", _recalled()),
        # an ended fact is no answer now
        ("who approves discounts above 15 percent", _recalled("Karin approves discounts above 15%.", status="ended")),
    ],
)
def test_the_data_keeps_what_memory_does_not_answer(question: str, recalled: dict[str, Any]) -> None:
    assert route_by_memory(question, DATA, recalled) == DATA


def test_only_a_data_task_that_asks_is_rerouted() -> None:
    recalled = _recalled("Karin approves discounts above 15%.")
    told = IntentDecision(intent="statement", reason="tells", confidence=0.8)
    assert route_by_memory("Karin approves discounts above 15%.", told, recalled) == told
    refused = DATA.model_copy(update={"changes_data": True})
    assert route_by_memory("who has to approve a discount above 15 percent", refused, recalled) == refused


def test_a_threshold_is_no_figure_asked() -> None:
    assert not asks_figure("who signs off on discounts over 20%")
    assert asks_figure("how many discounts over 20% did we give")


def test_a_data_task_reads_the_users_own_thing_as_what_they_told() -> None:
    figures = IntentDecision(intent="task", reason="needs figures from the database (revenue)", confidence=0.8)
    recalled = _recalled("The user's region is Latin America.", "Our team is the growth squad.")
    decided = route_by_memory("how much revenue did my region make in 2025", figures, recalled)
    assert decided.intent == "task" and decided.resolved_request == "how much revenue did Latin America make in 2025"
    assert decided.read_as == ["'my region' as 'Latin America' (what you told me)"]
    # A lower-case value is no name the data may hold ("the growth squad"); a thing memory does not name stays.
    assert route_by_memory("how many orders did our team take", figures, recalled) == figures
    assert route_by_memory("what did my channel sell in 2025", figures, recalled) == figures
    # A note names nothing; a question stays the composer's to answer.
    noted = _recalled('The user said: "My region is Europe."')
    noted["facts"][0]["note"] = True
    assert route_by_memory("how much did my region sell", figures, noted) == figures
    asked = IntentDecision(intent="question", reason="asks what the user told", confidence=0.8)
    assert route_by_memory("what's my region", asked, recalled) == asked


@pytest.mark.parametrize(
    "request_",
    ["how many tickets did my team lead close", "how much revenue did our channel partners bring in 2025"],
)
def test_the_users_own_thing_is_not_the_start_of_a_longer_noun(request_: str) -> None:
    """ "my team lead" is a person, not the team "Payments": the request is left as asked, never half replaced."""
    figures = IntentDecision(intent="task", reason="needs figures from the database", confidence=0.8)
    recalled = _recalled("The user's team is Payments.", "Our main channel is Online.")
    assert route_by_memory(request_, figures, recalled) == figures
    told = route_by_memory("how many tickets did my team close", figures, recalled)
    assert told.resolved_request == "how many tickets did Payments close"
