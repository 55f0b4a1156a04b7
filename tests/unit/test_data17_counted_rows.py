"""The counted rows named beside a grouping (round 17, engineer S14): "(just the ticket count)", "(the order count)",
"with the number of tickets each" name what a count counts, never a grouping by the counted table's own key (every
group 1); decided where the dimensions are placed, whatever the wording. Through the real mapper and builder."""

from __future__ import annotations

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "lex", "group", "key"),
    [
        ("How do the tickets spread over the components (ticket count only)?", DESK_LEX, "component", "ticket_id"),
        ("open tickets per priority - the ticket totals, please", DESK_LEX, "priority", "ticket_id"),
        ("2025 orders by customer segment (the order count)", SALES_LEX, "customer_segment", "order_id"),
        ("for every assignee give me the number of tickets", DESK_LEX, "assignee", "ticket_id"),
    ],
)
def test_the_counted_rows_are_no_grouping(text: str, lex: object, group: str, key: str) -> None:
    sql = sql_of(text, lex)  # type: ignore[arg-type]
    assert f".{group} AS" in sql and key not in sql


def test_the_answer_says_why_the_key_is_no_grouping() -> None:
    q = map_request("count of tickets per priority (tickets each)", DESK_LEX, TODAY)
    assert any("every group would count 1" in note for note in q.notes)


@pytest.mark.parametrize("text", ["list the open P1 tickets", "which VPN tickets are open"])
def test_rows_asked_for_their_own_sake_are_still_listed(text: str) -> None:
    assert "tickets.ticket_id AS ticket_id" in sql_of(text, DESK_LEX)


@pytest.mark.parametrize(
    ("text", "lex", "group"),
    [
        ("the 2 best categories by order count in 2025", SALES_LEX, "categories.name AS category"),
        ("which priority has the highest ticket count", DESK_LEX, "tickets.priority AS priority"),
    ],
)
def test_a_row_noun_before_count_is_the_number_of_those_rows(text: str, lex: object, group: str) -> None:
    """ "by order count" ranks by the number of orders, never groups by order id (and counts something else)."""
    sql = sql_of(text, lex)  # type: ignore[arg-type]
    assert group in sql and "order_id AS order_id" not in sql and "ticket_id AS" not in sql


@pytest.mark.parametrize(
    ("text", "ranked"),
    [
        (
            "the 3 categories with the most revenue in 2025, by number of orders",
            "ORDER BY count(DISTINCT orders.order_id)",
        ),
        ("which 2 products earned the most last quarter by units", 'ORDER BY sum(order_items."quantity")'),
    ],
)
def test_of_two_figures_of_a_ranking_the_one_said_after_by_ranks(text: str, ranked: str) -> None:
    assert ranked in sql_of(text, SALES_LEX)
