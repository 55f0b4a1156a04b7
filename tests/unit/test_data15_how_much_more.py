"""How much more (or fewer) one value has than another (round 15, engineer S12): both figures and their difference,
never the two figures alone; with nothing to compare it against the question stays unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("how much more money did enterprise customers spend than consumers in 2025", "'enterprise', 'consumer'"),
        ("How many fewer units did Latin America buy than Asia Pacific in Q2", "'Latin America', 'Asia Pacific'"),
    ],
)
def test_how_much_more_one_than_another_gives_both_and_the_gap(text: str, both: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert f"IN ({both})" in sql and "AS difference" in sql


def test_how_many_more_rows_one_person_has_than_another() -> None:
    sql = sql_of("how many more P4 tickets has ben got than chloe", DESK_LEX)
    assert "IN ('ben', 'chloe')" in sql and "AS difference" in sql


def test_how_much_more_with_nothing_to_compare_is_unsure() -> None:
    with pytest.raises(Unsure, match="the difference between what"):
        map_request("how many more tickets did chloe close", DESK_LEX, TODAY)


@pytest.mark.parametrize(
    "text",
    ["how much higher was the margin on Wearables than on Audio in 2025", "how much bigger was Q2 2026 than Q1 2026"],
)
def test_how_much_bigger_or_higher_is_the_gap_too(text: str) -> None:
    assert "AS difference" in sql_of(text, SALES_LEX) or " AS change" in sql_of(text, SALES_LEX)
