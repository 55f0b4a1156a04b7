"""An amount with a currency sign (round 15, engineer S12): "orders worth more than $1,000", "categories that brought
in over $400k" are thresholds on the money measure the deployment names by the currency's word ("dollars"), per
order or per group; when the request names its own figure ("a list price under $50") the sign is only the unit."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of

REVENUE = 'round(sum(order_items."revenue"), 2)'


@pytest.mark.parametrize(
    ("text", "having"),
    [
        ("how many orders placed in 2024 were valued at over $2,000", f"HAVING {REVENUE} > 2000"),
        ("which regions brought in less than $300k during 2025", f"HAVING {REVENUE} < 300000"),
    ],
)
def test_a_currency_amount_is_a_threshold_on_the_money_measure(text: str, having: str) -> None:
    assert having in sql_of(text, SALES_LEX)


def test_a_figure_named_beside_the_amount_keeps_its_own_column() -> None:
    sql = sql_of("products with a unit price over $120", SALES_LEX)
    assert "max(products.unit_price)" in sql and "revenue" not in sql


def test_a_currency_amount_where_the_data_holds_no_money_is_unsure() -> None:
    with pytest.raises(Unsure):
        map_request("how many tickets cost more than $100", DESK_LEX, TODAY)
