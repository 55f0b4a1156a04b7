"""The gap in a count of rows (round 16, engineer S13): "what's the gap in orders between retail and partner" counted
revenue per order (one row per order id, a confident wrong); "the gap / difference in <rows>" is the number of them."""

from __future__ import annotations

from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


def test_the_gap_in_orders_is_a_count_per_compared_value() -> None:
    sql = sql_of("how big was the difference in orders between online and retail in Q2 2026", SALES_LEX)
    assert sql.startswith("SELECT orders.channel AS channel, count(*) AS orders") and "AS difference" in sql


def test_the_gap_in_tickets_between_two_people() -> None:
    sql = sql_of("what's the gap of tickets between ben and chloe?", DESK_LEX)
    assert "tickets.assignee AS assignee, count(*) AS tickets" in sql and "ticket_id" not in sql


def test_the_gap_in_a_measure_is_left_to_the_measure() -> None:
    sql = sql_of("the difference in units between Audio and Wearables in 2025", SALES_LEX)
    assert 'sum(order_items."quantity") AS units' in sql
