"""The periods of follow-ups: a period named in a request, a step from the previous one ("the quarter before", "the
day before"), and a period that takes the year or month of the one it replaces ("Q2" after "Q1 2025")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from cognicore.memory import clock
from cognicore.memory._fact_words import MONTH_NAMES, MONTHS
from cognicore.orchestrator.openings import AGO

__all__ = [
    "BACK",
    "MONTH",
    "NUMBER",
    "PERIOD",
    "PREVIOUS",
    "STEP",
    "YEAR_AGO",
    "moved",
    "named_period",
    "names_period",
    "names_time",
    "period_unit",
    "stepped",
    "with_month",
    "with_year",
    "without_time",
]

NUMBER = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"

_UNIT = r"(?:quarters?|months?|years?|weeks?|days?)"

# A month's name or its abbreviation, never a word that starts like one ("market", "decline").
_MONTHS = MONTH_NAMES  # "january" ... "december", one list for the whole engine (memory's)
MONTH = (
    "(?:"
    + "|".join("sep(?:t(?:ember)?)?" if m == "september" else f"{m[:3]}(?:{m[3:]})?" if m[3:] else m for m in _MONTHS)
    + ")(?![a-z])"
)

PERIOD = re.compile(
    r"\b(?:(?:in|for|during|over|of)\s+)?(?:"
    rf"(?:the\s+)?(?:last|this|previous|past|prior|current|next|coming)\s+(?:{NUMBER}\s+)?{_UNIT}"
    r"|year[\s-]to[\s-]date|ytd|quarter[\s-]to[\s-]date|month[\s-]to[\s-]date"
    # a day: "jan 6", "January 6th, 2026", "6 jan", "the 7th" (a follow-up's day of the same month)
    rf"|{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+(?:19|20)\d\d)?(?!\d)"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}(?:\s+(?:19|20)\d\d)?"
    r"|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)"
    r"|q[1-4](?:\s+(?:of\s+)?(?:19|20)\d\d)?|h[12](?:\s+(?:19|20)\d\d)?"
    rf"|{MONTHS}(?:\s+(?:19|20)\d\d)?"
    r"|(?:19|20)\d\d|today|yesterday)\b",
    re.IGNORECASE,
)

# "the quarter before", "the year after", "the month prior": a period relative to the previous request's own.
STEP = re.compile(
    r"(?:the\s+|one\s+|a\s+)?(?P<unit>year|quarter|month|week|day)\s+(?P<dir>before|prior|earlier|after|later)"
    r"(?:\s+(?:that|this|it)(?:\s+one)?)?",
    re.IGNORECASE,
)
# "the previous quarter" after a request about a quarter: the one before it, not the last complete one again.
PREVIOUS = re.compile(r"(?:the\s+)?(?:previous|prior|preceding)\s+(?P<unit>year|quarter|month|week|day)", re.I)

# "the same quarter last year": the previous request's own quarter or month, a year back.
YEAR_AGO = re.compile(
    r"(?:the\s+)?same\s+(?P<unit>quarter|month)\s+(?:last\s+year|a\s+year\s+(?:ago|earlier|before)|"
    r"(?:of\s+)?the\s+(?:previous|prior)\s+year)",
    re.IGNORECASE,
)
BACK = frozenset({"before", "prior", "earlier"})


# "two quarters ago", "the year before last": a period counted back from now.
_AGO = re.compile(
    rf"\b(?:{AGO}|(?:the\s+)?(?:day|week|month|quarter|year)\s+before\s+last)\b",
    re.I,
)
# Every way a text names a period, the widest first: blanking "the same quarter a year earlier" before "quarter".
_TIMES = (YEAR_AGO, _AGO, STEP, PERIOD)


def names_time(text: str) -> bool:
    """Whether `text` names a period: a calendar one ("Q3 2025", "last month"), one step from another ("the quarter
    before last", "the same month a year earlier") or one counted back from now ("two months ago")."""
    return any(pattern.search(text) for pattern in _TIMES)


def without_time(text: str) -> str:
    """`text` with the periods it names (`names_time`) blanked out."""
    for pattern in _TIMES:
        text = pattern.sub(" ", text)
    return text


def names_period(value: str) -> bool:
    """Whether a follow-up's value is about a period ("the quarter before", "same month last year"): when it cannot
    be bound to the previous request, the run says so instead of reading the fragment as a request of its own."""
    return bool(
        PERIOD.fullmatch(value) or STEP.fullmatch(value) or re.search(r"\b(?:year|quarter|month|week)s?\b", value, re.I)
    )


def period_unit(period: str) -> str | None:
    """The calendar unit a named period spans ("Q3 2025", "last quarter": quarter; "March 2025": month; "2025",
    "last year": year), or None for a day or a span."""
    text = period.lower()
    if re.search(r"\bq[1-4]\b|\bquarter\b", text):
        return "quarter"
    if re.search(r"\bmonth\b", text) or re.search(MONTH, text):
        return "month"
    if re.search(r"\byear\b|\b(?:19|20)\d\d\b", text):
        return "year"
    return None


def moved(period: str, unit: str, by: int) -> str | None:
    """`period` ("in Q3 2025", "for 2024", "in March 2025", "last quarter") moved by `by` of `unit`, with its
    preposition kept; None when it names no period of that unit."""
    lead = re.match(r"(?:in|for|during|over|of)\s+", period, re.IGNORECASE)
    prep, text = (lead.group(0) if lead else ""), period[lead.end() if lead else 0 :]
    if unit == "day":
        return _moved_day(period, by)
    text = _named(text, unit) or text
    year_m = re.search(r"\b((?:19|20)\d\d)\b", text)
    if year_m is None:
        return None
    year = int(year_m.group(1))
    quarter = re.match(r"q([1-4])\b", text, re.IGNORECASE)
    month = next((i for i, m in enumerate(_MONTHS) if text.lower().startswith(m)), None)
    if unit == "year":
        return prep + text.replace(year_m.group(1), str(year + by))
    if unit == "quarter" and quarter:
        index = year * 4 + int(quarter.group(1)) - 1 + by
        return f"{prep}Q{index % 4 + 1} {index // 4}"
    if unit == "month" and month is not None:
        index = year * 12 + month + by
        return f"{prep}{_MONTHS[index % 12].capitalize()} {index // 12}"
    return None


_RELATIVE = re.compile(
    r"(?:the\s+)?(?P<which>last|previous|prior|past|this|current)\s+(?P<unit>year|quarter|month)(?:'s)?", re.IGNORECASE
)


def _named(text: str, unit: str) -> str | None:
    """ "last quarter" named by the deployment clock's calendar ("Q3 2026"), as the data reader reads it (the last
    complete one; "this" the current one); None for any other period or another unit."""
    m = _RELATIVE.fullmatch(text.strip())
    if m is None or m.group("unit").lower() != unit:
        return None
    back = 0 if m.group("which").lower() in ("this", "current") else 1
    today = clock.today()
    if unit == "year":
        return str(today.year - back)
    if unit == "quarter":
        index = today.year * 4 + (today.month - 1) // 3 - back
        return f"Q{index % 4 + 1} {index // 4}"
    index = today.year * 12 + today.month - 1 - back
    return f"{_MONTHS[index % 12].capitalize()} {index // 12}"


def named_period(text: str, unit: str) -> str | None:
    """ "last quarter" named by the deployment clock's calendar ("Q3 2026"); None for another period or unit."""
    return _named(text, unit)


def _moved_day(period: str, by: int) -> str | None:
    """A day ("jan 7", "January 7th 2026") moved by `by` days, written as it was ("jan 6"); None for no day."""
    m = re.search(
        rf"(?P<month>{MONTH})\.?\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(?P<year>(?:19|20)\d\d))?",
        period,
        re.I,
    )
    # "6 January 2026", "the 6th of jan": the day before its month
    first = re.search(
        rf"(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>{MONTH})\.?(?:,?\s+(?P<year>(?:19|20)\d\d))?",
        period,
        re.I,
    )
    if first is not None and (m is None or first.start() < m.start()):
        return _day_first(period, first, by)
    if m is None:
        return None
    month = next((i for i, name in enumerate(_MONTHS, 1) if name.startswith(m.group("month").lower()[:3])), None)
    if month is None:
        return None
    try:  # without a year, a common year (a day's neighbours are the same in any but a leap February)
        day = date(int(m.group("year") or 2001), month, int(m.group("day"))) + timedelta(days=by)
    except ValueError:
        return None
    name = _MONTHS[day.month - 1]
    written = m.group("month")
    full = _MONTHS[month - 1]
    if len(written) < len(full):  # an abbreviation is written as one: "sept 1" -> "aug 31", "jan 7" -> "jan 6"
        name = "sept" if name == "september" and len(written) == 4 else name[:3]
    name = name.capitalize() if written[:1].isupper() else name
    moved = f"{name} {day.day}" + (f" {day.year}" if m.group("year") else "")
    return period[: m.start()] + moved + period[m.end() :]


def _day_first(period: str, m: re.Match[str], by: int) -> str | None:
    """A day written before its month ("6 January 2026") moved by `by` days, written the same way."""
    month = next((i for i, name in enumerate(_MONTHS, 1) if name.startswith(m.group("month").lower()[:3])), None)
    if month is None:
        return None
    try:
        day = date(int(m.group("year") or 2001), month, int(m.group("day"))) + timedelta(days=by)
    except ValueError:
        return None
    written, name = m.group("month"), _MONTHS[day.month - 1]
    name = name[:3] if len(written) < len(_MONTHS[month - 1]) else name
    name = name.capitalize() if written[:1].isupper() else name
    moved = f"{day.day} {name}" + (f" {day.year}" if m.group("year") else "")
    return period[: m.start()] + moved + period[m.end() :]


def with_year(value: str, old: str) -> str:
    """A quarter, half or month without a year takes the year of the period it replaces ("Q1 2025" -> "Q2 2025")."""
    if re.search(r"\b(?:19|20)\d\d\b", value) or not re.fullmatch(r"(?:q[1-4]|h[12]|[a-z]+)", value.strip(), re.I):
        return value
    if re.match(r"(?:the\s+)?(?:last|this|previous|past|prior|current|next|coming)\b|today|yesterday", value, re.I):
        return value
    year = re.search(r"\b(?:19|20)\d\d\b", old)
    return f"{value} {year.group(0)}" if year else value


def with_month(value: str, old: str) -> str:
    """A day of the month alone ("the 7th") takes the month (and year) of the day it replaces ("jan 6" -> "jan 7")."""
    day = re.fullmatch(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)", value.strip(), re.IGNORECASE)
    month = re.search(MONTH, old, re.IGNORECASE)
    if day is None or month is None:
        return value
    year = re.search(r"\b(?:19|20)\d\d\b", old)
    return f"{month.group(0)} {int(day.group(1))}" + (f" {year.group(0)}" if year else "")


def stepped(request: str, *, back: bool) -> tuple[str, float] | None:
    """ "the one before that" after "orders last quarter": the request's own period moved one of its own unit
    ("orders Q2 2026"), or None when it names no period of a unit."""
    old = PERIOD.search(request)
    unit = period_unit(old.group(0)) if old else None
    shifted = moved(old.group(0), unit, -1 if back else 1) if old and unit else None
    return (request[: old.start()] + shifted + request[old.end() :], 0.8) if old and shifted else None
