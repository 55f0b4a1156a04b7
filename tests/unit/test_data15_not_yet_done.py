"""A state not reached yet, said with a verb of duty or by nobody (round 15, engineer S12): "tickets ben still has to
close", "has yet to be resolved", "the ones no one has resolved" keep the rows whose state is not a done one; "yet to
be shipped" where no state of the data says it stays unsure, never dropped from the answer."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import Lexicon, map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    "text",
    [
        "how many VPN tickets does chloe still need to close",
        "which P3 tickets has the desk yet to resolve",
        "list the Email tickets that no one has closed",
    ],
)
def test_a_done_state_not_reached_is_every_other_state(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.status NOT IN ('closed')" in sql and "tickets.assignee IS NULL" not in sql


def test_the_groups_nobody_closed_a_row_for_are_still_the_groups_with_none() -> None:
    sql = sql_of("which priorities has no one ever closed a ticket in", DESK_LEX)
    assert "HAVING coalesce(COUNT(*) FILTER(WHERE tickets.status = 'closed'), 0) = 0" in sql


@pytest.mark.parametrize(
    ("text", "lex"),
    [
        ("how many orders from Europe are still waiting to be delivered", SALES_LEX),
        ("count the P2 tickets that are yet to be escalated", DESK_LEX),
    ],
)
def test_a_state_the_data_does_not_hold_is_unsure(text: str, lex: Lexicon) -> None:
    with pytest.raises(Unsure, match="no state of the data says it"):
        map_request(text, lex, TODAY)


@pytest.mark.parametrize(
    "text",
    ["which engineer fixed the fewest tickets", "how many P2 tickets has chloe solved", "VPN tickets finished so far"],
)
def test_a_done_word_of_english_is_the_datas_done_state(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.status = 'closed'" in sql


@pytest.mark.parametrize("text", ["how many of ana's tickets aren't done yet", "Laptop tickets that are not finished"])
def test_a_done_word_negated_is_every_other_state(text: str) -> None:
    assert "tickets.status NOT IN ('closed')" in sql_of(text, DESK_LEX)


@pytest.mark.parametrize(
    ("text", "order"),
    [("who is carrying the heaviest load of P1 tickets", "DESC"), ("which engineer has the lightest workload", "ASC")],
)
def test_the_size_of_a_load_ranks_the_rows_counted(text: str, order: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.assignee AS assignee" in sql and f"ORDER BY count(*) {order}" in sql
