"""A change the sentence rules cannot read alone, read in the slot of the one known fact it can be about.

"switched to almond milk", "sprint review moved to Thursdays", "P2 SLA is now 6 hours", "new extension: 4520",
"Actually it's 12 not 10": the subject is left out or is only a slot's name, so the change is read only
against the user's known facts, and only when exactly one of them fits (never a guess among several).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import normalize, predicate_key
from cognicore.memory._fact_slot import UNCLEAR_OBJECT, in_slot_of, stems, value_of

if TYPE_CHECKING:  # extraction imports the readers of changes: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate


# A change whose subject is left out or is only a slot's name: "switched to almond milk", "sprint review moved to
# Thursdays", "P2 SLA is now 6 hours", "new extension: 4520". Read only against a known fact of that slot.
_ELIDED_RE = re.compile(
    r"^(?:(?:btw|fyi|so|oh|also|and)\s+)?(?:just\s+|(?:I|we)\s+(?:have\s+|just\s+)*)?"
    r"(?P<verb>moved|switched|changed|went|migrated|relocated)"
    r"(?:\s+over|\s+back)?\s+to\s+(?P<new>.+)$",
    re.I,
)
_SLOT_CHANGE_RE = re.compile(
    r"^(?:the\s+|our\s+|my\s+)?(?P<thing>[a-z0-9][\w-]*(?:\s+[\w-]+){0,3}?)\s+(?:(?:has|have)\s+)?(?:is\s+now|are\s+now|"
    r"changed\s+to|been\s+changed\s+to|moved\s+to|been\s+moved\s+to|got\s+moved\s+to|switched\s+to|went\s+to|"
    r"is\s+moving\s+to|(?:got\s+|was\s+|has\s+been\s+|been\s+)?(?:passed|handed(?:\s+over)?|reassigned|given)\s+to)"
    r"\s+(?P<new>.+)$"
    r"|^new\s+(?P<thing2>[a-z][\w-]*(?:\s+[\w-]+){0,3}?)(?:\s*[:=-]\s*|\s+(?=\d|(?-i:[A-Z])))(?P<new2>.+)$",
    re.I,
)
_NOT_THAT_RE = re.compile(
    r"^(?:(?:actually|correction|sorry|oops|my\s+bad)\s*[,:-]?\s*)*(?:it\s+is|it's|its|that\s+is|that's|make\s+that|"
    r"it\s+should\s+be)\s+(?P<new>[^,]+?)\s*,?\s+not\s+(?P<old>[^,]+?)$",
    re.I,
)
_TAIL_RE = re.compile(
    r"[\s,]*(?:now|from\s+now\s+on|these\s+days|as\s+of\s+\w+|last\s+\w+|since\s+(?:the\s+)?\w+|!+|\.+)\s*$", re.I
)


def bare_change(message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate | None:
    """A change the sentence rules cannot read alone, read in the slot of the one known fact it can be about."""
    text = message.strip()
    while (trimmed := _TAIL_RE.sub("", text)) != text:
        text = trimmed
    active = [k for k in known_facts if k.get("status", "active") == "active" and value_of(k) != UNCLEAR_OBJECT]
    if m := _NOT_THAT_RE.match(text):  # "Actually it's 12 not 10": the known value holding 10, with 12
        old, new = normalize(m["old"]), m["new"].strip()
        holding = [k for k in active if old and f" {old} " in f" {normalize(value_of(k))} "]
        if len(holding) == 1:
            value = value_of(holding[0])
            swapped = re.sub(rf"(?<!\w){re.escape(m['old'].strip())}(?!\w)", new, value, count=1, flags=re.I)
            return in_slot_of(holding[0], swapped if swapped != value else new)
        return None
    about: list[dict[str, Any]] = []
    new = ""
    if m := _SLOT_CHANGE_RE.match(text):
        thing, new = (m["thing"] or m["thing2"]), (m["new"] or m["new2"])
        words = stems(thing)
        about = [k for k in active if words and stems(str(k.get("predicate", "")))[-1:] == words[-1:]]
        if not about:  # "on-call got passed to Chloe": every word of the thing is in one known slot's name
            about = [k for k in active if words and set(words) <= set(stems(str(k.get("predicate", ""))))]
    if not about and (m := _ELIDED_RE.match(text)):
        new = m["new"]
        head = (stems(new) or [""])[-1]
        moved = m["verb"].lower() in ("moved", "relocated")
        about = [
            k for k in active
            if (head and head in stems(value_of(k)))
            or (moved and predicate_key(str(k.get("predicate", ""))) == "lives_in")
        ]  # fmt: skip
    new = new.strip().strip(".!,")
    if len(about) != 1 or not new or len(new.split()) > 8:
        return None
    return in_slot_of(about[0], new)
