"""A bare noun phrase of rows (round 14, engineer S11): "closed P3 tickets", "the printer tickets for ben please" ask
for the rows themselves (listed by key), not their count; a dated one or one asking "how many" stays a count."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.test_data14_differences import SALES_LEX
from tests.unit.test_data_b12_negation import DESK

TODAY = date(2026, 11, 25)


def _dims(text: str) -> list[str]:
    return [getattr(d, "name", d) for d in map_request(text, DESK, TODAY).dimensions]


@pytest.mark.parametrize("text", ["closed P3 tickets", "the printer tickets for ben please", "unassigned P2 cases?"])
def test_a_noun_phrase_of_rows_lists_them(text: str) -> None:
    assert _dims(text) == ["ticket_id"]


@pytest.mark.parametrize("text", ["printer tickets opened on jan 6?", "how many closed P3 tickets"])
def test_dated_or_counted_noun_phrases_stay_a_count(text: str) -> None:
    assert _dims(text) == []


def test_a_noun_phrase_of_a_large_table_is_counted() -> None:
    """The sales catalogue's orders (40,000 rows) are more than an answer shows; its products (12) are listed."""
    q = map_request("retail orders from Latin America?", SALES_LEX, TODAY)
    assert q.dimensions == [] and q.measures[0].aggregate == "count"
    assert [getattr(d, "name", d) for d in map_request("smart home products", SALES_LEX, TODAY).dimensions] == ["name"]
