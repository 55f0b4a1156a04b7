"""Reading one matched period pattern (PATTERNS in periods.py) into its date range, by the rule periods.py documents.

Kept apart from the patterns and the calendar arithmetic so each module stays one job and under 400 lines.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.periods import MONTHS, ORDINAL, Period, Unit, number, shift, unit_label, unit_start


def _closed(start: date, end: date, label: str, today: date, unit: Unit | None = None) -> Period:
    return Period(start, end, label, partial=end > today + timedelta(days=1), unit=unit)


def _month_number(word: str) -> int:
    return next(i for i, name in enumerate(MONTHS, 1) if name.startswith(word[:3]))


def _day_range(handler: str, g: tuple[str | None, ...], written: str, today: date) -> Period:
    """ "between the 6th and the 7th of January": from the first day to the second, both included."""
    if handler == "day_range_dm":
        day1, month1, day2, month2, year = g
        year1 = year2 = year
    else:
        month1, day1, year1, month2, day2, year2 = g
        year2 = year2 or year1
        year1 = year1 or year2
    assert day1 and day2 and (month1 or month2)
    m1, m2 = _month_number(month1 or month2 or ""), _month_number(month2 or month1 or "")
    try:
        last = date(int(year2) if year2 else today.year, m2, int(day2))
        if not year2 and last > today:
            last = date(today.year - 1, m2, int(day2))
        start = date(int(year1) if year1 else last.year, m1, int(day1))
        if not year1 and start > last and m1 > m2:  # "from 28 December to 3 January"
            start = date(last.year - 1, m1, int(day1))
    except ValueError as exc:  # "between 30 and 31 February"
        raise Unsure(f"'{written}' is not a span of calendar days.") from exc
    if start > last:
        raise Unsure(f"'{written}' ends before it starts; name the first day first.")
    return _closed(start, last + timedelta(days=1), f"{start.isoformat()} to {last.isoformat()}", today)


_ONE_DAY = re.compile(
    r"(\d{4}-\d\d-\d\d)|(?:the )?([0-3]?\d)(?:st|nd|rd|th)? (?:of )?([a-z]+)(?:,? ((?:19|20)\d\d))?$"
    r"|([a-z]+) ([0-3]?\d)(?:st|nd|rd|th)?(?:,? ((?:19|20)\d\d))?$"
)


def _week_of_day(verb: str, written: str, today: date) -> Period:
    """ "the week of 5 January 2026": the Monday-to-Sunday week containing the day; "the week starting ...", "the 7
    days from ...": seven days from it. With no year, the most recent such day that has come."""
    m = _ONE_DAY.match(written)
    assert m is not None
    iso, d1, month1, year1, month2, d2, year2 = m.groups()
    try:
        if iso:
            day = date.fromisoformat(iso)
        else:
            month, n, year = _month_number(month1 or month2), int(d1 or d2), year1 or year2
            day = date(int(year) if year else today.year, month, n)
            if not year and day > today:
                day = date(today.year - 1, month, n)
    except ValueError as exc:  # "the week of 30 February"
        raise Unsure(f"'{written}' is not a day of the calendar.") from exc
    if verb in ("of", "containing", "including", "around"):
        start = unit_start(day, "week")
        label = f"the week (Monday to Sunday) of {day.isoformat()}"
    else:
        start = day
        label = f"the 7 days from {start.isoformat()}"
    return _closed(start, start + timedelta(days=7), label, today, "week")


