"""A grouping with its empty group included (round 16, engineer S13): "the ticket count for each assignee, including
unassigned" kept only the unassigned tickets (a confident wrong found by this round's probes); every group is kept."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, sql_of


@pytest.mark.parametrize(
    "text", ["open tickets per assignee, including the unassigned ones", "count by assignee as well as unassigned"]
)
def test_every_group_is_kept_with_the_empty_one(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert sql.startswith("SELECT tickets.assignee AS assignee, count(*)") and "IS NULL" not in sql


def test_the_empty_rows_alone_are_still_the_empty_rows() -> None:
    assert "tickets.assignee IS NULL" in sql_of("how many tickets are unassigned, per component", DESK_LEX)
