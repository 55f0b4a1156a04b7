"""Periods named in a request, as date ranges relative to the deployment's clock, by one documented rule.

- "last/previous quarter|month|year|week" is the last COMPLETE one before today; "latest/most recent
  quarter" and "the latest data" too (a manager means the last closed quarter, not a few days of the next);
- "last N quarters|months|years|weeks" are the N complete ones before the current one; "last N days" the N
  days before today;
- "this quarter|month|year|week", "... to date", "QTD/MTD/YTD" run from its start to today, labelled partial;
- explicit years, quarters ("Q3 2025"), halves ("H1 2026", "the first half of 2025"), months ("March 2026"),
  dates ("from 2026-01-01 to 2026-02-15") and "since 2025" are taken as written; a bare "Q4", "H1" or "in
  March" is the most recent one that has begun.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from cognicore.memory.text import NUMBER_WORDS

Unit = str  # "day" | "week" | "month" | "quarter" | "year"

NUM = r"(\d{1,3}|" + "|".join(NUMBER_WORDS) + r")"
MONTHS = "january february march april may june july august september october november december".split()
_MONTH = r"(" + "|".join(MONTHS) + r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_ORD = r"(first|second|third|fourth|1st|2nd|3rd|4th)"
_UNITS = r"(quarter|month|year|week)"
_UNITS_OR_DAY = r"(day|week|month|quarter|year)"
_HALF = r"(?:h([12])|([12])h|(first|second|1st|2nd) half)"  # "H1", "1H", "first half"
# "the last 4 completed quarters", "the past six full months", "last whole calendar year": every period the rules read
# is a complete one, so these words only confirm it
_WHOLE = r"(?:(?:full|complete|completed|whole|finished|closed|entire|calendar|fiscal) ){0,2}"


@dataclass(frozen=True, slots=True)
class Period:
    """`start <= date < end`; `partial` when it reaches past today (to date)."""

    start: date | None
    end: date | None
    label: str
    partial: bool = False
    unit: Unit | None = None  # the one calendar unit it is, if any ("Q3 2025" is a quarter)
    each: Unit | None = None  # "each of the last 6 months": one row per unit of the span is asked
    before_other: bool = False  # "the month before": the one before another period named, when there is one

    def describe(self) -> str:
        """The period with its dates, for an explanation."""
        if self.start and self.end:
            dates = f"{self.start.isoformat()} to {(self.end - timedelta(days=1)).isoformat()}"
        elif self.start:
            dates = f"from {self.start.isoformat()}"
        else:
            dates = f"before {self.end.isoformat()}" if self.end else "all dates"
        return f"{self.label} ({dates}, partial: to date)" if self.partial else f"{self.label} ({dates})"

    def trend_unit(self) -> Unit:
        """The steps a trend over this period is shown in: the unit its label counts in ("the last 4 quarters"), the
        next finer one of a single calendar unit ("in 2025": months; "in March": days), else by its length (days
        within a month, months within a year, quarters beyond): a trend has more than one step."""
        for unit in ("week", "month", "quarter"):
            if f"{unit}s" in self.label:
                return unit
        if self.unit is not None:
            return {"year": "month", "quarter": "month", "month": "day", "week": "day"}.get(self.unit, "day")
        days = (self.end - self.start).days if self.start and self.end else None
        return "day" if days is not None and days <= 31 else "month" if days is not None and days <= 366 else "quarter"


def number(word: str) -> int:
    """A number written in digits or as a word up to twenty."""
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def unit_start(day: date, unit: Unit) -> date:
    """The first day of the `unit` that contains `day` (weeks start on Monday)."""
    if unit == "year":
        return date(day.year, 1, 1)
    if unit == "quarter":
        return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
    if unit == "month":
        return date(day.year, day.month, 1)
    if unit == "week":
        return day - timedelta(days=day.weekday())
    return day


def shift(start: date, unit: Unit, n: int) -> date:
    """`start` (a unit's first day) moved by `n` units."""
    if unit == "day":
        return start + timedelta(days=n)
    if unit == "week":
        return start + timedelta(weeks=n)
    months = {"month": 1, "quarter": 3, "year": 12}[unit] * n + start.year * 12 + start.month - 1
    return date(months // 12, months % 12 + 1, 1)


def unit_label(start: date, unit: Unit) -> str:
    """ "Q3 2026", "March 2026", "2026", "week of 2026-03-02"."""
    if unit == "year":
        return str(start.year)
    if unit == "quarter":
        return f"Q{(start.month - 1) // 3 + 1} {start.year}"
    if unit == "month":
        return f"{MONTHS[start.month - 1].title()} {start.year}"
    return f"the week of {start.isoformat()}" if unit == "week" else start.isoformat()


# One calendar day as written: "2026-01-05", "5 January 2026", "the 5th of Jan", "January 5th, 2026" (no capture).
_ANY_MONTH = _MONTH.replace("(", "(?:", 1)
_DAY_WRITTEN = (
    rf"(?:\d{{4}}-\d\d-\d\d|(?:the )?[0-3]?\d(?:st|nd|rd|th)? (?:of )?{_ANY_MONTH}(?:,? (?:19|20)\d\d)?"
    rf"|{_ANY_MONTH} [0-3]?\d(?:st|nd|rd|th)?(?:,? (?:19|20)\d\d)?)(?! ?\d)"
)
_WEEKDAY_NAME = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,? )?"
# "the week of 5 January": the Monday-to-Sunday week containing that day; "the week starting Monday 9 Feb", "the 7
# days from March 2": seven days from that day
WEEK_OF_DAY = (
    r"\b(?:the )?(?:(?:iso |calendar )?week (of|containing|including|around|(?:starting|beginning|commencing|"
    r"that (?:started|began))(?: on)?|from)|(?:7|seven) days (?:from|starting|beginning|after)(?: on)?) "
    rf"{_WEEKDAY_NAME}({_DAY_WRITTEN})"
)

# (pattern, handler name); tried in this order, each on what earlier ones left.
PATTERNS: tuple[tuple[str, str], ...] = (
    (WEEK_OF_DAY, "week_of_day"),
    (r"\b(from|between) (\d{4}-\d\d-\d\d) (to|and|until|till|through) (\d{4}-\d\d-\d\d)\b", "dates"),
    # "on or after 2026-01-08", "since 2026-01-06", "after 2026-01-06" (the day after), "since the start of 2026"
    (r"\b(since|from|after|on or after) (\d{4}-\d\d-\d\d)\b", "since_iso"),
    (r"\b(?:since|from) the (?:start|beginning) of ((?:19|20)\d\d)\b", "since_year_start"),
    (rf"\b(?:q([1-4])|{_ORD} quarter)(?: of| in)? ((?:19|20)\d\d)\b|\b((?:19|20)\d\d) q([1-4])\b", "quarter_of_year"),
    (rf"\b{_HALF}(?: of| in)?(?: the year)? ((?:19|20)\d\d)\b|\b((?:19|20)\d\d) h([12])\b", "half_of_year"),
    (rf"\b{_HALF}(?: of (?:the|this) year)?\b", "bare_half"),
    (
        rf"\b(?:between|from) {_MONTH}(?: ((?:19|20)\d\d))? (?:and|to|through|till|until) {_MONTH} ((?:19|20)\d\d)\b",
        "month_range",
    ),
    # "the first week of January", "last week of march 2026": days 1-7, 8-14, 15-21, 22-28, or the month's last 7
    (
        rf"\b(first|1st|second|2nd|third|3rd|fourth|4th|last|final) week (?:of|in) {_MONTH}(?:,? ((?:19|20)\d\d))?\b",
        "week_of_month",
    ),
    # "between the 6th and the 7th of January", "from 6 to 8 Jan 2026", "from jan 6 to jan 7": one span of days,
    # both days included; with no year, the most recent such span that has come
    (
        rf"\b(?:between|from) (?:the )?([0-3]?\d)(?:st|nd|rd|th)?(?: (?:of )?{_MONTH})? (?:and|to|till|until|through) "
        rf"(?:the )?([0-3]?\d)(?:st|nd|rd|th)? (?:of )?{_MONTH}(?:,? ((?:19|20)\d\d))?\b",
        "day_range_dm",
    ),
    (
        rf"\b(?:between|from) {_MONTH} ([0-3]?\d)(?:st|nd|rd|th)?(?:,? ((?:19|20)\d\d))? (?:and|to|till|until|through) "
        rf"(?:{_MONTH} )?([0-3]?\d)(?:st|nd|rd|th)?(?:,? ((?:19|20)\d\d))?\b(?! ?(?:%|percent|\d))",
        "day_range_md",
    ),
    # "before 7 January 2026", "prior to 2026": everything up to that day, month or year ("until" may include it)
    (
        rf"\b(?:before|prior to) (?:(\d{{4}}-\d\d-\d\d)|([0-3]?\d)(?:st|nd|rd|th)? (?:of )?{_MONTH},? "
        rf"((?:19|20)\d\d)|{_MONTH}(?: ([0-3]?\d)(?:st|nd|rd|th)?,?)? ((?:19|20)\d\d)|((?:19|20)\d\d))\b",
        "before",
    ),
    # "on 6 January 2026", "January 6th, 2026": one day
    # ("since 2 March 2026" is no single day: left to the rules after, or unsure)
    (
        rf"(?<!since )(?<!from )(?<!after )(?<!since the )(?<!from the )(?<!after the )"
        rf"\b([0-3]?\d)(?:st|nd|rd|th)? (?:of )?{_MONTH},? ((?:19|20)\d\d)\b",
        "day_month_year",
    ),
    (rf"(?<!since )(?<!from )(?<!after )\b{_MONTH} ([0-3]?\d)(?:st|nd|rd|th)?,? ((?:19|20)\d\d)\b", "month_day_year"),
    # "since January 7", "after the 6th of January 2026": from that day ("after": the day after); with no year,
    # the most recent such day that has come
    (
        rf"\b(since|from|after) (?:the )?(?:([0-3]?\d)(?:st|nd|rd|th)? (?:of )?{_MONTH}|"
        rf"{_MONTH} ([0-3]?\d)(?:st|nd|rd|th)?)(?:,? ((?:19|20)\d\d))?\b",
        "since_day",
    ),
    # "on January 6", "the 6th of January": one day with no year, the most recent such day that has come (as
    # "since June" is); a number before a month only with "on", "the" or an ordinal ("top 3 may ..." is no day)
    (
        rf"(?<!since )(?<!from )(?<!after )(?<!before )(?<!to )(?<!until )"
        rf"\b(?:(?:on (?:the )?|the )([0-3]?\d)(?:st|nd|rd|th)? (?:of )?{_MONTH}|"
        rf"([0-3]?\d)(?:st|nd|rd|th) (?:of )?{_MONTH}|"
        rf"{_MONTH} ([0-3]?\d)(?:st|nd|rd|th)?)\b(?!,? ?(?:19|20)\d\d)(?! ?\d)",
        "day_no_year",
    ),
    # "older than 30 days", "more than a week old": dated before that many days (weeks, ...) ago
    (rf"\b(?:older than|more than|over) (?:an? |{NUM} ){_UNITS_OR_DAY}s?(?: old)?\b", "older"),
    (rf"\b(since|from|after) (?:{_MONTH} )?((?:19|20)\d\d)\b", "since"),
    (rf"\b{_MONTH}(?: of)? ((?:19|20)\d\d)\b", "month_of_year"),
    (rf"\b(?:since|from|after) {_MONTH}\b", "since_month"),
    # "more than 2000 units", "at least 2025 orders", "2000 or more units": a threshold, not a year
    (
        r"\b(?:fy|cy)? ?(?<!than )(?<!least )(?<!most )(?<!exactly )(?<!above )(?<!below )((?:19|20)\d\d)\b"
        r"(?! or (?:more|fewer|less|over|above|under|below|greater)\b)",
        "year",
    ),
    (
        rf"\b(?:(each|every one|every|any|all) of )?(?:the |our |these |those )?"
        rf"(?:last|past|previous|prior|recent|latest|trailing|preceding|most recent) {NUM} {_WHOLE}{_UNITS}s\b",
        "last_n",
    ),
    (rf"\b(?:last|past|previous|prior|recent|latest) {NUM} days\b", "last_days"),
    # "the last half year", "the past half-year": the last 6 complete months
    (
        r"\b(?:(each|every one|every) of )?(?:the )?(?:last|past|previous|prior|trailing|preceding) "
        r"half[ -]?a?[ -]?year\b",
        "half_year",
    ),
    (
        rf"\b(?:(?:the )?(?:last|previous|prior|preceding|latest|most recent|past) {_WHOLE}{_UNITS})\b",
        "last_unit",
    ),
    # "Q3 vs the quarter before", "the month prior": the one before the other period named (alone: the last one)
    (rf"\b(?:the )?{_UNITS} (?:before|prior|earlier)\b(?! (?:\d|the |this |last ))", "unit_before"),
    (
        rf"\b(?:this|current|present) (?:calendar |fiscal )?{_UNITS}(?: so far| to date)?\b|\b{_UNITS} to date\b",
        "to_date",
    ),
    (r"\b(q|m|y)td\b", "to_date_abbrev"),
    (r"\byesterday\b", "yesterday"),
    (r"\btoday\b", "today"),
    (rf"\b(?:in|for|during|of) {_MONTH}\b", "bare_month"),
    (rf"\bq([1-4])\b|\b{_ORD} quarter\b", "bare_quarter"),
    (
        r"\b(?:the )?(?:latest|most recent|newest|recent|current)\b(?= (?:\w+ )?(?:data|figures|numbers|results))",
        "latest",
    ),
)


# "year over year", "the same month last year": one named quarter or month is compared with itself a year before
A_YEAR_BEFORE = (
    r"\b(?:year (?:over|on) year|yoy|(?:the )?same (?:month|quarter|period) "
    r"(?:(?:a|one|1) year (?:ago|earlier|before|prior)|(?:twelve|12) months (?:ago|earlier|before)|last year|"
    r"(?:of |in )?the (?:previous|prior|preceding) year|"
    r"(?:of |in )?the year (?:before|prior|earlier)|of last year))\b"
)


def a_year_before(period: Period) -> Period | None:
    """The same complete quarter or month one year earlier ("Q3 2025" for "Q3 2026"); None for any other period."""
    if period.unit not in ("quarter", "month") or period.partial or period.start is None:
        return None
    start = shift(period.start, "year", -1)
    return Period(start, shift(start, period.unit, 1), unit_label(start, period.unit), unit=period.unit)


def current_bucket_is_partial(unit: Unit, period: Period | None, today: date) -> bool:
    """Whether a trend by `unit` over `period` would end with the current, incomplete `unit`."""
    end = period.end if period and period.end else today + timedelta(days=1)
    return end > unit_start(today, unit) and (period is None or period.start is None or end > today)
