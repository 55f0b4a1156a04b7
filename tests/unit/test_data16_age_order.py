"""A list in date order (round 16, engineer S13): "the closed tickets, newest first", "oldest ones first", "most
recently launched first" list every row ordered by the table's date (was unsure: "the oldest or newest of what")."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("give me the in-progress tickets, latest first", "ASC"),
        ("chloe's tickets please, oldest ones first", "DESC"),
        ("P2 tickets, most recently opened first", "ASC"),
    ],
)
def test_tickets_said_then_an_age_order_list_every_ticket_in_it(text: str, order: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert sql.startswith("SELECT tickets.ticket_id AS ticket_id") or "tickets.ticket_id AS ticket_id" in sql
    assert "rank" not in sql and f"ORDER BY avg_age_days {order}" in sql


def test_products_most_recently_launched_first_are_every_product_by_launch_date() -> None:
    sql = sql_of("show me all the products with the newest launched first", SALES_LEX)
    assert "products.launched_on" in sql and "ORDER BY avg_age_days ASC" in sql and "rank" not in sql


def test_the_newest_alone_is_still_one_row() -> None:
    assert "rank <= 1" in sql_of("which P1 ticket is the most recent one", DESK_LEX)


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("the VPN tickets from oldest to newest", "DESC"),
        ("list chloe's tickets sorted by date, latest at the top", "ASC"),
        ("show the closed tickets in chronological order", "DESC"),
    ],
)
def test_other_ways_of_saying_a_date_order_list_every_row_in_it(text: str, order: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.ticket_id AS ticket_id" in sql and f"ORDER BY avg_age_days {order}" in sql and "rank" not in sql


def test_periods_as_rows_in_date_order_stay_periods_in_order() -> None:
    sql = sql_of("units by quarter in 2025, in chronological order", SALES_LEX)
    assert "AS quarter" in sql and "rank" not in sql and "age" not in sql
