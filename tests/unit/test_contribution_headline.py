"""The headline of a 'why' answer (D5): who contributed most to the change, of which total; no change, no name."""

from __future__ import annotations

from cognicore.subagents.charts import Table
from cognicore.subagents.report_analysis import contribution_headline

COLUMNS = ("channel", "orders_change", "share_of_change_pct", "q4_2025", "q1_2026")


def test_the_biggest_contribution_with_the_total_change_and_its_share() -> None:
    rows = (("online", -364, 51.3, 956, 592), ("retail", -225, 31.7, 525, 300), ("partner", -121, 17.0, 277, 156))
    text = contribution_headline(Table(columns=COLUMNS, rows=rows, row_count=3))
    assert text.startswith("online contributed most to the change in orders from Q4 2025 to Q1 2026: -364 of the")
    assert "-710 total change (51.3%)" in text


def test_tied_contributors_are_named_together() -> None:
    rows = (("a", 1, 100.0, 0, 1), ("b", 1, 100.0, 0, 1), ("c", -1, -100.0, 1, 0))
    text = contribution_headline(Table(columns=COLUMNS, rows=rows, row_count=3))
    assert text.startswith("a and b contributed most") and "1 each" in text


def test_no_change_overall_corrects_the_premise_with_the_moves_that_cancel_out() -> None:
    """D6: the data answers 'what drove the difference' when there is none: it says so, without a hedge."""
    rows = (("a", 1, None, 0, 1), ("b", -1, None, 1, 0), ("c", 0, None, 1, 1))
    text = contribution_headline(Table(columns=COLUMNS, rows=rows, row_count=3))
    assert text.startswith("The total orders did not change from Q4 2025 to Q1 2026, so no channel accounts")
    assert text.endswith("the moves cancel out: a +1, b -1.") and "not sure" not in text


def test_any_other_table_has_no_such_headline() -> None:
    assert contribution_headline(Table(columns=("channel", "orders"), rows=(("online", 3),), row_count=1)) == ""


def test_day_periods_are_written_as_dates() -> None:
    columns = ("component", "tickets_change", "share_of_change_pct", "2026_01_05", "2026_01_07")
    rows = (("VPN", 2, 66.7, 1, 3), ("Email", 1, 33.3, 0, 1))
    text = contribution_headline(Table(columns=columns, rows=rows, row_count=2))
    assert "from 2026-01-05 to 2026-01-07" in text
