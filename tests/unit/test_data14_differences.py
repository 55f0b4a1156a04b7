"""Two compared values "and by how much" (round 14, engineer S11): "the gap", "the difference", "how far ahead of"
ask for both figures and their difference, which the query computes; with nothing to compare the writer says so."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import SALES
from tests.unit.test_data_b12_negation import DESK

TODAY = date(2026, 11, 25)
SALES_LEX = build_lexicon(SALES, SQL_VOCABULARY)


def _sql(text: str, desk: bool = False) -> str:
    lex = DESK if desk else SALES_LEX
    return " ".join(build(map_request(text, lex, TODAY), lex.catalogue, TODAY)[0].split())


@pytest.mark.parametrize(
    "text",
    [
        "Partner against retail orders in 2025: how wide was the gap?",
        "how far ahead of Accessories was Audio on units in Q1 2026",
        "did Europe or Latin America earn more in 2025, and by how much",
    ],
)
def test_two_values_and_their_difference(text: str) -> None:
    sql = _sql(text)
    assert "OVER () - min(" in sql and "AS difference" in sql and " IN (" in sql


def test_a_difference_per_period_is_the_first_named_minus_the_second() -> None:
    sql = _sql("retail versus partner revenue for each quarter of 2025 with the difference")
    assert "FILTER(WHERE orders.channel = 'retail'), 2) - ROUND(" in sql and "AS difference" in sql


def test_the_difference_between_two_periods_is_the_change_beside_its_percent() -> None:
    sql = _sql("what was the difference in units between Q1 2026 and Q2 2026")
    assert " AS change," in sql and "AS change_pct" in sql


def test_a_change_per_group_between_two_periods_shows_the_change_itself() -> None:
    sql = _sql("how did the number of orders change per channel from Q2 2026 to Q3 2026")
    assert " AS change," in sql and "AS change_pct" in sql


def test_both_sides_with_a_comparative_repeated() -> None:
    sql = _sql("are there more P1 or more P4 tickets, and by how much", desk=True)
    assert "IN ('P1', 'P4')" in sql and "AS difference" in sql


def test_a_difference_with_nothing_to_compare_is_unsure() -> None:
    with pytest.raises(Unsure, match="difference between what"):
        map_request("what is the gap in margin for 2025", SALES_LEX, TODAY)
