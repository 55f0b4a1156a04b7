"""Rows kept by whether a rate was applied (round 14, engineer S11): "got a discount" / "discounted" keep the rows
whose rate column is above zero, "with no discount" / "undiscounted" those at zero; for a count of the parent rows
(orders whose lines carry the rate) "none on any line" is no filter of the lines, so it stays unsure."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import Catalogue, SqlVocabulary, build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import SALES, TICKETS

TODAY = date(2026, 11, 25)
COMMENTS = {"order_items": "Order lines: which product, how many units.", "discount": "Discount as a fraction."}


def _commented(catalogue: Catalogue) -> Catalogue:
    """The sales catalogue with the comments the demo's schema carries on its lines and their discount."""
    tables = []
    for t in catalogue.tables:
        columns = tuple(replace(c, comment=COMMENTS.get(c.name, "")) for c in t.columns)
        tables.append(replace(t, columns=columns, comment=COMMENTS.get(t.name, "")))
    return replace(catalogue, tables=tuple(tables))


LEX = build_lexicon(_commented(SALES), SQL_VOCABULARY)


def _sql(text: str) -> str:
    return " ".join(build(map_request(text, LEX, TODAY), LEX.catalogue, TODAY)[0].split())


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("count the order lines carrying a discount in Q4 2025", "order_items.discount > 0"),
        ("discounted orders per region in 2025", "order_items.discount > 0"),
        ("order lines with no discount during 2025", "coalesce(order_items.discount, 0) = 0"),
        ("how many undiscounted order lines were there in Q2 2026", "coalesce(order_items.discount, 0) = 0"),
    ],
)
def test_rows_kept_by_whether_a_rate_applies(text: str, kept: str) -> None:
    sql = _sql(text)
    assert kept in sql and "sum(order_items.discount)" not in sql


def test_parents_with_none_on_any_row_is_unsure() -> None:
    with pytest.raises(Unsure, match="on any of their rows"):
        map_request("how many orders had no discount in 2025", LEX, TODAY)


def test_without_a_rate_column_nothing_is_filtered() -> None:
    with pytest.raises(Unsure):
        map_request("tickets with a discount", build_lexicon(TICKETS, SqlVocabulary()), TODAY)
