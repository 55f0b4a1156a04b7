"""A misspelt word as close to two known words is corrected the same way on every run (round 17, engineer S14): a
word of the data as stored over a form made from one, then alphabetical order (the words come from sets, whose
order changed between processes)."""

from __future__ import annotations

from cognicore.subagents.offline_sql.closest_word import closest
from tests.unit.data15_catalogues import DESK_LEX, sql_of


def test_a_stored_value_wins_a_tie_with_a_derived_form() -> None:
    assert closest("clohe", {"close", "chloe", "closed"}, 75, stored={"chloe", "closed"}) == ("chloe", 80.0)
    assert closest("clohe", ["chloe", "close"], 75, stored=set()) == ("chloe", 80.0)  # alphabetical
    assert closest("zzzz", {"close"}, 75, stored=set()) is None


def test_a_name_misspelt_with_a_possessive_is_the_person() -> None:
    assert "tickets.assignee = 'chloe'" in sql_of("how many P3 tickets are clohe's", DESK_LEX)
