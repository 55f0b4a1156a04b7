"""What one unit costs the company, asked in other words (round 15, engineer S12): "what does it cost us to produce
one X", "what do we pay per unit for X" look up X's cost column (its comment: the cost of one unit), never the units
sold; "it" standing for a service the data has no cost of stays unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "product"),
    [
        ("so what does it cost us to manufacture a single Aurora Buds Pro?", "Aurora Buds Pro"),
        ("how much do we pay per item for the Volt Power Bank 20K", "Volt Power Bank 20K"),
        ("what did we pay for each Lumen Smart Bulb 4-Pack", "Lumen Smart Bulb 4-Pack"),
    ],
)
def test_what_one_unit_costs_us_is_its_cost(text: str, product: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert "products.unit_cost AS unit_cost" in sql and f"products.name = '{product}'" in sql
    assert "quantity" not in sql


def test_what_a_service_costs_us_stays_unsure() -> None:
    with pytest.raises(Unsure, match="what cost us money"):
        map_request("what does it cost us to deliver an order to Europe", SALES_LEX, TODAY)


@pytest.mark.parametrize(
    ("text", "order"),
    [("which product is the costliest to manufacture", "DESC"), ("what's the cheapest item to produce", "ASC")],
)
def test_the_most_or_least_expensive_to_make_ranks_the_cost(text: str, order: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert "products.unit_cost" in sql and "unit_price" not in sql and order in sql


def test_what_each_thing_costs_us_to_make_is_each_ones_cost() -> None:
    sql = sql_of("and what does each product cost us to produce?", SALES_LEX)
    assert "products.unit_cost" in sql and "GROUP BY" in sql and "revenue" not in sql
