"""A backlog (round 15, engineer S12): "the biggest backlog", "backlog per priority", "our work queue of P2 tickets"
count the rows whose state is not a done one (the data's own values say which are done); data with no done state
leaves the word unplaced (unsure)."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "grouped"),
    [
        ("Which agent is sitting on the largest backlog right now?", "tickets.assignee AS assignee"),
        ("size of the backlog for each component", "tickets.component AS component"),
        ("how large is the work queue of P2 tickets", ""),
    ],
)
def test_a_backlog_counts_the_rows_not_done(text: str, grouped: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.status NOT IN ('closed')" in sql
    assert "count(*)" in sql and grouped in sql


def test_without_a_done_state_a_backlog_is_unsure() -> None:
    with pytest.raises(Unsure):
        map_request("which region has the biggest backlog", SALES_LEX, TODAY)
