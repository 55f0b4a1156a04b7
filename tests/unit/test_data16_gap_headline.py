"""Two compared figures and their difference (round 16, engineer S13): the answer names which one is ahead, so "how
much more did A make than B" with B larger never reads as A's lead."""

from __future__ import annotations

from cognicore.subagents.offline_sql.gap_headline import gap_headline
from cognicore.subagents.tables import Table

_SQL = "SELECT ... max(x) OVER () - min(x) OVER () AS difference"


def test_the_one_ahead_is_named_with_the_gap_in_fewer_for_counts() -> None:
    table = Table(("assignee", "tickets", "difference"), (("chloe", 6, 2), ("ana", 4, 2)), 2, _SQL)
    assert gap_headline(table) == "chloe is ahead of ana: 6 to 4 (tickets); ana has 2 fewer."


def test_money_is_less_and_formatted() -> None:
    rows = (("retail", 1200, 699.5), ("online", 500.5, 699.5))
    table = Table(("channel", "revenue", "difference"), rows, 2, _SQL)
    assert gap_headline(table) == "retail is ahead of online: $1,200 to $500.50 (revenue); online has $699.50 less."


def test_level_figures_are_said_level() -> None:
    table = Table(("priority", "tickets", "difference"), (("P1", 3, 0), ("P2", 3, 0)), 2, _SQL)
    assert gap_headline(table) == "P1 and P2 are level, with 3 each (tickets)."


def test_other_tables_get_no_headline() -> None:
    three = Table(("region", "orders", "difference"), (("a", 3, 1), ("b", 2, 1), ("c", 1, 1)), 3, _SQL)
    unrelated = Table(("region", "orders", "difference"), (("a", 9, 1), ("b", 2, 1)), 2, _SQL)
    no_gap = Table(("region", "orders"), (("a", 9), ("b", 2)), 2, _SQL)
    assert gap_headline(three) == gap_headline(unrelated) == gap_headline(no_gap) == ""
