"""Follow-ups in varied wording (issue 9 point 3): each changes one parameter of the previous request and is
resolved against it; a shape that names nothing known stays a request of its own."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.memory import clock
from cognicore.orchestrator.followup import followup_change, known_value, resolve

# A small deployment of our own (not the demo's): its data values with their column.
COLUMNS = {
    "North Coast": "district",
    "South Coast": "district",
    "Inland": "district",
    "S1": "severity",
    "S2": "severity",
    "pending": "state",
    "done": "state",
    "marta": "owner",
    "Boiler": "asset",
    "Pump": "asset",
}
ENTITIES = list(COLUMNS)


@pytest.mark.parametrize(
    ("previous", "followup", "resolved"),
    [
        # a quarter without a year keeps the year of the period it replaces
        ("Repairs by district in Q3 2024", "same but for Q4", "Repairs by district in Q4 2024"),
        # the start of exactly one multi-word value names it, and replaces the value of its own column
        ("How many repairs came from South Coast in 2025?", "and for North?", "How many repairs came from North Coast"),
        ("How many repairs came from South Coast in 2025?", "and for inland?", "How many repairs came from inland"),
        # "only the s1s": a plural of a known value, added as a filter
        ("How many jobs does marta have?", "only the s1s", "How many jobs does marta have for S1"),
        ("How many jobs does marta have?", "just the pending ones", "How many jobs does marta have for pending"),
        ("How many open jobs are there?", "and how many of those are S2?", "How many open jobs are there for S2"),
        # a regrouping with nothing else
        ("How many jobs are pending?", "break that down by severity", "How many jobs are pending by severity"),
        ("How many jobs are pending?", "split it by district", "How many jobs are pending by district"),
        # drawn: the same request as a chart
        ("Repairs by asset for 2025", "now as a chart", "Repairs by asset for 2025 as a chart"),
        ("Repairs by asset for 2025", "chart it", "Repairs by asset for 2025 as a chart"),
        ("Repairs by asset for 2025", "show that as a bar chart please", "Repairs by asset for 2025 as a bar chart"),
    ],
)
def test_a_followup_changes_one_parameter_of_the_previous_request(previous: str, followup: str, resolved: str) -> None:
    change = followup_change(followup, ENTITIES)
    assert change is not None, followup
    result = resolve(previous, change, ENTITIES, columns=COLUMNS)
    assert result is not None
    text, sure = result
    assert text.startswith(resolved), text
    assert 0.5 <= sure <= 1.0


def test_a_multi_word_value_named_by_its_start_replaces_the_old_one() -> None:
    change = followup_change("and for north?", ["North Coast", "South Coast"])
    assert change is not None and known_value(change.value, ["North Coast", "South Coast"]) == "North Coast"
    resolved = resolve("Jobs from South Coast in 2025", change, ["North Coast", "South Coast"], columns=COLUMNS)
    assert resolved is not None and resolved[0] == "Jobs from North Coast in 2025"


def test_the_start_of_two_values_names_neither() -> None:
    entities = ["North Coast", "North Hills", "South Coast"]
    assert known_value("North", entities) is None
    assert followup_change("and North?", entities) is None  # a bare value must be one the deployment knows
    assert known_value("the s2s", ENTITIES) == "S2" and known_value("hills", entities) is None


def test_a_chart_request_that_already_draws_is_unchanged() -> None:
    change = followup_change("now as a chart", ENTITIES)
    assert change is not None
    assert resolve("Chart of repairs by asset", change, ENTITIES) == ("Chart of repairs by asset", 0.85)


@pytest.mark.parametrize(
    "request_text",
    [
        "only the best engineers stay late",  # "only" with nothing known after it
        "break down revenue by district for 2025",  # a full request of its own
        "just wondering how the boiler works",
        "which of those are you sure about?",  # "of those" naming nothing known
    ],
)
def test_requests_of_their_own_are_not_followups(request_text: str) -> None:
    assert followup_change(request_text, ENTITIES) is None


def test_a_period_step_without_a_period_to_move_is_not_bound() -> None:
    change = followup_change("what about the quarter before?", ENTITIES)
    assert change is not None
    assert resolve("Repairs by district", change, ENTITIES) is None
    assert resolve("Repairs last year", change, ENTITIES) is None  # a year has no quarter to step from


def test_a_period_step_moves_a_relative_period_by_the_deployment_clock() -> None:
    # round 12 (D9): "last quarter" is the last complete one on the clock's calendar, so one before it is named
    clock.start_at(date(2026, 2, 10))
    try:
        change = followup_change("what about the quarter before?", ENTITIES)
        assert change is not None
        assert resolve("Repairs last quarter", change, ENTITIES) == ("Repairs Q3 2025", 0.85)
    finally:
        clock.start_at(None)
