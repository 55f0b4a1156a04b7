"""Money asked of a fraction column (round 15, engineer S12): "the discount amount", "how much did we give away in
discounts" is the amount it took off (quantity * unit_price * discount, by the revenue column's comment), never a
sum of fractions; with no money asked ("what did discounts add up to"), or no comment saying what the fraction
applies to, it stays unsure."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import build_lexicon, map_request
from tests.unit.data15_catalogues import SALES_LEX, TODAY, sql_of

AMOUNT = 'sum(order_items."quantity" * order_items."unit_price" * order_items."discount")'


@pytest.mark.parametrize(
    "text",
    [
        "the discount amount per channel in Q2 2026",
        "how much money did we give away in discounts during 2024",
        "how much did we lose to discounts on Audio in Q1 2026",
    ],
)
def test_a_total_of_a_fraction_is_the_amount_it_took_off(text: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert AMOUNT in sql and "sum(order_items.discount)" not in sql


def test_a_total_of_a_fraction_with_no_money_asked_is_unsure() -> None:
    with pytest.raises(Unsure, match="a fraction of each row"):
        map_request("what did discounts add up to per channel in Q2 2026", SALES_LEX, TODAY)


def test_without_a_formula_a_total_of_a_fraction_is_unsure() -> None:
    tables = []
    for t in SALES_LEX.catalogue.tables:
        columns = tuple(replace(c, comment="Net revenue of the line.") if c.name == "revenue" else c for c in t.columns)
        tables.append(replace(t, columns=columns))
    lex = build_lexicon(replace(SALES_LEX.catalogue, tables=tuple(tables)), SQL_VOCABULARY)
    with pytest.raises(Unsure, match="a fraction of each row"):
        map_request("total discount in dollars by region in 2025", lex, TODAY)
