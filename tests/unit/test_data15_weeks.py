"""A week named by one of its days (round 15, engineer S12): "the week of D" is the Monday-to-Sunday week
containing D; "the week starting D", "the seven days from D" are D and the six days after it."""

from __future__ import annotations

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("tickets by priority during the week of Wednesday 7 January 2026", "2026-01-05", "2026-01-12"),
        ("orders per region in the week of 2026-02-12", "2026-02-09", "2026-02-16"),
        ("revenue in the seven days starting 3 March 2026", "2026-03-03", "2026-03-10"),
        ("units sold over the week beginning the 14th of September", "2026-09-14", "2026-09-21"),
    ],
)
def test_a_week_named_by_one_of_its_days_is_seven_days(text: str, start: str, end: str) -> None:
    lex = DESK_LEX if "ticket" in text else SALES_LEX
    q = map_request(text, lex, TODAY)
    assert q.period is not None and q.period.start is not None and q.period.end is not None
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end)


@pytest.mark.parametrize(
    ("text", "start"),
    [("orders placed after 2024", "2025-01-01"), ("units sold after September 2025 by region", "2025-10-01")],
)
def test_after_a_year_or_month_starts_with_the_next_one(text: str, start: str) -> None:
    q = map_request(text, SALES_LEX, TODAY)
    assert q.period is not None and q.period.start is not None and q.period.start.isoformat() == start
