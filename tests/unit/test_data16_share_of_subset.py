"""A share of a filtered subset (round 16, engineer S13): a value negated before the verb that says the share's part
("what share of our unresolved tickets are P1s") keeps the rows the share is of; after that verb it is the part."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of

_WHOLE_NOT_CLOSED = "WHERE (tickets.status IS NULL OR tickets.status NOT IN ('closed')) GROUP BY 1"


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("what fraction of the still unresolved tickets are P3s", "priority = 'P3'"),
        ("among tickets that are not closed, what percentage belong to chloe", "assignee = 'chloe'"),
        ("what proportion of non-closed tickets is for the printer", "component = 'Printer'"),
    ],
)
def test_a_negated_whole_keeps_the_rows_the_share_is_of(text: str, part: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert _WHOLE_NOT_CLOSED in sql and f"WHERE {part}" in sql.split(") SELECT * FROM grouped ")[1]


def test_a_value_set_aside_before_the_verb_is_the_whole_after_it_the_part() -> None:
    whole = sql_of("what share of 2024 orders outside Asia Pacific were placed online", SALES_LEX)
    part = sql_of("what share of 2024 orders were placed outside Asia Pacific", SALES_LEX)
    assert "regions.name NOT IN ('Asia Pacific')) GROUP BY 1" in whole and "channel = 'online'" in whole
    assert "FILTER(WHERE (regions.name IS NULL OR NOT regions.name IN ('Asia Pacific')))" in part


def test_a_negated_part_stays_the_part() -> None:
    sql = sql_of("what percentage of the tickets are not closed yet", DESK_LEX)
    assert "COUNT(*) FILTER(WHERE (tickets.status IS NULL OR NOT tickets.status IN ('closed')))" in sql


@pytest.mark.parametrize(
    ("text", "whole", "part"),
    [
        ("what fraction of chloe's tickets are still not closed", "tickets.assignee = 'chloe'", "tickets.status"),
        ("what share of 2025 orders from Europe were not online ones", "regions.name = 'Europe'", "orders.channel"),
    ],
)
def test_a_negated_part_after_the_verb_is_a_share_of_the_rows_kept(text: str, whole: str, part: str) -> None:
    sql = sql_of(text, DESK_LEX if "ticket" in text else SALES_LEX)
    assert f"FILTER(WHERE ({part} IS NULL OR NOT {part} IN (" in sql and whole in sql.split("WHERE")[-1]
