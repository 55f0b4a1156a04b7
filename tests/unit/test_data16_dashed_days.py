"""A span of days written with a dash (round 16, engineer S13): "5-8 January 2026", "jan 5-6 2026" are the days
from the first to the last, both included, as "from 5 to 8 January 2026" (was unsure, or the last day alone)."""

from __future__ import annotations

import pytest

from cognicore.subagents.offline_sql.claimed_periods import dashed_day_ranges
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("closed tickets per assignee for 6-7 January 2026", "2026-01-06", "2026-01-08"),
        ("how many P3 tickets came in Jan 5-7, 2026", "2026-01-05", "2026-01-08"),
    ],
)
def test_a_dashed_span_of_days_is_every_day_of_it(text: str, start: str, end: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert f"tickets.opened_at >= DATE '{start}' AND tickets.opened_at < DATE '{end}'" in sql


def test_a_dashed_span_in_the_sales_data() -> None:
    sql = sql_of("units sold 10-16 august 2025 by category", SALES_LEX)
    assert "orders.ordered_at >= DATE '2025-08-10' AND orders.ordered_at < DATE '2025-08-17'" in sql


def test_a_dash_between_numbers_beside_no_month_is_left_alone() -> None:
    assert dashed_day_ranges("tickets p1-p2 for the 5-8 team") == "tickets p1-p2 for the 5-8 team"
    assert dashed_day_ranges("over 5-8 january 2026") == "from 5 to 8 january 2026"


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("how many online orders from 2024", "2024-01-01", "2025-01-01"),
        ("revenue from Q1 2026 by region", "2026-01-01", "2026-04-01"),
    ],
)
def test_rows_from_a_period_are_that_period(text: str, start: str, end: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert f"orders.ordered_at >= DATE '{start}' AND orders.ordered_at < DATE '{end}'" in sql


def test_from_a_day_onwards_or_after_a_verb_is_still_a_start() -> None:
    assert "< DATE" not in sql_of("P2 tickets from jan 6 onwards", DESK_LEX)
    assert "< DATE" not in sql_of("tickets raised from 7 January 2026", DESK_LEX)
