"""The periods a request names, claimed before anything else is read: one period, several of one unit side by side,
a year-over-year pair, days of the week, and the present state ("right now"); kept apart from the mapper so each
module stays one job and under 400 lines."""

from __future__ import annotations

import re
from datetime import date, timedelta

from cognicore.subagents.offline_sql.aside_words import SET_ASIDE
from cognicore.subagents.offline_sql.mapping import Mapping, Text
from cognicore.subagents.offline_sql.period_reading import match_period
from cognicore.subagents.offline_sql.periods import A_YEAR_BEFORE, MONTHS, PATTERNS, Period, a_year_before
from cognicore.subagents.offline_sql.shape import DECLINE, GROWTH

__all__ = ["MONTH_NAMES", "claim_periods", "dashed_day_ranges", "from_period"]

_DAY = r"([0-3]?\d)(?:st|nd|rd|th)?"
MONTH_NAMES = frozenset([*MONTHS, *"jan feb mar apr jun jul aug sep sept oct nov dec".split()])
_MONTH_WORD = r"([a-z]{3,9})"
# "5-8 January 2026", "jan 5 - 7": a span of days written with a dash, as "from 5 to 8 January 2026" reads it
_DASHED_DM = re.compile(rf"\b(?:(?:between|from|over|during) )?(?:the )?{_DAY} ?- ?{_DAY} (?:of )?{_MONTH_WORD}\b")
_DASHED_MD = re.compile(rf"\b(?:(?:between|from|over|during) )?{_MONTH_WORD} {_DAY} ?- ?{_DAY}\b(?! ?(?:%|percent))")


# "orders from 2023", "tickets from jan 7th", "revenue from March 2026": rows of that period, as "during" says; "from X
# onwards", "from X to Y" and a change "from X" are left as written
_FROM_PERIOD = re.compile(
    rf"\bfrom ((?:the )?(?:{_DAY} (?:of )?)?{_MONTH_WORD}(?: {_DAY})?(?:,? (?:19|20)\d\d)?|"
    r"(?:19|20)\d\d|q[1-4](?: (?:19|20)\d\d)?)"
    r"(?! ?(?:onwards?|on|forwards?|to|till|until|through|thru|and|-|\d+)\b)"  # "\d+": never "from q1" of "q1 2025"
)
# a change asked ("grew from 2023", "the trend from March"): "from" is its start
_CHANGE = re.compile(f"{GROWTH}|{DECLINE}|\\btrend")


def from_period(text: str) -> str:
    """The normalised `text` with "from <a period>" said as "during <it>" when nothing continues the span."""
    if _CHANGE.search(text):
        return text

    def during(m: re.Match[str]) -> str:
        if re.search(r"[a-z]+ed\s*$", text[: m.start()]):
            return m.group(0)  # "tickets opened from the 6th": a start, as before
        month = next((w for w in m.group(1).split() if w in MONTH_NAMES), None)
        named = month is not None or re.fullmatch(r"(?:19|20)\d\d|q[1-4](?: (?:19|20)\d\d)?", m.group(1))
        return f"during {m.group(1)}" if named else m.group(0)

    return _FROM_PERIOD.sub(during, text)


def dashed_day_ranges(text: str) -> str:
    """The normalised `text` with a span of days written with a dash said with words ("5-8 january" -> "from 5 to 8
    january"), when the word beside the days is a month's name."""
    text = _DASHED_DM.sub(lambda m: f"from {m[1]} to {m[2]} {m[3]}" if m[3] in MONTH_NAMES else m[0], text)
    return _DASHED_MD.sub(lambda m: f"from {m[1]} {m[2]} to {m[3]}" if m[1] in MONTH_NAMES else m[0], text)


