"""A trend's direction asked ("whether it's trending up or down", "is it going up or down?", "rising or falling")
is the trend with its change from one period to the next (round 17, engineer S14), never words left unread."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "lex"),
    [
        ("units per month over 2025: rising or falling?", SALES_LEX),
        ("tickets per day in January 2026, and whether they are going up or down", DESK_LEX),
    ],
)
def test_the_direction_asked_is_the_trend_with_its_change(text: str, lex: object) -> None:
    sql = sql_of(text, lex)  # type: ignore[arg-type]
    assert "lag(" in sql and "GROUP BY 1" in sql
