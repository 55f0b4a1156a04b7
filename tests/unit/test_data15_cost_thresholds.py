"""A threshold on what each thing costs (round 15, engineer S12): "which products cost more than $200" is each
product's list price over it, "cost us more than 100 dollars to make" its unit cost (the one labelled table's price
or cost column, by its name and comment), counted when "how many" asks; never revenue above the figure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Which products cost under $60 apiece?", "HAVING round(max(products.unit_price)::numeric"),
        ("how many products cost us at least 100 bucks to produce", "WHERE products.unit_cost >= 100"),
        ("how many products have a unit price of more than 150", "WHERE products.unit_price > 150"),
    ],
)
def test_each_things_price_or_cost_over_a_threshold(text: str, kept: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert kept in sql and "revenue" not in sql


def test_a_cost_threshold_of_rows_with_no_price_of_their_own_stays_unsure() -> None:
    with pytest.raises(Unsure):
        map_request("how many regions cost more than 300", SALES_LEX, TODAY)