# "opened by 6 January", "revenue up to June 2025", "through September": everything to the end of that period, which
# the period alone is not (it was read as that day or month only: review15 data #17)
_UP_TO_PERIOD = re.compile(
    # "how did revenue develop / trend / evolve through Q2": a trend during it (a verb of change before "through")
    r"(?<!\bdevelop )(?<!\bdeveloped )(?<!\btrend )(?<!\btrended )(?<!\bevolve )(?<!\bevolved )"
    r"\b(?:by|up to|up until|through|thru|till|until)(?: (?:the|end of|the end of))*\s*$"
)
_SET_ASIDE_PERIOD = re.compile(
    rf"\b(?:{SET_ASIDE}|but not|not|outside(?: of)?)"
    r"(?: (?:on|in|during|for|the))*\s*$"
)

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(rf"\b(?:on |during )?(?:a |the )?({'|'.join(_DAYS)})s?\b")
# "last Monday", "since Friday": one dated day, which this writer does not place (the word stays: unsure)
_DATED_DAY = frozenset("last this next since before after until till from previous past coming".split())


def _weekdays(t: Text, q: Mapping) -> None:
    """ "opened on a Monday", "on Fridays", "Monday and Tuesday tickets": the day of the week of the rows' date."""
    if weekend := re.search(r"\b(?:on |during |over |at )?(?:the |a )?week ?ends?\b", t.s):  # Saturday and Sunday
        q.weekdays += [d for d in (6, 7) if d not in q.weekdays]
        t.s = t.s[: weekend.start()] + " " * (weekend.end() - weekend.start()) + t.s[weekend.end() :]
    for m in list(_WEEKDAY.finditer(t.s)):
        before = t.s[: m.start()].split()
        if before and before[-1] in _DATED_DAY:
            continue
        day = _DAYS.index(m.group(1)) + 1
        if day not in q.weekdays:
            q.weekdays.append(day)
        t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]


# "both days included", "inclusive", "including both dates", "the end days counted": the range's ends are in it
_ENDS = r"(?:days?|dates?|ends?|end days?)"
_ENDS_INCLUDED = (
    rf"\b(?:(?:with |and )?(?:both|the two|the) {_ENDS} (?:included|inclusive|counted|in)|inclusive(?:ly)?"
    rf"(?: of (?:both|the two|the) {_ENDS})?|includ(?:ing|e) (?:both|the two) {_ENDS}|{_ENDS} (?:included|inclusive))\b"
)
_ENDS_LEFT_OUT = (
    rf"\b(?:exclusive(?:ly)?(?: of (?:both|the two|the (?:first|last)) {_ENDS})?|"
    rf"(?:not|excluding) (?:both|the two|the (?:first|last)) {_ENDS})\b"
)


# "between X and Y", "from X to Y": the two ends of one span of time
_SPAN_OPENS = re.compile(r"\b(?:between|from)\s+(?:the\s+)?$")
_SPAN_JOINS = re.compile(r"\s*(?:and|to|till|until|through|thru|-)\s+(?:the\s+)?")
# "the difference between X and Y", "compare X and Y", "X vs Y", "which had more, X or Y": the two periods side by
# side, never one span
_COMPARED = re.compile(
    rf"{GROWTH}|{DECLINE}|\b(?:differences?|gap|compar\w*|versus|vs|against|change[sd]?|"
    r"more|less|fewer|higher|lower|better|worse|bigger|smaller|larger|greater|stronger|weaker)\b(?! than\b)"
)


def changed_by(text: str) -> bool:
    """Whether `text` asks a change or a comparison, whose two periods are compared rather than spanned."""
    return _COMPARED.search(text) is not None


def _one_span(periods: list[Period], spans: list[tuple[int, int]], text: str) -> Period | None:
    """Two periods of one unit said as the ends of a span ("between 2 March 2025 and 4 March 2025", "from Q1 2025 to
    Q3 2025"): one period from the first's start to the second's end; None otherwise."""
    if len(periods) != 2 or len(spans) != 2 or periods[0].unit is None or periods[0].unit != periods[1].unit:
        return None
    (first, second), ((a0, a1), (b0, _)) = periods, spans
    if not (first.start and second.end and first.start < second.end and a1 <= b0):
        return None
    if not (_SPAN_OPENS.search(text[:a0]) and _SPAN_JOINS.fullmatch(text[a1:b0])):
        return None
    return Period(first.start, second.end, f"{first.label} to {second.label}")


