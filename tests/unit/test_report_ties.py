"""Reports say nothing a tie makes meaningless (issue 9.5, D5): no '0 behind', no 'last' among equals, and an
empty group is named '(none)', not 'None'."""

from __future__ import annotations

from cognicore.subagents.charts import Table
from cognicore.subagents.report_analysis import analyse


def table(rows: list[tuple[object, ...]]) -> Table:
    return Table(columns=("component", "tickets"), rows=tuple(rows), row_count=len(rows))


def test_all_rows_tied_give_no_watch_no_last_and_no_review() -> None:
    a = analyse(table([(c, 3) for c in "ABCDEF"]), hint="tickets by component", style="standard")
    text = " ".join(a.findings + a.recommendations)
    assert "tie for the lead" in text
    assert "0 behind" not in text and "is last" not in text and "Review" not in text


def test_a_real_gap_is_still_watched_and_the_smallest_reviewed() -> None:
    a = analyse(table([("A", 20), ("B", 19), ("C", 4)]), hint="tickets by component", style="standard")
    assert any(r.startswith("Watch B: it is 1 behind A") for r in a.recommendations), a.recommendations
    assert any(r.startswith("Review C") for r in a.recommendations), a.recommendations


def test_an_empty_group_is_named_none_in_brackets() -> None:
    a = analyse(table([("ben", 5), ("ana", 4), (None, 3)]), hint="tickets", style="detailed")
    text = " ".join(a.findings + a.recommendations)
    assert "(none)" in text and "None" not in text
