"""Groups with no row of a kind, said with a negated verb (round 15, engineer S12): "don't have a single", "haven't
got any", "never got a", "didn't sell a single unit", "where not one ... has been <state>" are the groups with none
of those rows (the same as "have no"), never each group's count of the rows named."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "none_of"),
    [
        ("which priorities haven't got any in-progress tickets", "tickets.status = 'in_progress'"),
        ("Are there assignees who do not have even one P4 ticket?", "tickets.priority = 'P4'"),
        ("list the components in which not a single ticket is closed", "tickets.status = 'closed'"),
        ("is there a component that never received a P1 ticket", "tickets.priority = 'P1'"),
        ("who never got any closed tickets?", "tickets.status = 'closed'"),
    ],
)
def test_groups_without_a_single_row_on_the_desk(text: str, none_of: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert f"HAVING coalesce(COUNT(*) FILTER(WHERE {none_of}), 0) = 0" in sql


@pytest.mark.parametrize(
    "text",
    [
        "which categories didn't ship a single unit through partners in Q3 2026",
        "Which regions did not sell any units of the Vista AR Glasses in 2024?",
    ],
)
def test_groups_that_sold_nothing(text: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert "HAVING coalesce(SUM(" in sql and "= 0" in sql


def test_where_no_row_took_a_verb_the_data_has_no_state_for_stays_unsure() -> None:
    with pytest.raises(Unsure):
        map_request("the priorities where no ticket was reassigned", DESK_LEX, TODAY)


def test_never_got_before_a_participle_is_a_state_not_reached() -> None:
    sql = sql_of("Laptop tickets that never got closed", DESK_LEX)
    assert "tickets.status NOT IN ('closed')" in sql and "HAVING" not in sql