def claim_periods(t: Text, q: Mapping, today: date) -> None:
    """Claim the periods of `t`: one period, several of one unit side by side, or a year-over-year pair."""
    periods: list[Period] = []
    yoy = re.search(A_YEAR_BEFORE, t.s)
    inside: list[Period] = []  # "last year" of "the same month last year": the comparison, not a period asked
    spans: list[tuple[int, int]] = []  # where each period of `periods` was said
    up_to: list[str] = []  # "through Q4": from when, unless it ends a span ("from Q2 through Q4")
    for pattern, handler in PATTERNS:
        while m := t.take(pattern):
            if _SET_ASIDE_PERIOD.search(t.read[: m.start()]):  # "closed other than on 6 January": no period asked
                q.not_understood.append(f"every period but {m.group(0).strip()}")
            elif _UP_TO_PERIOD.search(t.read[: m.start()]):  # "opened by 6 January": to that day, from when?
                up_to.append(f"everything up to {m.group(0).strip()}")
            within = yoy is not None and yoy.start() <= m.start() < yoy.end()
            found = match_period(pattern, handler, m, today)
            changed = q.attribution or re.search(f"{GROWTH}|{DECLINE}", t.read) is not None
            if handler.startswith("day_range") and changed and found.start and found.end:
                # "the rise in tickets from jan 6 to jan 7": the two days compared, not the span between them
                last = found.end - timedelta(days=1)
                days = [Period(d, d + timedelta(days=1), d.isoformat(), unit="day") for d in (found.start, last)]
                (inside if within else periods).extend(days)
                continue
            (inside if within else periods).append(found)
            if not within:
                spans.append((m.start(), m.end()))
    if q.attribution or changed_by(t.read) or (span := _one_span(periods, spans, t.read)) is None:
        q.not_understood += up_to
    else:
        periods = [span]  # "between 2 March 2025 and 4 March 2025", "from Q1 to Q3 2025": from one to the other
    earlier = a_year_before(periods[0]) if yoy and len(periods) == 1 else None
    if yoy and earlier is not None:
        # "Q3 revenue year over year": Q3 beside the Q3 a year before, one row each (with the change when asked)
        t.s = t.s[: yoy.start()] + " " * (yoy.end() - yoy.start()) + t.s[yoy.end() :]
        periods.insert(0, earlier)
    else:
        periods += inside
    _weekdays(t, q)
    # "open right now", "currently assigned": the present state of the rows, no period.
    t.take(r"\bso far\b|\bto date\b|\bright now\b|\bcurrently\b|\bat (?:the moment|present)\b|\bas of (?:now|today)\b")
    units = {p.unit for p in periods}
    if len(periods) > 1 and len(units) == 1 and None not in units:
        # "this year vs last year", "Q1 and Q2 2026": those periods side by side, one row each.
        q.compared_periods = sorted(periods, key=lambda p: p.start or date.min)
    elif len(periods) > 1:
        q.not_understood.append("two periods (" + " and ".join(p.label for p in periods) + ")")
    q.period = periods[0] if periods else None
    if q.period is not None and q.period.start is not None and q.period.end is None:
        t.take(r"\b(?:onwards?|and (?:after|later|beyond)|or later)\b")  # "from jan 6 onwards": the open end it has
    if q.period is not None and q.period.start is not None and q.period.end is not None:
        # "between the 6th and the 7th (both days included)": a range holds its first and last day already, so the
        # words say no more (never "by day"); one end left out is no range this writer builds
        while t.take(_ENDS_INCLUDED):
            pass
        if ends_out := t.take(_ENDS_LEFT_OUT):
            q.not_understood.append(f"'{ends_out.group(0).strip()}' (every range here holds both of its ends)")
