"""Follow-ups that point back without a fragment's shape: a full question about "that (same) quarter", which takes
the previous request's period; "back to the units per category - same for Q2 2026", which changes an EARLIER request
of the session, the one that names the topic; and "as a percentage of the total instead", the previous request's
figures as shares. English shapes only."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory._fact_words import MONTH_NAMES
from cognicore.memory.text import STOPWORDS, terms
from cognicore.orchestrator._followup_leads import LEAD, TAIL
from cognicore.orchestrator._followup_periods import MONTH, NUMBER, PERIOD, STEP, YEAR_AGO, named_period

__all__ = ["HOW_MANY_ONES", "SHARE", "as_shares", "back_to", "earlier_request", "that_period", "with_period"]

# "in that same quarter", "for the same period", "during that month": the period the previous request named.
_THAT_PERIOD = re.compile(
    # "the same day" only after a preposition: "to leave the warehouse the same day" is the day of the order
    r"\b(?:(?P<prep>in|for|during|over|of|from|within)\s+)?(?:that|that\s+same|this\s+same|(?(prep)the\s+same|(?!)))\s+"
    r"(?P<unit>quarter|month|year|week|day|period|time\s*frame|timeframe|span|window)\b",
    re.IGNORECASE,
)
# "going back to the units per category - same for Q2 2026", "ok back to revenue per region, but for Q3 this time".
_BACK_TO = re.compile(
    LEAD + r"(?:(?:let'?s|can\s+we|could\s+we)\s+)?(?:go(?:ing)?\s+|come\s+|coming\s+|jump(?:ing)?\s+)?back\s+to\s+"
    r"(?:the\s+|my\s+|that\s+|our\s+)?(?P<topic>[^-\u2013\u2014,:;]+?)\s*(?:[-\u2013\u2014,:;]+\s*|\s+but\s+)"
    r"(?:but\s+)?(?P<rest>\S.*?)(?:\s+this\s+time)?\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# "as a percentage of all tickets instead", "show that as percentages of the total": the same figures, as shares.
SHARE = re.compile(
    LEAD + r"(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:(?:show|give|put|make|express|turn)\s+(?:me\s+)?(?:it|that|this|them|those|these)?\s*)?"
    r"(?:as|in|into)\s+(?:a\s+)?(?:percentages?|shares?|proportions?|percent|%)(?:\s+(?:of|from)\s+(?P<of>[^?.!]+?))?"
    + TAIL
    # "what share of the total was that?", "what percentage of all tickets is it?": the previous figure as a share
    + r"|"
    + LEAD
    + r"(?:and\s+)?what\s+(?:share|percentage|percent|fraction|proportion|part)\s+of\s+(?P<whole>[^?.!]+?)\s+"
    r"(?:is|was|are|were)\s+(?:that|it|this|those|they)" + TAIL,
    re.IGNORECASE,
)
# "and how many P4 ones, leaving out the closed ones": the count asked again for another value ("ones" are the rows of
# the previous request), and what follows it a second change.
HOW_MANY_ONES = re.compile(
    LEAD
    + r"how\s+many\s+(?P<value>[\w-]+(?:\s+[\w-]+)?)\s+ones\b(?:\s*(?:,|\s+and|\s+but)\s*(?P<rest>[^?]*?))?"
    + TAIL,
    re.IGNORECASE,
)
_SHARE_ASKED = re.compile(r"\b(?:percent(?:age)?s?|shares?|proportions?|%)", re.IGNORECASE)


def that_period(request: str) -> bool:
    """Whether `request` names its period only as the previous one's ("how many ... in that same quarter")."""
    if YEAR_AGO.search(request) or STEP.search(request):
        return False  # "the same month a year earlier": the previous period moved, read by the step rules
    return _THAT_PERIOD.search(request) is not None and PERIOD.search(request) is None


def with_period(request: str, previous: str) -> str | None:
    """`request` with "that (same) quarter" replaced by the period `previous` names, or None when it names none, names
    two ("Q1 2025 with Q3 2025": which one is meant is not said), or names one of another unit that holds no single
    period of the asked unit ("that month" after "2025", "that year" after "last week", "that day" after "January
    2026"). A containing period is taken when the previous one names it: "that year" after "March 2025" is 2025, "that
    month" after "January 6 2026" is January 2026."""
    named = [
        re.sub(r"^(?:in|for|during|over|of)\s+", "", m.group(0), flags=re.IGNORECASE) for m in PERIOD.finditer(previous)
    ]
    if len({re.sub(r"\s+", " ", n.lower()) for n in named}) != 1:
        return None
    core = named[0]
    that = _THAT_PERIOD.search(request)
    if that is None:
        return None
    asked = re.sub(r"\s+", "", that.group("unit").lower())
    if asked not in ("period", "timeframe", "span", "window"):
        held = _unit(core)
        if held is None:
            return None
        if held != asked:
            core = _containing(core, held, asked) or ""
            if not core:
                return None
    relative = re.match(r"(?:the\s+)?(?:last|this|previous|past|prior|current|next|coming)\b", core, re.IGNORECASE)

    def bound(m: re.Match[str]) -> str:
        return core if relative else f"{m.group('prep') or 'in'} {core}"

    return _THAT_PERIOD.sub(bound, request, count=1)


