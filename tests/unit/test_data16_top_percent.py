"""A top share of the groups ranked (round 16, engineer S13): "the top 25% of products by revenue", "bottom half
percent" read as the places within that share of the groups (ties kept), where it was unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "percent", "order"),
    [
        ("which regions made the top 50 percent by units last quarter", 50, "DESC"),
        ("our bottom 30% of products by margin in 2024", 30, "ASC"),
    ],
)
def test_a_top_percent_of_groups_keeps_the_places_within_it(text: str, percent: int, order: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert f"rank <= greatest(1, {percent} * ranked / 100.0)" in sql and f") {order}) AS rank" in sql


def test_the_tickets_top_percent_of_assignees() -> None:
    sql = sql_of("who is in the top 40% of assignees by closed tickets", DESK_LEX)
    assert "rank <= greatest(1, 40 * ranked / 100.0)" in sql and "tickets.status = 'closed'" in sql


def test_a_top_percent_of_no_groups_stays_unsure() -> None:
    with pytest.raises(Unsure, match="a percentile cut"):
        map_request("what is the top 20 percent of units sold in 2025", SALES_LEX, TODAY)


def test_an_age_superlative_percent_is_a_share_of_the_rows_never_a_count() -> None:
    sql = sql_of("show me the newest 20 percent of the in-progress tickets", DESK_LEX)
    assert "rank <= greatest(1, 20 * ranked / 100.0)" in sql and "rank <= 20 " not in sql


def test_the_top_percent_taken_together_stays_unsure() -> None:
    for text in (
        "how many units did the top 25% of products sell in 2025",
        "what share of orders came from the top 50% of regions",
    ):
        with pytest.raises(Unsure, match="a percentile cut"):
            map_request(text, SALES_LEX, TODAY)
