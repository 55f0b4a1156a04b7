"""A share whose part is an amount condition (round 15, engineer S12): "what share of lines had no discount" is the
undiscounted lines over all the lines of the period, never 100% of the rows it kept; beside another filter, which
condition is the part is not said, so it is unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    "text",
    [
        "which percentage of last year's order lines came with no discount",
        "share of Q2 2026 order lines given a discount",
    ],
)
def test_a_share_of_rows_with_or_without_an_amount_is_of_all_the_rows(text: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert "FILTER(WHERE" in sql and "/ nullif(count(*), 0)" in sql  # the part over every row of the period
    assert "WHERE coalesce" not in sql.lower() and "AND order_items.discount > 0" not in sql


@pytest.mark.parametrize(
    "text",
    [
        "leaving out retail, what percent of 2025 order lines had a discount",
        "what share of online order lines in 2025 got no discount",
    ],
)
def test_a_share_with_an_amount_and_another_filter_is_unsure(text: str) -> None:
    with pytest.raises(Unsure, match="which rows the share is of"):
        map_request(text, SALES_LEX, TODAY)
