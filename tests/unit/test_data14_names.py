"""A short value stored in lower case and written as a name (round 14, engineer S11): "Ben's closed tickets" names
the assignee "ben"; a code stored in capitals still counts only as written."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.test_data14_differences import SALES_LEX
from tests.unit.test_data_b12_negation import DESK

TODAY = date(2026, 11, 25)


@pytest.mark.parametrize("text", ["Chloe's P2 tickets", "how many open tickets has Ana got"])
def test_a_name_written_capitalised_is_the_stored_value(text: str) -> None:
    q = map_request(text, DESK, TODAY)
    assert list(q.filters.get("support_desk.tickets.assignee", [])) in (["chloe"], ["ana"])


def test_a_capitalised_code_stays_as_written() -> None:
    with pytest.raises(Unsure):
        map_request("how much did Na sell", SALES_LEX, TODAY)
