"""The kind of thing a question asks for (a person, a place, a time, a number, a reason), read from the wh-word that
opens its main clause: one reader for the memory answer (is a memory's value of the asked kind?) and for workflow
reuse (a question for a person is not the listing a saved workflow made). Generic English shapes only."""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["Kind", "asked_kind"]

Kind = Literal["person", "place", "time", "number", "reason"]

# "when did I tell you ...?" and "since when ...?" are answered by the memory's own date, not by its words; "when did
# we switch ...?" asks when a change was told, which the memory's date says.
_TOLD_WHEN = re.compile(r"\bwhen\s+(?:did|have)\b|\bsince\s+when\b", re.I)
# What may come before the main clause: a condition or a time clause closed by a comma ("If a P1 breaches its SLA,
# who ...", "once the upgrade is done, where ..."; never "when is ...," which asks itself), then words that ask
# nothing ("so", "and", "pls", "remind me", "quick one:").
_BEFORE = (
    r"^\W*(?:(?:if|once|after|before|whenever|in\s+case|suppose|supposing|"
    r"when(?!\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|has|have|had)\b))\b[^,?]{2,80},\s*)?"
    r"(?:(?:so|and|but|then|pls|please|remind\s+me|quick\s+(?:one|question|q))\W+)*"
)
_ASKS: tuple[tuple[Kind, re.Pattern[str]], ...] = (
    ("person", re.compile(_BEFORE + r"(?:who|whom|whose)\b", re.I)),
    ("place", re.compile(_BEFORE + r"where\b", re.I)),
    (
        "time",
        re.compile(
            _BEFORE + r"(?:when|what\s+time|what\s+day|which\s+day|what\s+date|(?:till|until)\s+(?:what|when))\b", re.I
        ),
    ),
    ("number", re.compile(_BEFORE + r"how\s+(?:many|much|long|often)\b", re.I)),
    ("reason", re.compile(_BEFORE + r"(?:why|how\s+come)\b", re.I)),
)


def asked_kind(question: str) -> Kind | None:
    """The kind of value `question` asks for, from the wh-word opening its main clause; None for any other question
    (which rows, what a thing is, yes or no) and for a question answered by when something was told."""
    if _TOLD_WHEN.search(question):
        return None
    return next((kind for kind, pattern in _ASKS if pattern.search(question)), None)