def match_period(pattern: str, handler: str, m: re.Match[str], today: date) -> Period:
    """The period that `m` (a match of one of PATTERNS) names, relative to `today`."""
    g = m.groups()
    if handler == "week_of_day":
        return _week_of_day(g[0] or "from", g[-1], today)
    if handler == "dates":
        start, last = date.fromisoformat(g[1]), date.fromisoformat(g[3])
        return _closed(start, last + timedelta(days=1), f"{g[1]} to {g[3]}", today)
    if handler in ("since_iso", "since_year_start"):
        start = date.fromisoformat(g[1]) if handler == "since_iso" else date(int(g[0]), 1, 1)
        start += timedelta(days=1 if g[0] == "after" else 0)
        return Period(start, None, f"since {start.isoformat()}", partial=True)
    if handler == "quarter_of_year":
        q = int(g[0] or g[4] or ORDINAL.get(g[1] or "", 0))
        year = int(g[2] or g[3])
        start = date(year, 3 * q - 2, 1)
        return _closed(start, shift(start, "quarter", 1), f"Q{q} {year}", today, "quarter")
    if handler in ("half_of_year", "bare_half"):
        h = int(g[0] or g[1] or (g[5] if handler == "half_of_year" else 0) or ORDINAL[g[2]])
        if handler == "half_of_year":
            start = date(int(g[3] or g[4]), 6 * h - 5, 1)
        else:  # the most recent one that has begun
            start = date(today.year, 6 * h - 5, 1)
            start = start if start <= today else date(today.year - 1, 6 * h - 5, 1)
        return _closed(start, shift(start, "quarter", 2), f"H{h} {start.year}", today)
    if handler == "month_of_year":
        start = date(int(g[1]), _month_number(g[0]), 1)
        return _closed(start, shift(start, "month", 1), unit_label(start, "month"), today, "month")
    if handler == "month_range":
        first_year = int(g[1] or g[3])
        start, last = date(first_year, _month_number(g[0]), 1), date(int(g[3]), _month_number(g[2]), 1)
        label = f"{unit_label(start, 'month')} to {unit_label(last, 'month')}"
        return _closed(start, shift(last, "month", 1), label, today)
    if handler == "since":
        start = date(int(g[2]), _month_number(g[1]) if g[1] else 1, 1)
        if g[0] == "after":  # "after 2020": from 2021; "after March 2025": from April (as "after" a day is the next)
            start = shift(start, "month" if g[1] else "year", 1)
        return Period(start, None, f"since {unit_label(start, 'month' if g[1] else 'year')}", partial=True)
    if handler in ("day_month_year", "month_day_year"):
        day, month = (g[0], g[1]) if handler == "day_month_year" else (g[1], g[0])
        try:
            start = date(int(g[2]), _month_number(month), int(day))
        except ValueError as exc:  # "31 February 2026"
            raise Unsure(f"'{m.group(0)}' is not a day of the calendar.") from exc
        return _closed(start, start + timedelta(days=1), start.isoformat(), today, "day")
    if handler == "week_of_month":
        which, month_word, year_written = g
        n = _month_number(month_word or "")
        first = date(int(year_written) if year_written else today.year, n, 1)
        if not year_written and first > today:
            first = date(today.year - 1, n, 1)
        following = shift(first, "month", 1)
        if which in ("last", "final"):
            start = following - timedelta(days=7)
        else:
            start = first + timedelta(days=7 * (ORDINAL[which] - 1))
        end = min(start + timedelta(days=7), following)
        return _closed(start, end, f"{which} week of {unit_label(first, 'month')}", today)
    if handler in ("day_range_dm", "day_range_md"):
        return _day_range(handler, g, m.group(0), today)
    if handler == "before":
        iso, day1, month1, year1, month2, day2, year2, year3 = g
        try:
            if iso:
                end = date.fromisoformat(iso)
            elif year3:
                end = date(int(year3), 1, 1)
            elif month1:
                end = date(int(year1), _month_number(month1), int(day1))
            else:
                end = date(int(year2), _month_number(month2), int(day2 or 1))
        except ValueError as exc:
            raise Unsure(f"'{m.group(0)}' is not a day of the calendar.") from exc
        return Period(None, end, f"before {end.isoformat()}")
    if handler == "older":
        n, unit = number(g[0]) if g[0] else 1, g[1]
        if unit in ("day", "week"):
            end = today - timedelta(days=n * (7 if unit == "week" else 1))
        else:  # the same day of the month, n months (quarters, years) back, the month's last day at most
            first = shift(today.replace(day=1), unit, -n)
            end = first.replace(day=min(today.day, (shift(first, "month", 1) - timedelta(days=1)).day))
        return Period(None, end, f"older than {n} {unit}{'s' if n > 1 else ''}")
    if handler == "since_day":
        verb, day1, month1, month2, day2, written = g
        month, day = _month_number(month1 or month2), int(day1 or day2)
        try:
            start = date(int(written) if written else today.year, month, day)
            if not written and start > today:
                start = date(today.year - 1, month, day)
        except ValueError as exc:  # "since 30 February"
            raise Unsure(f"'{m.group(0)}' is not a day of the calendar.") from exc
        start += timedelta(days=1 if verb == "after" else 0)
        return Period(start, None, f"since {start.isoformat()}", partial=True)
    if handler == "day_no_year":
        day1, month1, day2, month2, month3, day3 = g
        month, day = _month_number(month1 or month2 or month3), int(day1 or day2 or day3)
        try:
            start = date(today.year, month, day)
            if start > today:
                start = date(today.year - 1, month, day)
        except ValueError as exc:  # "on 30 February"
            raise Unsure(f"'{m.group(0)}' is not a day of the calendar.") from exc
        return _closed(start, start + timedelta(days=1), start.isoformat(), today, "day")
    if handler == "since_month":  # "since June": the most recent June (this year's, or last year's when to come)
        n = _month_number(g[0])
        start = date(today.year if n <= today.month else today.year - 1, n, 1)
        return Period(start, None, f"since {unit_label(start, 'month')}", partial=True)
    if handler == "year":
        start = date(int(g[0]), 1, 1)
        return _closed(start, shift(start, "year", 1), str(start.year), today, "year")
    if handler == "last_days":
        n = number(g[0])
        return Period(today - timedelta(days=n), today, f"the last {n} days before today")
    if handler == "half_year":
        end = unit_start(today, "month")
        return Period(shift(end, "month", -6), end, "the last 6 complete months", each="month" if g[0] else None)
    if handler == "last_n":
        each, n, unit = g[0], number(g[1]), g[2]
        end = unit_start(today, unit)
        # "each of the last 6 months": a row per month ("all of" is their total, "any of" no grouping either)
        per = unit if each in ("each", "every one", "every") else None
        return Period(shift(end, unit, -n), end, f"the last {n} complete {unit}s", each=per)
    if handler == "unit_before":
        end = unit_start(today, g[0])
        start = shift(end, g[0], -1)
        label = f"the last complete {g[0]}, {unit_label(start, g[0])}"
        return Period(start, end, label, unit=g[0], before_other=True)
    if handler == "last_unit":
        unit = g[0] or g[1]
        end = unit_start(today, unit)
        start = shift(end, unit, -1)
        return Period(start, end, f"the last complete {unit}, {unit_label(start, unit)}", unit=unit)
    if handler in ("to_date", "to_date_abbrev"):
        unit = {"q": "quarter", "m": "month", "y": "year"}[g[0]] if handler == "to_date_abbrev" else g[0] or g[1]
        start = unit_start(today, unit)
        label = f"this {unit}, {unit_label(start, unit)}"
        return Period(start, today + timedelta(days=1), label, partial=True, unit=unit)
    if handler == "yesterday":
        return Period(today - timedelta(days=1), today, "yesterday")
    if handler == "today":
        return Period(today, today + timedelta(days=1), "today", partial=True)
    if handler == "bare_month":
        n = _month_number(g[0])
        year = today.year if n <= today.month else today.year - 1
        start = date(year, n, 1)
        label = f"the most recent {unit_label(start, 'month')}"
        return _closed(start, shift(start, "month", 1), label, today, "month")
    if handler == "bare_quarter":
        q = int(g[0] or ORDINAL[g[1]])
        start = date(today.year, 3 * q - 2, 1)
        if start > today:
            start = date(today.year - 1, 3 * q - 2, 1)
        label = f"the most recent Q{q}, {unit_label(start, 'quarter')}"
        return _closed(start, shift(start, "quarter", 1), label, today, "quarter")
    if handler == "latest":
        end = unit_start(today, "quarter")
        start = shift(end, "quarter", -1)
        return Period(start, end, f"the latest complete quarter, {unit_label(start, 'quarter')}", unit="quarter")
    raise ValueError(f"unknown period handler {handler!r}")
