"""A told figure of a named kind is no answer to a question about a figure of another kind.

"Our monthly signup target is 2,500 accounts" shares "target" with "what refunds are we aiming at?" and half of
its words: answering 2,500 would be confidently wrong. When a memory holding a figure leaves a word of the
question unmatched and its own slot names a qualifier the question does not ("monthly", "signup"), the two may
be different figures: a near miss, said as such, instead of an answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory.text import stem, terms
from cognicore.subagents._memory_holder import GROUPS, OURS
from cognicore.subagents._memory_words import shape_words
from cognicore.subagents.memory_evidence import matches

__all__ = ["generic_only", "other_figure"]

# An amount or a count of something ("$55k", "4 million dollars", "150 tickets"), not a code ("extension 5521") nor
# a digit inside a name ("P1 incidents", "an X1 Carbon").
_FIGURE_RE = re.compile(
    r"[$\u20ac\u00a3]\s?\d|(?<![a-z\d])\d[\d,.]*\s?(?:%|k\b|m\b)|(?<![a-z\d])\d[\d,.]*\s+[a-z]", re.I
)
# The slot is what comes before its verb: "Our monthly signup target" of "Our monthly signup target is 2,500".
_SLOT_RE = re.compile(r"^(?P<slot>.+?)\s+(?:is|are|was|were|has|have|stands\s+at|sits\s+at)\b", re.I)
_OWNERS_RE = re.compile(r"^\W*(?:our|my|the\s+user's|the\s+team's|the|we)\s+", re.I)


def other_figure(topic: Sequence[frozenset[str]], memory: str) -> str | None:
    """Why a figure the memory holds may be another one than asked (None when it may answer): a topic concept it
    does not match, beside a qualifier of its slot the question does not name."""
    slot = _SLOT_RE.match(memory.strip())
    if not _FIGURE_RE.search(memory) or slot is None:
        return None
    present = set(terms(memory)) | set(terms(memory.replace("-", " "))) | shape_words(memory)
    present |= {f"{w}s" for w in present}  # "ads" of the question, "ad" of the memory
    missing = [c for c in topic if not matches(c, present) and max(map(len, c), default=0) >= 3]
    if OURS.match(memory):  # "the team's quota" asked, "our monthly quota" told: the team is the owner
        missing = [c for c in missing if not c & GROUPS]
    if not missing:
        return None
    phrase = _OWNERS_RE.sub("", slot.group("slot")).strip()
    words = terms(phrase)
    unnamed = [w for w in words[:-1] if not any(matches(c, [w]) for c in topic)]  # the head is its last word
    if not unnamed:
        return None
    return f"it is about the {phrase.lower()}, which may be another figure than the one you asked about"


# Words that name any value, not which one: "what number is on my badge?" shares only "number" with "my locker is
# number 14" (review 16, W5).
_ANY_VALUE = frozenset(stem(w) for w in "number numbers figure figures amount value code id total count digits".split())


def generic_only(topic: Sequence[frozenset[str]], memory: str) -> str | None:
    """Why a memory that shares only a word naming any value ("number") with the question is another one (None when
    it shares more): a thing the question names is not in it."""
    present = set(terms(memory)) | set(terms(memory.replace("-", " "))) | shape_words(memory)
    present |= {f"{w}s" for w in present}
    hit = [c for c in topic if matches(c, present)]
    missing = [c for c in topic if not matches(c, present) and max(map(len, c), default=0) >= 3]
    if not hit or not missing or not all(c & _ANY_VALUE for c in hit):
        return None
    return "it holds another number than the one you asked about"
