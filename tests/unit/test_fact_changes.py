"""Offline extraction of changes: the slot changed, its new value, the old value named, and what is not a fact."""

from __future__ import annotations

import pytest

from cognicore.memory._fact_keys import same_slot
from cognicore.memory._fact_rules import read_facts


def _slots(text: str) -> list[tuple[str, str, str, str | None, bool]]:
    return [
        (f["subject"], f["predicate"], f["object"], f.get("contradicts"), bool(f.get("exclusive")))
        for f in read_facts(text)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nowadays I mostly have oolong tea.", [("user", "drinks", "oolong tea", None, True)]),
        ("I've switched over from cola to sparkling water.", [("user", "drinks", "sparkling water", "cola", True)]),
        ("I traded espresso for decaf", [("user", "drinks", "decaf", "espresso", True)]),
        ("I became vegetarian a few weeks ago.", [("user", "diet", "vegetarian", None, True)]),
        ("I am on a low-carb diet", [("user", "diet", "low-carb", None, True)]),
        ("I switched my diet to vegan", [("user", "diet", "vegan", None, True)]),
        ("We bumped up the hiring budget to $90k.", [("we", "hiring_budget", "$90k", None, True)]),
        ("Our deadline slipped from May 3 to June 10", [("we", "deadline", "June 10", "May 3", True)]),
        ("The target was lowered to 300 units", [("we", "target", "300 units", None, True)]),
        ("We no longer ship to Canada.", [("we", "no_longer_ships", "to Canada", "to Canada", False)]),
        ("I don't eat red meat anymore", [("user", "no_longer_eats", "red meat", "red meat", False)]),
        ("We migrated from Jenkins to GitHub Actions", [("we", "uses", "GitHub Actions", "Jenkins", False)]),
        ("I moved from Lisbon to Madrid", [("user", "lives_in", "Madrid", "Lisbon", True)]),
        ("I've been drinking rooibos lately", [("user", "drinks", "rooibos", None, True)]),
        ("We've been using Notion for specs", [("we", "uses", "Notion for specs", None, True)]),
        ("The travel allowance for our team is 3,000 euros", [("we", "travel_allowance", "3,000 euros", None, True)]),
        ("We hold standups at 10am now instead of 9am.", [("we", "standup", "10am", "9am", True)]),
        ("The board cut our travel budget to $5,000.", [("we", "travel_budget", "$5,000", None, True)]),
        ("My manager raised my salary to 70k", [("user", "salary", "70k", None, True)]),
        ("Leadership bumped next year's training budget up to 20k", [("we", "training_budget", "20k", None, True)]),
    ],
)  # fmt: skip
def test_a_change_names_its_slot_and_the_old_value(text: str, expected: list[tuple]) -> None:
    assert _slots(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Heads up: I've taken up drinking matcha.", [("user", "drinks", "matcha", None, True)]),
        ("Quick note - we started using Linear, so we no longer use Jira.",
         [("we", "uses", "Linear", None, True), ("we", "no_longer_uses", "Jira", "Jira", False)]),
        ("I cut out meat last spring, which means I am vegetarian now.",
         [("user", "diet", "vegetarian", None, True)]),
        ("Note: the demo is on Friday", [("we", "demo", "on Friday", None, True)]),
    ],
)  # fmt: skip
def test_prefaces_and_connectors_leave_the_statements(text: str, expected: list[tuple]) -> None:
    found = _slots(text)
    assert all(e in found for e in expected), found


def test_two_statements_in_one_sentence_each_count() -> None:
    assert _slots("I'm not vegan anymore, I'm flexitarian these days.") == [
        ("user", "not_diet", "vegan", "vegan", False),
        ("user", "diet", "flexitarian", None, True),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "If we miss the target, we will cut the budget to 10k.",
        "I'm not sure anymore.",
        "I need the revenue report now.",
        "I don't know the answer.",
        "Could we raise the budget to 70k?",
        "I wonder whether we should switch to Linear.",
        "Should I move the meeting to Friday",
    ],
)
def test_questions_conditions_and_chatter_give_no_change(text: str) -> None:
    assert read_facts(text) == []


def test_a_shorter_name_of_a_figure_is_the_same_slot_but_another_figure_is_not() -> None:
    assert same_slot("budget", "marketing_budget") and same_slot("marketing_budget", "marketing_budget")
    assert not same_slot("travel_budget", "marketing_budget")
    assert not same_slot("name", "company_name")


def test_a_switch_from_a_known_value_takes_that_facts_slot_and_wording() -> None:
    from cognicore.memory.extraction import FactCandidate, in_known_slot

    [swap] = [FactCandidate(**f) for f in read_facts("I swapped rooibos for flat whites.")]
    known = [
        {"subject": "user", "predicate": "drinks", "object": "rooibos", "kind": "preference", "category": "food_drink",
         "status": "active", "statement": "The user prefers to drink rooibos."}
    ]  # fmt: skip
    moved = in_known_slot(swap, known)
    assert (moved.predicate, moved.object, moved.exclusive) == ("drinks", "flat whites", True)
    assert moved.statement == "The user prefers to drink flat whites."
    assert in_known_slot(swap, []) == swap
