"""The items a report's knowledge step looks up are the labels of the data step's table (`table_subjects`)."""

from __future__ import annotations

from cognicore.subagents.rag_query import table_subjects
from cognicore.subagents.types import StepOutput


def table(columns: list[str], rows: list[list[object]]) -> dict[str, StepOutput]:
    return {"s1": StepOutput(summary="t", data={"columns": columns, "rows": rows})}


def test_an_empty_group_is_no_item_but_the_named_ones_are() -> None:
    rows = [["chloe", 5, 27.8], ["ben", 5, 27.8], [None, 4, 22.2], ["ana", 4, 22.2]]
    assert table_subjects(table(["assignee", "tickets", "share_pct"], rows)) == ["chloe", "ben", "ana"]


def test_a_table_without_a_label_column_has_no_items() -> None:
    assert table_subjects(table(["tickets"], [[18]])) == []
    assert table_subjects(table(["assignee", "tickets"], [[None, 4]])) == []
