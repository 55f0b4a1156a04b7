"""Money asked about goods (round 14, engineer S11): what buyers paid or spent is the data's main measure, what the
goods cost us is units times a unit's cost (both columns read from the schema); never a count of the goods, and
unsure when the sentence names no payer."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SqlVocabulary, build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from cognicore.subagents.offline_sql.money_paid import cost_of_goods
from tests.unit.offline_sql_catalogues import SALES, TICKETS

TODAY = date(2026, 11, 25)
SALES_LEX = build_lexicon(SALES, SQL_VOCABULARY)


def _sql(text: str) -> str:
    return " ".join(build(map_request(text, SALES_LEX, TODAY), SALES_LEX.catalogue, TODAY)[0].split())


@pytest.mark.parametrize(
    "text",
    [
        "what did shoppers spend on Pulse Mini Speakers during Q2 2026",
        "how much have clients paid us for Smart Home products in 2025",
    ],
)
def test_what_buyers_paid_is_the_main_measure(text: str) -> None:
    sql = _sql(text)
    assert 'sum(order_items."revenue")' in sql.lower() and "quantity" not in sql and "count(" not in sql.lower()


@pytest.mark.parametrize(
    "text",
    [
        "how much have we paid in total for the Volt Power Bank units we sold in 2025",
        "what did the Lumen Smart Bulb 4-Packs sold last year cost us altogether",
    ],
)
def test_what_the_goods_cost_us_is_units_times_a_units_cost(text: str) -> None:
    sql = _sql(text)
    assert 'sum(order_items."quantity" * products."unit_cost")' in sql and "revenue" not in sql


def test_money_with_no_payer_is_unsure() -> None:
    with pytest.raises(Unsure, match="whose money"):
        map_request("how much money was spent on Wearables in 2025", SALES_LEX, TODAY)


def test_without_a_main_measure_the_buyers_spending_stays_unplaced() -> None:
    with pytest.raises(Unsure, match="customers"):
        map_request("how much did customers spend in January", build_lexicon(TICKETS, SqlVocabulary()), TODAY)


def test_the_cost_of_goods_needs_a_units_cost_and_a_quantity() -> None:
    assert cost_of_goods(SALES) is not None and cost_of_goods(TICKETS) is None
