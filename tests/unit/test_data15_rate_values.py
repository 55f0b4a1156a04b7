"""A rate named by its figure (round 15, engineer S12): "the 20% promo discount", "a discount of 15 percent" keep
the rows whose rate equals it, written as the column holds it (its comment says a fraction: 0.20); a column that
does not say how it writes a rate leaves the figure unsure."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import build_lexicon, map_request
from tests.unit.data15_catalogues import SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("count the Q1 2026 order lines that carried the 5% seasonal discount", "order_items.discount = 0.05"),
        ("how many orders in 2025 had a discount of 15 percent", "order_items.discount = 0.15"),
        ("units discounted by 20 pct during Q4 2025", "order_items.discount = 0.2"),
        ("how many order lines went out at 10% off in Q2 2026", "order_items.discount = 0.1"),
    ],
)
def test_a_rate_named_by_its_figure_keeps_the_rows_at_that_rate(text: str, kept: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert kept in sql and "sum(order_items.discount)" not in sql.lower()


def test_a_comparison_next_to_the_figure_is_no_rate_filter() -> None:
    with pytest.raises(Unsure):
        map_request("order lines with 10 percent more discount than last year", SALES_LEX, TODAY)


def test_a_rate_column_that_does_not_say_how_it_is_written_is_unsure() -> None:
    tables = []
    for t in SALES_LEX.catalogue.tables:
        columns = tuple(replace(c, comment="The discount rate.") if c.name == "discount" else c for c in t.columns)
        tables.append(replace(t, columns=columns))
    lex = build_lexicon(replace(SALES_LEX.catalogue, tables=tuple(tables)), SQL_VOCABULARY)
    with pytest.raises(Unsure, match="a fraction or a percent"):
        map_request("how many order lines got a 10% discount in 2025", lex, TODAY)
