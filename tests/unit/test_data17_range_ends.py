"""A range said with its ends included (round 17, engineer S14): "both days included", "inclusive", "including both
dates" say what every range of the writer already holds, so the words say no more (never "by day"); an end left
out ("exclusive") is a range this writer does not build: unsure. Through the real mapper and builder."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "lex", "dates"),
    [
        (
            "how many tickets were logged from the 5th to the 6th of January, both days inclusive",
            DESK_LEX,
            ("DATE '2026-01-05'", "DATE '2026-01-07'"),
        ),
        (
            "number of orders between 2 March 2025 and 4 March 2025 with both dates included",
            SALES_LEX,
            ("DATE '2025-03-02'", "DATE '2025-03-05'"),
        ),
        ("P2 tickets from jan 6 to jan 8 inclusive", DESK_LEX, ("DATE '2026-01-06'", "DATE '2026-01-09'")),
    ],
)
def test_ends_said_included_keep_the_range_and_group_nothing(text: str, lex: object, dates: tuple[str, str]) -> None:
    sql = sql_of(text, lex)  # type: ignore[arg-type]
    assert all(d in sql for d in dates) and "GROUP BY" not in sql


def test_an_end_left_out_is_unsure() -> None:
    with pytest.raises(Unsure, match="exclusive"):
        map_request("how many tickets came in between 5 and 8 January, exclusive", DESK_LEX, TODAY)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("units sold between 10 April 2025 and 12 April 2025", ("DATE '2025-04-10'", "DATE '2025-04-13'")),
        ("number of orders from Q2 2025 through Q4 2025", ("DATE '2025-04-01'", "DATE '2026-01-01'")),
    ],
)
def test_two_periods_as_the_ends_of_a_span_are_one_range(text: str, dates: tuple[str, str]) -> None:
    """Never the two ends compared side by side, which would leave out every period between them."""
    sql = sql_of(text, SALES_LEX)
    assert all(d in sql for d in dates) and " OR " not in sql and "GROUP BY" not in sql


def test_two_periods_compared_stay_side_by_side() -> None:
    sql = sql_of("what was the gap in units between 10 April 2025 and 12 April 2025", SALES_LEX)
    assert " OR " in sql


def test_which_of_two_periods_had_more_compares_them() -> None:
    sql = sql_of("which brought in more revenue, between Q2 2025 and Q4 2025?", SALES_LEX)
    assert " OR " in sql


def test_a_threshold_said_with_more_than_keeps_the_span() -> None:
    sql = sql_of("how many order lines had more than 2 units between 10 April 2025 and 12 April 2025", SALES_LEX)
    assert "DATE '2025-04-10'" in sql and "DATE '2025-04-13'" in sql and " OR " not in sql
