"""A coded value spelt with its column's name (round 16, engineer S13): "priority 1" is the value "P1" of the
priority column (a code of the column's initial and a number), wherever it stands, "are priority 3" too."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("how many of chloe's tickets are priority 3", "tickets.priority = 'P3'"),
        ("count the priority-4 tickets still open", "tickets.priority = 'P4'"),
        ("which component has the most priority 2 tickets", "tickets.priority = 'P2'"),
    ],
)
def test_a_code_said_with_its_column_name_is_that_value(text: str, kept: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert kept in sql and "IS NOT NULL" not in sql.split("WHERE")[1].split("GROUP BY")[0]


def test_the_column_word_alone_after_a_verb_still_asks_it_be_set() -> None:
    assert "tickets.assignee IS NOT NULL" in sql_of("how many P2 tickets are assigned", DESK_LEX)
