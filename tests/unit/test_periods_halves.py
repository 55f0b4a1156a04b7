"""Half years and 'a year before' in the offline SQL writer's period rules (engineer D3, issue 9.1)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from cognicore.subagents.offline_sql.period_reading import match_period
from cognicore.subagents.offline_sql.periods import A_YEAR_BEFORE, PATTERNS, Period, a_year_before

TODAY = date(2026, 11, 24)


def first_period(text: str) -> Period:
    for pattern, handler in PATTERNS:
        if m := re.search(pattern, text.lower()):  # the mapper reads lower case
            return match_period(pattern, handler, m, TODAY)
    raise AssertionError(f"no period in {text!r}")


@pytest.mark.parametrize(
    ("text", "start", "end", "label"),
    [
        ("revenue in h1 2026", date(2026, 1, 1), date(2026, 7, 1), "H1 2026"),
        ("units for 2025 h2", date(2025, 7, 1), date(2026, 1, 1), "H2 2025"),
        ("the first half of 2025", date(2025, 1, 1), date(2025, 7, 1), "H1 2025"),
        ("1h 2026 orders", date(2026, 1, 1), date(2026, 7, 1), "H1 2026"),
        ("orders in h1", date(2026, 1, 1), date(2026, 7, 1), "H1 2026"),  # the most recent one begun
        ("the second half of this year", date(2026, 7, 1), date(2027, 1, 1), "H2 2026"),
    ],
)
def test_half_years(text: str, start: date, end: date, label: str) -> None:
    p = first_period(text)
    assert (p.start, p.end, p.label) == (start, end, label)
    assert p.partial == (end > TODAY)  # the current half runs to date and says so


def test_a_bare_half_not_yet_begun_is_last_years() -> None:
    pattern = next(p for p, handler in PATTERNS if handler == "bare_half")
    m = re.search(pattern, "revenue in h2")
    assert m is not None
    p = match_period(pattern, "bare_half", m, date(2026, 3, 1))
    assert (p.start, p.label) == (date(2025, 7, 1), "H2 2025")


def test_a_year_before_is_the_same_complete_quarter_or_month() -> None:
    q3 = first_period("revenue in Q3 2026")
    assert a_year_before(q3) == Period(date(2025, 7, 1), date(2025, 10, 1), "Q3 2025", unit="quarter")
    october = first_period("units in October 2026")
    earlier = a_year_before(october)
    assert earlier is not None and (earlier.start, earlier.end) == (date(2025, 10, 1), date(2025, 11, 1))
    assert a_year_before(first_period("revenue in 2025")) is None  # a year over year of a year is a trend
    assert a_year_before(first_period("revenue this quarter")) is None  # a partial period has no like for like


@pytest.mark.parametrize(
    "text",
    ["year over year", "year on year", "yoy", "the same month last year", "same quarter a year ago"],
)
def test_the_words_of_a_year_before(text: str) -> None:
    assert re.search(A_YEAR_BEFORE, f"revenue {text} please")
