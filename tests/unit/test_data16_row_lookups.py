"""One row named by its key (round 16, engineer S13): "who is assigned INC-1016?" (nobody) answered "no rows", and
"how long has INC-1003 been open?" (in progress) answered an empty age, both filtering the row by what was asked of
it; the row's own column is shown, empty or not, and its age is never filtered by a value said of it."""

from __future__ import annotations

from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, TODAY, sql_of


def test_the_person_asked_of_a_row_is_shown_even_when_empty() -> None:
    sql = sql_of("who's been assigned INC-1011?", DESK_LEX)
    assert "tickets.assignee AS assignee" in sql and "IS NOT NULL" not in sql and "IS NULL" not in sql


def test_an_empty_column_asked_of_a_row_is_shown_not_filtered() -> None:
    sql = sql_of("is INC-1001 unassigned?", DESK_LEX)
    assert "tickets.assignee AS assignee" in sql and "IS NULL" not in sql


def test_the_age_of_a_row_is_not_filtered_by_a_state_said_of_it() -> None:
    q = map_request("how many days has INC-1009 been open for?", DESK_LEX, TODAY)
    assert q.filters == {"support_desk.tickets.ticket_id": ["INC-1009"]} and q.measures[0].age
