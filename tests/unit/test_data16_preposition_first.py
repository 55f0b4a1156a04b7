"""A request opened by a preposition (round 16, engineer S13; orchestrator/scope.py, D13's file): "Among the people
who get jobs, who has the fewest?" was refused as an order to "among" something; a preposition is never the verb."""

from __future__ import annotations

import pytest

from tests.unit.test_scope_behaviour import classifier


@pytest.mark.parametrize(
    "request_text",
    [
        "Among the engineers who get jobs, who has the fewest overall?",
        "Across all sites, which engineer has the most pending jobs?",
        "between marta and olek, who reported more jobs in 2025?",
    ],
)
async def test_a_preposition_opening_a_question_is_no_foreign_order(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert not decision.out_of_scope, decision


@pytest.mark.parametrize(
    "request_text",
    ["what's the gap in jobs between marta and olek?", "what is the split of pending jobs between Harbour and Hilltop"],
)
async def test_a_figure_asked_of_the_data_is_no_unheld_topic(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert not decision.out_of_scope and not decision.unheld, decision


async def test_a_thing_nothing_holds_is_still_unheld() -> None:
    decision = await classifier().classify(request="what's the population of Brazil?", history=[])
    assert decision.unheld, decision
