"""The most common value of a column (round 16, engineer S13): "What is the most common ticket priority?" was read
with a default measure (confidence 0.85), so the data reader did not claim it and the documents answered about
priorities, confidently; "most / least common, frequent, usual" counts the rows, as said."""

from __future__ import annotations

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY


@pytest.mark.parametrize(
    ("text", "lex", "counted"),
    [
        ("what's the most frequent component among P1 tickets?", DESK_LEX, "tickets"),
        ("which customer segment is the most usual for online orders", SALES_LEX, "orders"),
    ],
)
def test_the_most_common_value_counts_rows_with_full_confidence(text: str, lex: object, counted: str) -> None:
    q = map_request(text, lex, TODAY)  # type: ignore[arg-type]
    assert [m.name for m in q.measures] == [counted] and q.confidence == 1.0 and not q.notes and q.top_n == 1
