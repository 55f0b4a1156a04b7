"""A change BY an amount ("raised my quota by $50k") adds to the one known amount, in its own wording; with no known
amount to add to, the amount is never stored as the new value (round 15, issue 9)."""

from __future__ import annotations

import pytest

from tests.unit.test_facts14_amounts import _said


@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        ("My annual sales quota is $900k.", "the VP raised my quota by $75k", "$975k"),
        ("My yearly budget is $12,500.", "they increased my budget by $2,500 for next year's events", "$15,000"),
        ("My quarterly target is $2M.", "my target got cut by 250 thousand dollars", "$1.75M"),
        ("My quarterly target is $2M.", "my target was raised by $150,000 after the review", "$2.15M"),
        ("Our travel budget is 8k a year.", "our travel budget was reduced by \u20ac1k", "7k"),
    ],
)
def test_a_change_by_an_amount_adds_to_the_known_amount(first: str, then: str, new: str) -> None:
    known, [fact] = _said(first, then)
    assert new in fact.object and fact.contradicts == known[0]["statement"], fact


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("My favourite colour is green.", "Finance raised my quota by $40k this week."),
        # an amount that cannot be added in the known figure's own unit: said as told, never a guess
        ("My quarterly target is $2M.", "my target went up by $1,234 after the audit"),
    ],
)
def test_a_change_by_an_amount_is_never_the_new_value(first: str, then: str) -> None:
    _, facts = _said(first, then)
    assert all(f.predicate == "note" for f in facts), facts


def test_a_deadline_by_a_clock_time_is_still_a_value() -> None:
    _, [fact] = _said("My weekly report is due at 3pm on Fridays.", "my weekly report is now due by 4pm on Fridays")
    assert "4pm" in fact.object and "3pm" not in fact.object, fact


@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        ("My monthly call goal is 120 calls.", "my call goal went up 15 calls this month", "135"),
        ("My quarterly target is $700k.", "my target fell 40k after the reorg", "$660k"),
        ("Our training budget is $9,000 a year.", "our training budget grew $1,500", "$10,500"),
    ],
)
def test_a_verb_of_direction_with_the_amount_after_it_is_a_change(first: str, then: str, new: str) -> None:
    known, [fact] = _said(first, then)
    assert new in fact.object and fact.contradicts == known[0]["statement"], fact


def test_a_verb_of_direction_to_an_amount_is_the_new_value() -> None:
    _, [fact] = _said("My monthly call goal is 120 calls.", "my call goal went up to 150 calls")
    assert "150" in fact.object, fact


@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        ("My shift starts at 6am.", "from next week on my shift starts an hour later now", "7am"),
        ("My shift starts at 11am.", "my shift starts two hours later these days", "1pm"),
        ("Our daily huddle is at 4 PM.", "our daily huddle is 30 minutes earlier now", "3:30 PM"),
    ],
)
def test_a_clock_time_without_minutes_moves_by_a_relative_change(first: str, then: str, new: str) -> None:
    known, [fact] = _said(first, then)
    assert fact.object.endswith(new) and fact.contradicts == known[0]["statement"], fact


def test_a_relative_change_with_no_known_figure_is_kept_as_said() -> None:
    _, facts = _said("My favourite colour is teal.", "my shift starts 45 minutes later now")
    assert all(f.predicate == "note" for f in facts), facts


@pytest.mark.parametrize(
    "then",
    [
        "Finance adjusted my number to $910k after the reforecast.",
        "they raised my number to $910k because of the new territory",
    ],
)
def test_why_a_value_changed_is_no_part_of_it(then: str) -> None:
    known, [fact] = _said("My quarterly number is $860k.", then)
    assert fact.object == "$910k" and fact.contradicts == known[0]["statement"], fact


@pytest.mark.parametrize(
    "then",
    [
        "My supervisor's quota was raised by $30k.",
        "Ravi's quota got cut by 20k",
        "My mentor's quota went up 10%",
    ],
)
def test_another_persons_figure_changed_by_a_delta_is_not_the_users(then: str) -> None:
    known, facts = _said("My annual quota is $450k.", then)
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts
