"""Chat abbreviations of "number" (round 14, engineer S11): "nb of", "num of", "nbr of" count the rows."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.test_data_b12_negation import DESK


@pytest.mark.parametrize("text", ["nb of p2 tickets per assignee", "nbr of vpn tickets by status pls"])
def test_number_abbreviated_counts_the_rows(text: str) -> None:
    q = map_request(text, DESK, date(2026, 11, 25))
    assert [m.aggregate for m in q.measures] == ["count"] and not q.not_understood
