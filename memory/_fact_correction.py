"""A correction of what the user just told: "sorry, I meant 4401", "I meant 450 units, not 400", "it's wednesday".

A correction names only the new value (and sometimes the wrong one); the slot is the one known fact holding a value
of the same shape: the old value it names, or else exactly one figure (for a figure) or one day (for a day). Two
such facts, or none, and nothing is guessed: the saying stays a note. The new value replaces the old one inside the
known value, so "400 units of the blue widget" corrected by "450" is "450 units of the blue widget".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_notes import is_note
from cognicore.memory._fact_slot import in_slot_of, value_of
from cognicore.memory._fact_words import CALENDAR

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["correction"]

_CORRECTION_RE = re.compile(
    r"^\W*(?:(?:sorry|oops|whoops|my\s+bad|no\s+wait|wait|correction|typo)\W+)*"
    r"(?:i\s+meant(?:\s+to\s+say)?|i\s+mean|meant|that\s+should\s+(?:be|read|say)|should\s+(?:be|read|say))\s+"
    r"(?P<new>[^,;]+?)(?:\s*,?\s*not\s+(?P<old>[^,;]+?))?"
    r"(?:\s*[,;.!]?\s*(?:sorry|typo|my\s+bad|oops|lol)\W*)*\s*[.!]?$",
    re.I,
)
_FIGURE_RE = re.compile(r"(?<![\w.:])\d+(?:[.,]\d+)?(?:k|m|%)?(?![\w.:])", re.I)
_DAY_RE = re.compile(rf"\b{CALENDAR}\b", re.I)


def correction(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """The known fact a correction names by its old value or its shape, with the corrected value; else None."""
    m = _CORRECTION_RE.match(message.replace("\u2019", "'").strip())
    if not m:
        return None
    new, old = m["new"].strip(), (m["old"] or "").strip()
    shape = _FIGURE_RE if _FIGURE_RE.search(new) else _DAY_RE if _DAY_RE.search(new) else None
    if shape is None:
        return None
    held = [k for k in known_facts if k.get("status", "active") == "active" and not is_note(k)]
    if old:
        held = [k for k in held if re.search(rf"(?<!\w){re.escape(old)}(?!\w)", value_of(k), re.I)]
    # The one fact holding exactly one value of that shape: the value it corrects.
    held = [k for k in held if len(shape.findall(value_of(k))) == 1]
    if len(held) != 1:
        return None
    value = value_of(held[0])
    said = shape.search(new)
    assert said is not None  # the shape was chosen because `new` holds it
    corrected = shape.sub(lambda _m: said.group(0), value, count=1)
    if corrected == value:
        return None  # the same value again: nothing corrected
    return in_slot_of(held[0], corrected)