_DAY = re.compile(
    rf"^(?:today|yesterday|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)|{MONTH}\.?\s+\d{{1,2}}\b.*|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}.*)$",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _unit(period: str) -> str | None:
    """The calendar unit one named period is ("January 6 2026": day; "last week": week; "Q1 2025": quarter; "March
    2025": month; "2025", "last year": year), or None for a span ("the last 3 months", "ytd", "H1 2025")."""
    text = period.strip().lower()
    span = rf"(?:the\s+)?(?:last|this|previous|past|prior|current|next|coming)\s+{NUMBER}\s"
    if re.match(span, text) or re.search(r"\bh[12]\b|to[\s-]date|\bytd\b", text):
        return None
    if _DAY.match(text):
        return "day"
    if re.search(r"\bweeks?\b", text):
        return "week"
    if re.search(r"\bq[1-4]\b|\bquarters?\b", text):
        return "quarter"
    if re.search(r"\bmonths?\b", text) or re.match(MONTH, text):
        return "month"
    if re.search(r"\byears?\b", text) or _YEAR.fullmatch(text):
        return "year"
    return None


def _containing(period: str, held: str, asked: str) -> str | None:
    """The one `asked` period that holds `period` (a `held` one), when `period` names it: the year of "March 2025" or
    of "Q1 2025", the month of "January 6 2026", the quarter of "March 2025"; None for a period that does not name it
    ("that year" after "last week") or a unit it does not lie within ("that day" after "January 2026")."""
    order = ["day", "month", "quarter", "year"]
    if held not in order or asked not in order or order.index(asked) <= order.index(held):
        return None
    if held in ("month", "quarter") and not _YEAR.search(period):
        period = named_period(period, held) or period  # "last month": the month the data reader reads it as
    year = _YEAR.search(period)
    month = re.search(MONTH, period, re.IGNORECASE)
    if asked == "year":
        return year.group(0) if year else None
    if asked == "month":
        return f"{month.group(0)} {year.group(0)}" if month and year else (month.group(0) if month else None)
    index = _month_index(month.group(0)) if month else None
    return f"Q{index // 3 + 1} {year.group(0)}" if year and index is not None else None


def _month_index(name: str) -> int | None:
    """0 for "jan"/"January", ... 11 for "Dec"; None for no month."""
    return next((i for i, m in enumerate(MONTH_NAMES) if m[:3] == name[:3].lower()), None)


def back_to(request: str) -> tuple[str, str] | None:
    """The topic an earlier request named and the change asked of it ("back to the status breakdown - do it for jan
    7" -> ("status breakdown", "do it for jan 7")), or None."""
    m = _BACK_TO.match(request)
    return (m.group("topic").strip(), m.group("rest").strip()) if m else None


def earlier_request(history: Sequence[dict[str, str]], topic: str) -> str | None:
    """The user request of the session that shares the most content words with `topic` (the newest of those), or
    None when none shares any ("the status breakdown" finds "tickets by status")."""
    wanted = set(terms(topic)) - STOPWORDS
    said = [t.get("content", "").strip() for t in history if t.get("speaker") == "user"]
    shared = [(len(wanted & set(terms(s))), -i, s) for i, s in enumerate(reversed(said))]
    best = max(shared, default=(0, 0, ""))
    return best[2] if best[0] else None


def as_shares(previous: str, of: str = "") -> str | None:
    """The previous request's figures as shares of their total (unchanged when it already asks for shares); None when
    the share is asked of something else than the rows it counts ("of all tickets" after "open tickets per component",
    "of 2024 revenue" after "revenue by region last year", "of their total tickets" after "P1 tickets per assignee"):
    that total is another request's, not the sum of the rows shown."""
    base = previous.strip().rstrip("?.! ")
    # "what share of all tickets is that?" after "how many P1 tickets are there": the total of the rows' own kind
    every = re.fullmatch(r"(?:all|every)\s+(?:the\s+)?(?P<noun>.+)", of.strip(), re.IGNORECASE)
    if every and not _GROUPING.search(base) and set(_content(every.group("noun"))) <= set(_content(base)):
        of = "the total"
    if of and not _WHOLE.fullmatch(of.strip()) and set(_content(of)) != set(_content(_GROUPING.sub(" ", base))):
        return None
    return base if _SHARE_ASKED.search(base) else f"{base} as a percentage of the total"


# "of the total", "of the whole", "of them all": the total of the rows shown, whatever they are.
_WHOLE = re.compile(
    r"(?:the\s+)?(?:(?:grand|combined)\s+)?(?:total|whole|sum|lot)(?:\s+of\s+(?:them|those|these|it))?"
    r"|(?:them|those|these)\s+all|all\s+of\s+(?:them|those|these)",
    re.IGNORECASE,
)
# "by region", "per component", "for each assignee": the grouping of the rows, not what they count.
_GROUPING = re.compile(r"\b(?:by|per|for\s+each|across|broken\s+down\s+by|split\s+by)\s+[\w-]+", re.IGNORECASE)
# The words of asking a figure: "how many open tickets are there" counts the open tickets.
_ASKING = frozenset(terms("many much show list give tell count number get got total sum figure figures"))


def _content(text: str) -> list[str]:
    """The content words of `text` that name rows or a measure (the words of asking left out)."""
    return [t for t in terms(text) if t not in _ASKING]
