"""A share whose part is an amount condition (round 15, engineer S12): "what share of lines had no discount" is the
undiscounted lines over all the lines of the period, never 100% of the rows it kept; beside another filter, which
condition is the part is not said, so it is unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


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
        "what percent of the 2025 order lines not sold through retail had a discount",
        "what share of online order lines in 2025 got no discount",
    ],
)
def test_a_share_with_an_amount_and_another_filter_is_unsure(text: str) -> None:
    with pytest.raises(Unsure, match="which rows the share is of"):
        map_request(text, SALES_LEX, TODAY)


@pytest.mark.parametrize(
    ("text", "whole", "part"),
    [
        (
            "setting aside retail, which percentage of 2025 order lines came with no discount",
            "orders.channel NOT IN ('retail')",
            "FILTER(WHERE COALESCE(order_items.discount, 0) = 0)",
        ),
        (
            "other than the Email ones, what share of tickets are in progress",
            "tickets.component NOT IN ('Email')",
            "WHERE status = 'in_progress'",
        ),
    ],
)
def test_rows_set_aside_are_left_out_of_the_whole_a_share_is_of(text: str, whole: str, part: str) -> None:
    lex = DESK_LEX if "ticket" in text else SALES_LEX
    sql = sql_of(text, lex)
    assert whole in sql and part in sql
    assert "FILTER(WHERE (" not in sql  # the rows set aside are never the share's part


def test_a_negated_value_after_the_verb_is_the_part_of_the_kept_rows() -> None:
    sql = sql_of("what percentage of ben's tickets are not closed", DESK_LEX)  # round 16: was unsure
    assert "FILTER(WHERE (tickets.status IS NULL OR NOT" in sql and sql.endswith("WHERE tickets.assignee = 'ben'")
