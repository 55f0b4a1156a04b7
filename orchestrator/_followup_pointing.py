"""Words by which a request points back at the session's previous request: a pronoun standing for its result or rows
("split that", "show it as", "how many of those", "did those take"), or its period ("over the same stretch")."""

from __future__ import annotations

import re

from cognicore.orchestrator._followup_leads import LEAD

__all__ = ["as_possessive", "asked_over_same_period", "points_back", "reworks_previous"]

_POINTER = r"(?:it|that|those|these|them)"
# A verb whose object is the previous result: "split that across ...", "show it as ...", "break them down", "chart
# those". Never "check that the ...": "that" opening a clause, whose subject follows, is no object.
_TAKES = re.compile(
    r"\b(?:show|split|break|sort|order|rank|chart|plot|graph|turn|make|put|give|redo|repeat|rerun|run|compare|filter|"
    r"group|divide|list|count|total|sum|average|express|display|present|convert|change|narrow|limit|restrict|cut|"
    rf"slice|segment|export|tabulate|spread|split\s+up|break\s+up)\s+(?P<pointer>{_POINTER})"
    r"(?=\s*(?:$|[?.!,;:]|(?:by|per|across|as|into|in|for|over|down|up|out|to|with|again|instead|too|now|please|"
    r"rather|but|and|between|among|from|on)\b))",
    re.IGNORECASE,
)
# Of those verbs, the ones that only rework figures (never send or place them anywhere): "redo that as ...", "rank
# those by ...". An action on the previous result by one of them is something the data agent does, never out of scope.
_REWORKS = frozenset(
    "split break sort order rank chart plot graph redo repeat rerun run compare filter group divide list count total "
    "sum average express convert change narrow limit restrict cut slice segment tabulate spread".split()
)
# A part of the previous rows: "how many of those", "which of them", "how much of that", "any among these".
_PART_OF = re.compile(
    r"\b(?:of|among|amongst|between)\s+(?P<pointer>those|these|them|that|it)\b(?!\s+(?:who|which)\b)", re.IGNORECASE
)
# The previous rows as a subject or object with no noun of their own after a verb: "did those take", "are these".
_THOSE = re.compile(
    r"\b(?:did|do|does|are|were|was|is|have|has|had|will|would|can|could|should|get|got)\s+(?P<pointer>those|these|that)\b"
    r"(?!\s+(?:who|which|that|where|with)\b)",
    re.IGNORECASE,
)
# The previous request's period: "over the same stretch", "during that same quarter", "in that year".
_SPAN = r"(?:stretch|period|timeframe|time\s*frame|window|span|range|interval|quarter|year|month|week|dates)"
_PERIOD = re.compile(
    rf"\b(?:over|during|for|in|across|within|from)\s+(?:the|that)\s+(?:same\s+|very\s+same\s+)?(?P<pointer>{_SPAN})\b"
    rf"|\b(?P<same>(?:the|that)\s+same\s+{_SPAN})\b",
    re.IGNORECASE,
)

# "same thing, but ...", "the same again for ...": the previous request as a whole, when nothing after it says "as"
# (a comparison of its own: "is the fee the same as ...") and it is no "same-day" or "same day" term.
_SAME = re.compile(LEAD + r"(?P<pointer>(?:(?:the|that)\s+)?same\b)(?!-|\s+day\b)(?!.*\bas\b)", re.IGNORECASE)

# The previous result as the object of a preposition, ending the request's only clause: "what's the unit count for it?",
# "and the margin on those". After a clause mark the pronoun may stand for a thing named before it ("I bought the
# camera; what's the warranty on it?").
_OBJECT = re.compile(
    r"^[^.;:,\u2013\u2014]*?\b(?P<pointer>(?:for|on|about|in|from|with|to|by|behind)\s+(?:it|them|those|these))"
    r"\s*[?.!]*\s*$",
    re.I,
)
# "what did X look like", "how did X do", "and X?": a thing asked of in the previous request's terms, once the period
# pointer is set aside ("what did Harbour look like over that same quarter" asks the previous request for Harbour).
_ASKED_OF = re.compile(
    LEAD + r"(?:(?:what|how)\s+(?:about|did|does|do|was|were|is|are)\s+)?(?:the\s+)?(?P<value>[\w&' -]+?)\s*"
    r"(?:do|did|doing|look\s+like|looked\s+like|looking|fare|fared|perform|performed|go|went|come\s+out|compare)?\s*$",
    re.IGNORECASE,
)

