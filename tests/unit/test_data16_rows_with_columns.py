"""Rows listed with columns beside them (round 16, engineer S13): "list all P2 tickets with their status" counted
the P2 tickets per status (a confident wrong found by this round's probes); the rows are listed with their column."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("show me the closed tickets with their assignee", "tickets.assignee AS assignee"),
        ("pull up ben's tickets along with their priority and component", "tickets.priority AS priority"),
    ],
)
def test_rows_with_their_columns_are_each_row(text: str, columns: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert sql.startswith("SELECT tickets.ticket_id AS ticket_id,") and columns in sql


def test_a_grouping_with_its_counts_stays_a_grouping() -> None:
    sql = sql_of("show the priorities with their ticket numbers", DESK_LEX)
    assert sql.startswith("SELECT tickets.priority AS priority, count(*)") and "ticket_id" not in sql
