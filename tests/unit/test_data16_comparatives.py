"""A comparative adjective before "than" (round 16, engineer S13): "was Q3 higher than Q2", "did Europe do better than
APAC", "were there fewer ... than" show the two side by side (was unsure: 'better', 'higher'); "higher than 400k"
is no comparison of two named things."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("was Audio's revenue stronger in Q2 2026 than in Q1 2026", ("2026-04-01", "2026-01-01")),
        ("were March 2026 units lower than February 2026 units", ("2026-03-01", "2026-02-01")),
    ],
)
def test_two_periods_compared_by_an_adjective_are_both_shown(text: str, both: tuple[str, str]) -> None:
    sql = sql_of(text, SALES_LEX)
    assert all(f"DATE '{day}'" in sql for day in both)


def test_two_values_compared_by_an_adjective_are_both_shown() -> None:
    sql = sql_of("is chloe's ticket count bigger than ana's?", DESK_LEX)
    assert "tickets.assignee IN ('chloe', 'ana')" in sql or "tickets.assignee IN ('ana', 'chloe')" in sql


def test_which_of_two_is_higher_shows_both() -> None:
    sql = sql_of("which was bigger last quarter, partner or retail revenue?", SALES_LEX)
    assert "orders.channel IN (" in sql and "'partner'" in sql and "'retail'" in sql
