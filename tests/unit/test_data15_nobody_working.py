"""Rows no person has (round 15, engineer S12): "tickets nobody is working on", "no one has been handling", "still
waiting for someone to pick them up" keep the rows whose people column is empty, never the rows in progress that
nobody has (the vocabulary reads "working on" as "in progress" elsewhere)."""

from __future__ import annotations

import pytest

from tests.unit.data15_catalogues import DESK_LEX, sql_of


@pytest.mark.parametrize(
    "text",
    [
        "show me the Laptop tickets no one's working on",
        "how many P3 tickets are still waiting on somebody to pick them up",
        "which printer tickets has nobody been dealing with",
    ],
)
def test_rows_nobody_works_on_have_no_person(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.assignee IS NULL" in sql and "in_progress" not in sql
