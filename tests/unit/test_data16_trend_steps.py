"""The steps of a trend over a period (round 16, engineer S13): "how did new tickets develop over 5-8 January" was one
row for the whole quarter (a trend of one step, confidently); a trend is shown in the unit its period counts in, the
next finer one of a single calendar unit, or by the period's length."""

from __future__ import annotations

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("how did ticket numbers evolve between 5 and 8 January 2026", "day"),
        ("how did units develop over Q2 2026", "month"),
        ("show the trend of orders during 2024", "month"),
        ("what's the revenue trend over the last 8 quarters", "quarter"),
    ],
)
def test_a_trend_has_steps_that_fit_its_period(text: str, unit: str) -> None:
    lex = DESK_LEX if "ticket" in text else SALES_LEX
    assert map_request(text, lex, TODAY).dimensions[0] == unit


def test_a_verb_of_change_through_a_period_is_during_it() -> None:
    q = map_request("how did Europe's revenue develop through Q1 2026, month by month?", SALES_LEX, TODAY)
    assert q.period is not None and q.period.label == "Q1 2026" and q.dimensions[0] == "month"
