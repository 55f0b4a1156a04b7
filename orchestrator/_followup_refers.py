"""Follow-ups that point back without a fragment's shape: a full question about "that (same) quarter", which takes
the previous request's period; "back to the units per category - same for Q2 2026", which changes an EARLIER request
of the session, the one that names the topic; and "as a percentage of the total instead", the previous request's
figures as shares. English shapes only."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory.text import STOPWORDS, terms
from cognicore.orchestrator._followup_leads import LEAD, TAIL
from cognicore.orchestrator._followup_periods import PERIOD, STEP, YEAR_AGO

__all__ = ["HOW_MANY_ONES", "SHARE", "as_shares", "back_to", "earlier_request", "that_period", "with_period"]

# "in that same quarter", "for the same period", "during that month": the period the previous request named.
_THAT_PERIOD = re.compile(
    r"\b(?:(?P<prep>in|for|during|over|of|from|within)\s+)?(?:that|the\s+same|that\s+same|this\s+same)\s+"
    r"(?:quarter|month|year|week|day|period|time\s*frame|timeframe|span|window)\b",
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
    r"(?:as|in|into)\s+(?:a\s+)?(?:percentages?|shares?|proportions?|percent|%)(?:\s+(?:of|from)\s+[^?.!]+?)?" + TAIL,
    re.IGNORECASE,
)
# "and how many P4 ones, leaving out the closed ones": the count asked again for another value ("ones" are the rows of
# the previous request), and what follows it a second change.
HOW_MANY_ONES = re.compile(
    LEAD + r"how\s+many\s+(?P<value>[\w-]+(?:\s+[\w-]+)?)\s+ones\b(?:\s*(?:,|\s+and|\s+but)\s*(?P<rest>[^?]*?))?"
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
    """`request` with "that (same) quarter" replaced by the period `previous` names, or None when it names none."""
    old = PERIOD.search(previous)
    if old is None:
        return None
    core = re.sub(r"^(?:in|for|during|over|of)\s+", "", old.group(0), flags=re.IGNORECASE)
    relative = re.match(r"(?:the\s+)?(?:last|this|previous|past|prior|current|next|coming)\b", core, re.IGNORECASE)

    def bound(m: re.Match[str]) -> str:
        return core if relative else f"{m.group('prep') or 'in'} {core}"

    return _THAT_PERIOD.sub(bound, request, count=1)


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


def as_shares(previous: str) -> str:
    """The previous request's figures as shares of their total (unchanged when it already asks for shares)."""
    base = previous.strip().rstrip("?.! ")
    return base if _SHARE_ASKED.search(base) else f"{base} as a percentage of the total"
