"""Missing values in free words (round 17, engineer S14): a column said to be blank, empty, not set, or held by
nobody keeps the rows where it is NULL; said to be filled in, or held by someone, the rows where it is not; both at
once is a contradiction, never a query that lists nothing. Names stored in lower case read when written as their
owner's ("bens", "anas"). Through the real mapper and builder on the support desk's catalogue."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    "text",
    [
        # the verb before "to nobody" is the one "nobody" is said of: the rows with no person, not also "set"
        "which VPN tickets are assigned to nobody",
        "how many tickets have been given to no one so far",
        "list the P3 tickets assigned to no-one",
        # the column said to be blank, empty, null, not set
        "how many closed tickets have the assignee field left blank",
        "tickets whose assignee was not set, per priority",
        "count tickets with an empty assignee",
        "show me the open tickets where the assignee column is null",
    ],
)
def test_a_column_held_by_nobody_or_said_blank_keeps_its_empty_rows(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.assignee IS NULL" in sql and "IS NOT NULL" not in sql


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("how many tickets have the assignee filled in", ""),
        ("P4 tickets that someone has assigned to them", "tickets.priority = 'P4'"),
        ("which open tickets is anybody handling", "tickets.status = 'open'"),
        ("how many Email tickets does somebody own", "tickets.component = 'Email'"),
    ],
)
def test_a_column_said_set_or_held_by_someone_keeps_its_other_rows(text: str, kept: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.assignee IS NOT NULL" in sql and kept in sql and "assignee IS NULL" not in sql


@pytest.mark.parametrize(
    "text",
    ["unassigned tickets that someone owns", "count the tickets with a blank assignee that have an owner"],
)
def test_empty_and_set_at_once_is_unsure_never_no_rows(text: str) -> None:
    with pytest.raises(Unsure, match="both empty and not empty"):
        map_request(text, DESK_LEX, TODAY)


def test_someone_after_a_negation_is_nobody() -> None:
    assert "tickets.assignee IS NULL" in sql_of("tickets that don't have anybody assigned yet", DESK_LEX)


@pytest.mark.parametrize(
    ("text", "who"),
    [("how many of chloes are P2", "chloe"), ("bens closed tickets by component", "ben"), ("anas tickets", "ana")],
)
def test_a_lower_case_name_written_as_its_owners_is_a_filter(text: str, who: str) -> None:
    assert f"tickets.assignee = '{who}'" in sql_of(text, DESK_LEX)


@pytest.mark.parametrize(
    "text", ["could u show me every ticket with out an owner", "can u list all the Email tickets with out an assignee"]
)
def test_a_list_asked_in_chat_shorthand_lists_the_rows_with_no_person(text: str) -> None:
    """ "can u list", "with out": the rows listed one each, never a count of them nor a grouping by the person."""
    sql = sql_of(text, DESK_LEX)
    assert "tickets.ticket_id AS ticket_id" in sql and "tickets.assignee IS NULL" in sql


@pytest.mark.parametrize(
    "text", ["tickets by priority, excluding the unassigned ones", "how many P4 tickets are there, ignoring unassigned"]
)
def test_the_empty_rows_set_aside_keep_the_rows_with_a_person(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.assignee IS NOT NULL" in sql and "assignee IS NULL" not in sql
