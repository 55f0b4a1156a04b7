"""A threshold on each counted row's own column (round 15, engineer S12): "how many order lines had more than 3
units" keeps the lines whose quantity is over 3 (the lines hold the column the units add up); a threshold on another
table's rows ("orders with over 5 units") is still each order's total."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("In Q3 2026 how many order lines were for at least 5 units?", "order_items.quantity >= 5"),
        ("number of order lines with fewer than 2 units in 2024", "order_items.quantity < 2"),
    ],
)
def test_a_threshold_on_the_counted_rows_own_column_is_a_row_condition(text: str, kept: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert kept in sql and "HAVING" not in sql and sql.startswith("SELECT count(*) AS order_items")


def test_a_threshold_on_a_parent_rows_total_is_still_per_group() -> None:
    sql = sql_of("how many orders in Q1 2026 had more than 6 units", SALES_LEX)
    assert 'HAVING sum(order_items."quantity") > 6' in sql
