"""Review of round 13 (issue 9): "that year / month / day / quarter" takes the previous request's period only when it
is of the asked unit or names the one period of that unit holding it, and "as a share of X" only when X is the total
of the rows the previous request counts; otherwise the follow-up is said unsure, never answered for another period or
another total."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change, resolve
from tests.unit.test_behaviour13_followups import said
from tests.unit.test_behaviour13_scope import classifier


@pytest.mark.parametrize(
    ("previous", "text"),
    [
        ("how many orders came in during 2025?", "what was revenue in that same month?"),
        ("how many tickets were opened in January 2026", "how many were closed that same day?"),
        ("Compare revenue in Q1 2025 with Q3 2025", "orders through partners in that quarter?"),
        ("orders last week", "revenue for that same year?"),
        ("revenue in 2025", "and how many units in that quarter"),
        ("orders between March 1 and March 31 2025", "and revenue that day?"),
        ("tickets opened in the last 3 months", "how many were closed that month"),
    ],
)
async def test_that_period_of_another_unit_is_said_unsure(previous: str, text: str) -> None:
    decision = await classifier().classify(request=text, history=said(previous))
    assert not decision.sure and not decision.resolved_request, decision


@pytest.mark.parametrize(
    ("previous", "text", "resolved"),
    [
        (
            "What was our revenue in March 2025?",
            "and how many orders did we get that year?",
            "and how many orders did we get in 2025?",
        ),
        (
            "How many tickets were opened on January 6 2026?",
            "how many tickets were closed that month?",
            "how many tickets were closed in January 2026?",
        ),
        ("orders in March 2025", "and revenue in that quarter?", "and revenue in Q1 2025?"),
        ("revenue in Q3 2025", "how many orders in that same year", "how many orders in 2025"),
        ("orders in Q2 2026", "and refunds during that same quarter", "and refunds during Q2 2026"),
        ("tickets opened on jan 6 2026", "how many closed that same day", "how many closed in jan 6 2026"),
        ("orders in 2025 vs 2025 targets", "revenue that year", "revenue in 2025"),
    ],
)
async def test_that_period_of_the_same_or_a_containing_unit(previous: str, text: str, resolved: str) -> None:
    decision = await classifier().classify(request=text, history=said(previous))
    assert decision.followup and decision.resolved_request == resolved, decision


@pytest.mark.parametrize(
    ("previous", "text"),
    [
        ("How many open tickets are there per component?", "as a share of all tickets instead"),
        ("revenue by region in 2025 for the Audio category", "as a percentage of total company revenue instead"),
        ("revenue by region last year", "as a share of 2024 revenue"),
        ("P1 tickets per assignee", "show that as a percentage of their total tickets"),
        ("units by channel for Europe", "as a share of worldwide units"),
    ],
)
async def test_share_of_another_total_is_said_unsure(previous: str, text: str) -> None:
    change = followup_change(text)
    assert change is not None and change.prep == "share" and resolve(previous, change) is None
    decision = await classifier().classify(request=text, history=said(previous))
    assert not decision.sure and not decision.resolved_request, decision


@pytest.mark.parametrize(
    ("previous", "text"),
    [
        ("How many open tickets are there per component?", "as a share of all open tickets"),
        ("revenue by region last year", "as a percentage of the total instead"),
        ("P1 tickets per assignee", "show them as percentages"),
        ("units by channel for Europe", "as a share of the grand total"),
    ],
)
async def test_share_of_the_rows_own_total(previous: str, text: str) -> None:
    decision = await classifier().classify(request=text, history=said(previous))
    assert decision.followup and decision.resolved_request == f"{previous.rstrip('?')} as a percentage of the total"
