"""Asides of a data request (round 17, engineer S14): a look asked for ("a quick view of", "an overview of", "where
things stand") says how the figures are shown, never which; a measure said only to be set aside ("the count of
orders, not the revenue", "units rather than revenue") is no figure asked. Through the real mapper and builder."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "lex", "wanted"),
    [
        ("a rough picture of the tickets per assignee", DESK_LEX, "tickets.assignee AS assignee"),
        ("Can I get an overview of 2025 orders by channel?", SALES_LEX, "orders.channel AS channel"),
        ("how things stand for the Printer tickets, by status", DESK_LEX, "tickets.status AS status"),
    ],
)
def test_a_look_asked_for_says_no_more(text: str, lex: object, wanted: str) -> None:
    assert wanted in sql_of(text, lex)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        ("order numbers by segment for 2025, as a count rather than revenue", "count(*)", "revenue"),
        ("units by region last quarter, instead of revenue", '"quantity"', "revenue"),
        ("margin per category in 2025 and not the discount", "margin", "discount"),
    ],
)
def test_a_measure_set_aside_is_no_figure_asked(text: str, kept: str, dropped: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert kept in sql and f'"{dropped}")' not in sql and f"AS {dropped}" not in sql


def test_a_measure_set_aside_with_nothing_else_asked_stays_unsure() -> None:
    with pytest.raises(Unsure):
        map_request("by region, rather than revenue", SALES_LEX, TODAY)


@pytest.mark.parametrize(
    "text", ["of chloe's tickets, which are still open?", "out of the VPN tickets: which ones are P3"]
)
def test_rows_named_first_then_which_lists_them(text: str) -> None:
    """A lead-in naming the rows, then "which ...": the rows are listed, never only counted."""
    assert "tickets.ticket_id AS ticket_id" in sql_of(text, DESK_LEX)
