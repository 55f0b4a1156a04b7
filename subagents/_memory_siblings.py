"""A question for several values ("which languages can I take calls in?") and facts of one frame ("The user speaks
Spanish ...", "The user speaks decent French ..."): each value the user told in that frame answers it, though only one
shares the question's words. Generic English: a plural asked noun, a subject and its verb."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory.text import stem
from cognicore.subagents._memory_words import MEMORY_SYNONYMS
from cognicore.subagents.memory_evidence import text_of

__all__ = ["siblings"]

# "which languages ...", "what drinks ...": a plural noun asked for (not "which class", "what process").
_PLURAL_ASKED = re.compile(
    r"^\W*(?:\w+\W+){0,3}?(?:which|what)\s+(?:kinds?\s+of\s+|sorts?\s+of\s+)?[a-z]+[^s\W]s\b", re.I
)
# The asker as a fact's subject and its verb ("The user speaks", "We use"); be, have and say name no one frame.
_FRAME = re.compile(r"^\W*(?P<who>the user|the team|our team|we|i)\s+(?:also\s+)?(?P<verb>[a-z]+)\b", re.I)
_NO_FRAME = frozenset("is are was were has have had said says do does did will would can could also".split())


def _frame(text: str) -> tuple[str, frozenset[str]] | None:
    """Who a fact is about and its verb with the verb's paraphrases ("prefers" is "likes", "enjoys")."""
    m = _FRAME.match(text)
    if m is None or m.group("verb").lower() in _NO_FRAME:
        return None
    verb = stem(m.group("verb").lower())
    return m.group("who").lower(), MEMORY_SYNONYMS.get(verb, frozenset()) | {verb}


def siblings(
    question: str, picked: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The other current facts (not notes) said in the frame of a picked one, when the question asks a plural noun."""
    if not _PLURAL_ASKED.match(question):
        return []
    frames = [f for p in picked if p.get("status") == "active" and (f := _frame(text_of(p)))]
    return [
        p
        for p in passages
        if p.get("status") == "active"
        and not p.get("note")
        and all(p is not q for q in picked)
        and (own := _frame(text_of(p)))
        and any(own[0] == who and own[1] & verbs for who, verbs in frames)
    ]
