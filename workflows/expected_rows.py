"""Expectations computed from the data: the rows of a case's `expected_sql` must appear in the answer.

A suite whose figures are written down holds for one day of data only; an `expected_sql` is run on the
same database after the case, with the deployment clock's date bound as `%(today)s`, so the expected labels
and figures follow the data whatever day the suite runs. Text columns are labels the answer must name;
numeric columns are figures it must contain, read as people write them ("$1,013,616", "$1.01M", "38.2%",
"4.5k"): a figure matches within `tolerance` (relative) or within half of its last shown digit.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

QueryFn = Callable[[str, dict[str, Any]], Awaitable[list[dict[str, Any]]]]
"""`query(sql, params)` returning the rows as dicts: how a suite reads the expected values."""

_NUMBER_RE = re.compile(
    r"(?<![\w.])[$€£]?\s?(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?"
    r"(?P<unit>%|k\b|K\b|M\b|m\b|bn\b|B\b|million\b|billion\b|thousand\b)?",
)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "b": 1e9, "billion": 1e9}


def figures_in(text: str) -> list[tuple[float, float]]:
    """Every number of `text` as (value, half of its last shown digit, scaled): "$1.2M" -> (1.2e6, 5e4)."""
    out: list[tuple[float, float]] = []
    for m in _NUMBER_RE.finditer(text):
        digits = m["n"].replace(",", "")
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        scale = _SCALE.get((m["unit"] or "").lower(), 1.0)
        out.append((float(digits) * scale, 0.5 * 10**-decimals * scale))
    return out


def has_figure(text: str, value: float, *, tolerance: float = 0.005) -> bool:
    """Does `text` show `value` (within `tolerance` relative, or as rounded as it is written, never > 5% off)?"""
    for shown, half_digit in figures_in(text):
        error = abs(shown - value)
        if error <= abs(value) * tolerance or (error <= half_digit * 1.0001 and error <= abs(value) * 0.05):
            return True
        # A share may be stored as a fraction and shown as a percentage.
        if 0 < abs(value) <= 1 and abs(shown - value * 100) <= max(abs(value * 100) * tolerance, half_digit):
            return True
    return False


def row_failures(answer: str, rows: Sequence[dict[str, Any]], *, sql_name: str = "expected_sql") -> list[str]:
    """The labels and figures of `rows` that `answer` does not show, each as a sentence."""
    if not rows:
        return [f"{sql_name} returned no rows: the expectation cannot be checked (is the data seeded?)"]
    folded = answer.casefold()
    failures: list[str] = []
    for i, row in enumerate(rows, start=1):
        for column, value in row.items():
            if value is None or isinstance(value, date | datetime | bool):
                continue
            if isinstance(value, str):
                if value.strip() and value.casefold() not in folded:
                    failures.append(f"row {i}: the answer does not name {column} {value!r}")
            elif isinstance(value, int | float | Decimal) and math.isfinite(float(value)):
                if not has_figure(answer, float(value)):
                    failures.append(f"row {i}: the answer does not show {column} {_shown(value)}")
    return failures


def _shown(value: int | float | Decimal) -> str:
    number = float(value)
    return f"{number:,.0f}" if number == int(number) else f"{number:,.2f}"


def today_params(today: date) -> dict[str, Any]:
    """The parameters an `expected_sql` may use: `%(today)s`, the deployment clock's date."""
    return {"today": today}
