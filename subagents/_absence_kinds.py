"""The kinds of value a question asks for by its wording ("how often": a frequency; "which version": a version), and
how any document writes a value of each kind: an answer holding none is no answer, and passages holding none are
checked silence."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["VALUE_KINDS", "ValueKind", "asked_value_kind"]


@dataclass(frozen=True, slots=True)
class ValueKind:
    """A kind of value a question asks for by its wording, and how any document writes a value of that kind."""

    asks: re.Pattern[str]
    written: re.Pattern[str]
    question: str  # what is asked, in the answer ("how often")
    value: str  # what the passages never give ("a frequency")


_UNITS = r"(?:second|minute|hour|day|night|week|fortnight|month|quarter|year)s?"
# A frequency in general English names a day of the week or a part of the day as often as a unit ("every Monday",
# "on Mondays", "each morning"), or an occasion that recurs ("every time", "each shift", "each weekday").
_DAY_NAMES = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_OCCASIONS = rf"(?:{_DAY_NAMES}|week(?:day|end)|morning|afternoon|evening|time|shift|visit|login|run|release)s?"
# Words asking when, after "version": "what version year" asks a date, not a version.
_WHEN = r"(?:years?|dates?|months?|days?|time)\b"
# What has releases that are versions: software and what runs it.
_SOFTWARE = (
    r"(?:apps?|application|client|firmware|software|os|operating system|driver|sdk|api|plugin|add-on|extension"
    r"|browser|server|agent|package|library|build|update|patch|platform|tool)"
)
VALUE_KINDS = (
    # "how often do we change passwords?": a frequency, however the documents would word it.
    ValueKind(
        re.compile(r"\bhow (?:often|frequently)\b|\bat what intervals?\b", re.I),
        re.compile(
            rf"\b(?:every|each)\s+(?:\d+\s+|other\s+|few\s+|single\s+|\w+\s+)?(?:{_UNITS}|{_OCCASIONS})\b"
            rf"|\bon\s+(?:{_DAY_NAMES}|week(?:day|end))s\b|\b(?:in\s+the\s+|at\s+)?(?:mornings|afternoons|evenings|nights)\b"
            r"|\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually|biannually)\b"
            rf"|\b(?:once|twice|thrice|\w+\s+times)\s+(?:a|an|per|each|every)\s+(?:{_UNITS}|{_OCCASIONS})\b"
            rf"|\bper\s+{_UNITS}\b|\b(?:always|whenever)\b|\bnever\s+expire|\bno\s+expiry\b",
            re.I,
        ),
        "how often",
        "a frequency",
    ),
    # "which version of the client?": a version number or a named release. Only "version" itself asks it, or a
    # "release" of software ("which release of the Lobby app", "what release number"): a product's release
    # ("which release of ours was the ... ", "what release year") is its launch, which a date answers.
    ValueKind(
        re.compile(
            rf"\b(?:which|what)\s+(?:\w+\s+){{0,2}}?versions?\b(?!\s+{_WHEN})"
            rf"|\b(?:which|what)\s+(?:{_SOFTWARE}\s+)?releases?\s+(?:number|version|build|channel)s?\b"
            rf"|\b(?:which|what)\s+{_SOFTWARE}\s+releases?\b(?!\s+{_WHEN})"
            rf"|\b(?:which|what)\s+releases?\s+of\s+(?:the\s+|our\s+|your\s+|my\s+)?(?:[\w-]+\s+){{0,3}}?{_SOFTWARE}\b",
            re.I,
        ),
        re.compile(
            r"\bv\d+(?:\.\d+)*\b|\bversion\s+\d|\b\d+\.\d+\.\d+\b|\b(?:latest|current|newest)\s+(?:version|release)",
            re.I,
        ),
        "which version",
        "a version",
    ),
)


def asked_value_kind(question: str) -> ValueKind | None:
    """The kind of value the question asks for by its wording ("how often": a frequency), or None."""
    return next((k for k in VALUE_KINDS if k.asks.search(question)), None)
