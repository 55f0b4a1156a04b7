"""Everything but one value (round 15, engineer S12): "everywhere except X", "every channel but X", "all regions
except for X" exclude X; "everyone but ana" is the other people's rows, never the rows nobody holds."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("what did everywhere apart from Asia Pacific bring in during 2025", "NOT IN ('Asia Pacific')"),
        ("orders in Q1 2026 for every channel but retail", "NOT IN ('retail')"),
        ("units sold last year in all regions except for Latin America", "NOT IN ('Latin America')"),
    ],
)
def test_everywhere_or_every_value_but_one_excludes_that_value(text: str, kept: str) -> None:
    assert kept in sql_of(text, SALES_LEX)


@pytest.mark.parametrize(
    "text", ["closed tickets of everybody besides chloe", "how many P2 tickets does anyone other than ben hold"]
)
def test_everyone_but_one_person_is_the_other_people_not_the_unassigned(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "NOT IN (" in sql and "tickets.assignee IS NOT NULL" in sql


@pytest.mark.parametrize(
    "text",
    [
        "revenue per channel in Q1 2026 not counting small business customers",
        "orders by region in 2025 excluding the enterprise customer segment",
    ],
)
def test_the_column_word_after_an_excluded_value_only_describes_it(text: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert "orders.customer_segment NOT IN (" in sql


@pytest.mark.parametrize(
    "text",
    ["how many P2 tickets are there, apart from the Email ones?", "count the open tickets except the Laptop ones"],
)
def test_the_ones_set_aside_are_no_listing_of_rows(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert sql.startswith("SELECT count(*) AS tickets") and "NOT IN (" in sql
