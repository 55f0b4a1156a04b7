"""Review fixes of round 12 (fixer F4, issue 9), through the mapper and builder: "which X never/neither ..." is the
zero-groups reading (or unsure), an exclusion keeps "who has the most" ranked, "how much ... from orders" is one
total."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.test_data_b12_negation import DESK, TODAY
from tests.unit.test_data_b12_passed_over import SALES_LEX


def _sql(text: str, lex: object = DESK) -> str:
    q = map_request(text, lex, TODAY)  # type: ignore[arg-type]
    return " ".join(build(q, lex.catalogue, TODAY)[0].split())  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "group", "counted"),
    [
        ("Which components have never been assigned to chloe?", "component", "tickets.assignee = 'chloe'"),
        ("Which components were never P1?", "component", "tickets.priority = 'P1'"),
        ("Which components have never been P1?", "component", "tickets.priority = 'P1'"),
        ("Which assignee has neither P1 nor P2 tickets?", "assignee", "tickets.priority IN ('P1', 'P2')"),
        ("which assignees have neither P3 nor P4 tickets", "assignee", "tickets.priority IN ('P3', 'P4')"),
        ("which components were never assigned to ana or ben", "component", "tickets.assignee IN ('ana', 'ben')"),
        ("Which components have never had P1 tickets?", "component", "tickets.priority = 'P1'"),
    ],
)
def test_which_groups_never_are_the_groups_with_none(text: str, group: str, counted: str) -> None:
    sql = _sql(text)
    assert f"GROUP BY 1 HAVING coalesce(COUNT(*) FILTER(WHERE {counted}), 0) = 0" in sql, sql
    assert f"SELECT tickets.{group} AS {group}" in sql
    assert "NOT IN" not in sql  # never each group's count of the other rows


@pytest.mark.parametrize(
    "text",
    ["Who has never been assigned a P1 ticket?", "Which priorities has chloe never worked?"],
)
def test_groups_with_a_never_not_read_as_none_are_unsure(text: str) -> None:
    with pytest.raises(Unsure):
        map_request(text, DESK, TODAY)


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Which components had tickets that were never closed, and how many?", "tickets.status NOT IN ('closed')"),
        ("How many tickets were never assigned to ben?", "tickets.assignee NOT IN ('ben')"),
        ("P2 tickets which never got closed", "tickets.status NOT IN ('closed')"),
        ("how many tickets were neither P1 nor P2, by component", "tickets.priority NOT IN ('P1', 'P2')"),
        ("tickets that are neither open nor closed", "tickets.status NOT IN ('open', 'closed')"),
    ],
)
def test_a_never_said_of_the_rows_stays_a_negated_filter(text: str, negated: str) -> None:
    sql = _sql(text)
    assert negated in sql and "HAVING" not in sql, sql


@pytest.mark.parametrize(
    "text",
    [
        "Apart from ben, who has the most open tickets?",
        "Who has the most open tickets, apart from ben?",
        "Besides ben, who has the most open tickets?",
        "Other than ben, who has the most open tickets?",
        "Except for ben, who is handling the most open tickets?",
    ],
)
def test_an_exclusion_keeps_who_has_the_most_ranked(text: str) -> None:
    sql = _sql(text)
    assert "SELECT tickets.assignee AS assignee" in sql and "rank <= 1" in sql, sql
    assert "tickets.assignee NOT IN ('ben')" in sql and "tickets.status = 'open'" in sql


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("How much did we earn from orders outside the retail channel last year?", "NOT IN ('retail')"),
        ("How much did we earn from orders in the partner channel last year?", "orders.channel = 'partner'"),
        ("units sold from orders outside Europe in 2025", "NOT IN ('Europe')"),
    ],
)
def test_how_much_from_orders_is_one_total(text: str, where: str) -> None:
    sql = _sql(text, SALES_LEX)
    assert "GROUP BY" not in sql and "order_id AS" not in sql and where in sql, sql


def test_a_grouping_asked_of_orders_still_groups() -> None:
    assert "SELECT orders.order_id AS order_id" in _sql("revenue by order last year", SALES_LEX)
    assert "SELECT regions.name AS region" in _sql("revenue from orders by region last year", SALES_LEX)
