"""Follow-ups that change several parameters at once ("north and Q3") or the size of a ranking ("just the top 3")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.orchestrator._followup_periods import NUMBER, PERIOD, names_period
from cognicore.orchestrator._followup_values import is_known, splice

__all__ = ["binds_previous", "parts", "ranked", "ranked_measure", "recounted", "regrouped", "remeasured", "whole"]

# Two parameters changed at once ("north and Q3", "retail for all of 2025", "ben's closed ones"): the parts of a value.
# "chloe but only P2s", "ana, closed ones only", "chloe, but the closed ones": a second part after "but" too.
_PARTS = re.compile(r"\s*(?:,\s*(?:but\b)?|\band\b|\bfor\b|\bin\b|\bwith\b|'s\b|\bbut\b)\s*", re.IGNORECASE)
# The words around one part that narrow nothing of their own ("only", "just the", "... ones").
_PART_FILLER = re.compile(r"^(?:(?:only|just|the|then)\s+)+|(?:\s+(?:ones?|only|too|instead))+$", re.IGNORECASE)


def parts(value: str, entities: Sequence[str]) -> list[str]:
    """The two or more parameters one follow-up changes at once ("north and Q3", "retail for all of 2025", "ben's
    closed", "chloe but only P2s"), each a known value or a period; empty when any part is neither (then it is no such
    change)."""
    found = [whole(_PART_FILLER.sub("", p.strip())) for p in _PARTS.split(value) if p and p.strip()]
    found = [p for p in found if p]
    if len(found) < 2 or len(found) > 3:
        return []
    return found if all(PERIOD.fullmatch(p) or is_known(p, entities) for p in found) else []


def whole(value: str) -> str:
    """ "the whole of Q1", "all of 2025": the period itself."""
    rest = re.sub(r"^(?:the\s+)?(?:whole|entire|full|complete|all)\s+(?:of\s+)?(?:the\s+)?", "", value, flags=re.I)
    return rest if rest != value and PERIOD.fullmatch(rest) else value


# "top 5", "the bottom 3", and a ranking asked as "which 3 assignees have the most ..." (its size only).
_RANKED = re.compile(
    rf"\b(?:(?P<which>top|bottom|best|worst)|(?:which|what))\s+(?P<n>\d{{1,3}}|{NUMBER})\b", re.IGNORECASE
)


def ranked(base: str, value: str) -> tuple[str, float] | None:
    """ "just the top 3" after "top 5 products by revenue": the ranking's size replaced ("the bottom 2": its end and
    size); a request without a ranking gets one in front ("top 3 <request>")."""
    which, n = value.split()
    old = _RANKED.search(base)
    if old is not None and old.group("which") is None:  # "which 3 ... the most": only its size changes
        return (splice(base, old.start("n"), old.end("n"), n), 0.85) if which in ("top", "best") else None
    if old is not None:
        same_side = (old.group("which").lower() in ("top", "best")) == (which in ("top", "best"))
        if not same_side:  # "make it the bottom 2" after "the top 3": the other end, its own size
            return splice(base, old.start(), old.end(), f"{which} {n}"), 0.85
        return splice(base, old.start("n"), old.end("n"), n), 0.9
    return f"{which} {n} {base}", 0.7


# "by assignee for closed ones", "by channel for 2025": a new grouping and a value or period of its own.
_REGROUP_WITH = re.compile(r"(?P<head>.+?)\s+(?P<prep>for|in|with|during|over)\s+(?P<tail>.+)$", re.IGNORECASE)


def regrouped(value: str, entities: Sequence[str]) -> tuple[str, str, str] | None:
    """A "by ..." change's grouping, and the value (with its preposition) it adds; None when the rest is no known
    value, period or several of them ("by day of week" stays one grouping)."""
    m = _REGROUP_WITH.match(value)
    if m is None:
        return None
    tail = whole(m.group("tail").strip())
    if not (PERIOD.fullmatch(tail) or is_known(tail, entities) or parts(tail, entities)):
        return None
    return m.group("head").strip(), m.group("prep").lower(), tail


def binds_previous(prep: str, value: str) -> bool:
    """Whether a follow-up's change means something only against the previous request ("just the top 3", "all
    regions instead", "leave out ben", "the quarter before", "and at 10% off?"): unbound, the run says so, never runs it
    alone."""
    return prep in ("top", "drop", "excluding", "share", "that", "figure") or names_period(value)


# "top 3 products by revenue": the measure a ranking is ordered by, right after the ranked things.
_RANKED_BY = re.compile(
    rf"\b(?:top|bottom|best|worst)\s+(?:\d{{1,3}}|{NUMBER})\s+[\w-]+(?:\s+[\w-]+)?\s+by\s+(?P<m>[\w-]+)", re.I
)


def ranked_measure(base: str, measure: str) -> str | None:
    """ "same but units" after "top 3 products by revenue": the ranking's measure replaced ("... by units"); None
    when the request ranks by no measure of its own."""
    m = _RANKED_BY.search(base)
    return None if m is None else splice(base, m.start("m"), m.end("m"), measure)


# "what was revenue in ...", "how much revenue did ...": the measure a request opens with, up to its first filter.
_OPENING_MEASURE = re.compile(
    r"^\s*(?:(?:what|how\s+much)\s+(?:was|were|is|are)\s+(?:the\s+|our\s+)?(?:total\s+)?|how\s+(?:much|many)\s+)"
    r"(?P<m>[\w-]+(?:\s+[\w-]+){0,2}?)(?=\s+(?:in|for|by|per|from|of|during|over|across|through|did|do|does|was|were|"
    r"are|is|has|have|made|sold|came)\b)",
    re.IGNORECASE,
)


def remeasured(base: str, counted: str) -> str | None:
    """ "and how many orders was that?" after "what was revenue in Latin America in 2025": "how many orders in Latin
    America in 2025", the request's opening measure replaced by the count; None when it opens with no measure."""
    m = _OPENING_MEASURE.match(base)
    return None if m is None else f"how many {counted}{base[m.end() :]}"


# "list the ...", "show me all ...": an order for rows; "how many ...": a count of them.
_ORDERED_ROWS = re.compile(
    r"^\s*(?:(?:please\s+)?(?:list|show(?:\s+me)?|give\s+me|display)\s+|"
    # "which open tickets have blown their SLA?": rows asked by a wh-word, unless it asks a ranking ("which region had
    # the most ...") whose one row is no set to count
    r"(?:which|what)\s+(?!.*\b(?:most|least|top|best|worst|highest|lowest|biggest|smallest)\b))(?:the\s+|all\s+)?",
    re.IGNORECASE,
)
_COUNTED_ROWS = re.compile(r"^\s*how\s+many\s+", re.IGNORECASE)


def recounted(base: str, how: str) -> tuple[str, float] | None:
    """ "how many is that?" after "list the open P1 tickets": "how many open P1 tickets"; "which ones are they?" after
    "how many open P1 tickets are there": "list open P1 tickets are there"; None when the request has no rows to count
    or list (a figure of its own)."""
    listed, counted = _ORDERED_ROWS.match(base), _COUNTED_ROWS.match(base)
    if how == "count":
        return (f"how many {base[listed.end() :]}", 0.8) if listed else ((base, 0.8) if counted else None)
    return (f"list {base[counted.end() :]}", 0.75) if counted else ((base, 0.8) if listed else None)
