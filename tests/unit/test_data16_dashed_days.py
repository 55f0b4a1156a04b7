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
