"""A thing the user holds, named in a change the rules did not read: does the message leave it the user's?

"Dana is taking Europe off my hands from January" (a plan: the user holds it until then), "Dana handed Europe over
to me last year" (the user received it), "I handed the Europe renewals report over to Dana" (another thing, named
after the held one): none ends the user's Europe, so no marker of an unread change replaces it. Read from grammar
only: a plan or a date to come, the user as the receiver, the held thing's name going on into a longer name.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_kept import named_whole
from cognicore.memory._fact_keys import predicate_key, subject_key
from cognicore.memory._fact_placement import UNSURE_RE
from cognicore.memory._fact_words import MONTHS

__all__ = ["held_kept"]

# A change to come: "is taking X off my hands", "from January", "starting Monday", "as of next week".
_TO_COME_RE = re.compile(
    rf"\b(?:(?:is|are|am|'s|'re|'m)\s+(?:taking|handing|passing|giving|getting)|from\s+{MONTHS}|"
    r"starting\s+\w+|as\s+of\s+\w+|later\s+this|soon|planned|plans?\s+to|about\s+to)\b",
    re.I,
)
# The user as the one who got it: "handed X over to me", "gave me X", "passed it on to us".
_TO_USER_RE = re.compile(
    r"\b(?:to|with)\s+(?:me|us)\b|\b(?:gave|handed|passed|given|assigned|reassigned)\s+(?:me|us)\b", re.I
)


def held_kept(message: str, known: dict[str, Any], value: str) -> bool:
    """Does `message`, which names `value` of a thing the user holds (`known`: "Europe handled_by The user"), leave
    that thing the user's: a plan or a date to come, the user receiving it, or `value` only the start of another
    thing's name? False for any other known fact (a slot of the user's own: its rules decide)."""
    held = predicate_key(str(known.get("predicate", ""))) == "handled_by"
    if not held or subject_key(str(known.get("object", ""))) != "user":
        return False
    text = message.replace("\u2019", "'")
    if UNSURE_RE.search(text) or _TO_COME_RE.search(text) or _TO_USER_RE.search(text):
        return True
    return not named_whole(text, value)
