"""Round 17 (engineer D14, issue 9): "and the day after?" after a day written before its month ("on 6 January 2026",
"the 31st of Dec 2025") moves the day, never the year ("6 January 2126" was read from "January 20" inside "January
2026")."""

from __future__ import annotations

import pytest

from cognicore.orchestrator._followup_periods import moved
from tests.unit.test_scope_behaviour import classifier


@pytest.mark.parametrize(
    ("period", "by", "expected"),
    [
        ("4 March 2026", 1, "5 March 2026"),
        ("31st of Dec 2025", 1, "1 Jan 2026"),
        ("1 mar", -1, "28 feb"),
        ("March 4, 2026", -1, "March 3 2026"),
    ],
)
def test_a_day_moves_by_days_whichever_way_it_is_written(period: str, by: int, expected: str) -> None:
    assert moved(period, "day", by) == expected


async def test_the_day_after_a_day_first_date_keeps_the_year() -> None:
    history = [{"speaker": "user", "content": "how many S1 jobs were reported on 12 February 2026?"}]
    decision = await classifier().classify(request="and the day before?", history=history)
    assert decision.followup and decision.resolved_request == "how many S1 jobs were reported on 11 February 2026"