# "what's the unit count for it?": the thing asked of the previous result, said as its possessive ("its unit count").
_OF_IT = re.compile(
    r"(?P<head>"
    + LEAD
    + r"[^.;:,\u2013\u2014]*?)\bthe\s+(?P<thing>[^?.!,;:]+?)\s+(?:for|of|on)\s+(?P<pro>it|them|those|these)"
    r"(?P<tail>\s*[?.!]*)\s*$",
    re.IGNORECASE,
)

# One of the previous rows, picked: "and which one is the worst?", "what about that one". Never one of alternatives the
# request names itself ("which one is faster, express or standard?").
_ONE = re.compile(r"\b(?P<pointer>(?:which|what|that|this)\s+one)\b(?!\s+of\b)(?!.*\bor\b)", re.IGNORECASE)

# The previous result compared with something: "and how does that compare with ana?", "compared to Q3?", "vs Harbour?".
_COMPARED = re.compile(
    r"\b(?P<pointer>(?:does|did|do|is|was|are|were)\s+(?:that|it|this)\s+(?:compare|stack\s+up|measure\s+up))\b|"
    + LEAD
    + r"(?P<opening>compared?\s+(?:with|to|against)|versus|vs\.?)\s",
    re.IGNORECASE,
)

_CLAUSE = re.compile(r"[,;:\u2013\u2014]|\s-\s")


def as_possessive(request: str) -> str | None:
    """`request` with "the X for it/them" said as "its/their X" ("what's the unit count for it?" -> "what's its unit
    count?"), which the follow-up readings resolve by the previous request's value; None when it has no such ending."""
    found = _OF_IT.match(request)
    if found is None or re.search(r"\b(?:by|per)\b", found.group("thing"), re.IGNORECASE):
        return None  # "the split by component for those": a grouping of the rows, not a thing they own
    owner = "its" if found.group("pro").lower() == "it" else "their"
    return f"{found.group('head')}{owner} {found.group('thing')}{found.group('tail')}"


def asked_over_same_period(request: str) -> str | None:
    """What `request` asks of over the previous request's period, when that is all it says ("how did Hilltop do in that
    same year?" -> "Hilltop"), else None; whether it is a value the deployment knows is the caller's check."""
    found = _PERIOD.search(request)
    if found is None or not (found.group("same") or "same" in found.group(0).lower() or "that" in found.group(0)):
        return None
    rest = (request[: found.start()] + " " + request[found.end() :]).strip(" ?.!,")
    asked = _ASKED_OF.match(rest)
    return asked.group("value").strip() if asked and asked.group("value").strip() else None


def points_back(request: str) -> str | None:
    """The words of `request` that stand for something only an earlier request names ("split that", "of those", "over
    the same stretch"), or None when it points at nothing outside itself. "Which jobs that are pending" (a relative
    "that"), "how long does it take" (an empty "it") and "those who ..." point at nothing."""
    if (compared := _COMPARED.search(request)) is not None:
        return (compared.group("pointer") or compared.group("opening")).strip()
    for pattern in (_TAKES, _PART_OF, _THOSE, _SAME, _OBJECT, _ONE):
        found = pattern.search(request)
        if found is not None and found.group("pointer").lower() == "that" and _CLAUSE.search(request[: found.start()]):
            continue  # "who escalates a leak, and to whom does that go?": "that" is the thing named before it
        if found is not None:
            return found.group("pointer") if pattern in (_SAME, _OBJECT, _ONE) else found.group(0)
    found = _PERIOD.search(request)
    if found is not None and (found.group("same") or "same" in found.group(0).lower() or "that" in found.group(0)):
        return found.group(0)  # "for the year" alone is a plain period ("revenue for the year"), never a pointer
    return None


def reworks_previous(request: str) -> bool:
    """Whether `request` asks to rework the previous result by a verb that only reworks figures ("redo that as engineer
    counts", "rank those by severity"), which no reading of its own should refuse as an action no agent does."""
    found = _TAKES.search(request)
    return found is not None and found.group(0).split()[0].lower() in _REWORKS
