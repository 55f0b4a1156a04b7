"""What the user held before, when the fact that ended it is not the current one: "Benelux is mine now. Petra took over
Iberia" ends "The user is responsible for Iberian accounts" by Petra's fact, not by "The user is responsible for
Benelux", so the store's supersession chain does not link the two. The ended fact of the same owner and the same frame
(the same words but the value: "The user is responsible for ...") is what the user held before (generic English)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory._fact_words import NOT_NAMES
from cognicore.memory.text import stem, terms
from cognicore.subagents._memory_words import MEMORY_SYNONYMS
from cognicore.subagents.memory_evidence import CHANGE_RE, quoted, text_of, when

__all__ = ["before_named", "changed_after", "held_before", "of_another_holder", "told_as_past"]

_NAME = re.compile(r"(?<=\w\s)[A-Z][\w-]*(?:\s+[a-z]+)?")  # a capitalised word inside a sentence (and the next)
_OWNER = re.compile(r"^\W*((?:the\s+)?\w+(?:'s)?)\s", re.I)  # "The user", "We", "Our team's": whose fact it is
_NOT_FRAME = frozenset({"user", "now", "currently", "still"})


def _frame(said: str) -> frozenset[str]:
    """The fact's words without its values (names, figures) and its owner: "responsibl" of "The user is responsible
    for Benelux"."""
    names = set(terms(" ".join(_NAME.findall(said))))  # a name and the word after it: "Iberian accounts"
    return frozenset(
        t for t in terms(said) if t not in names and t not in _NOT_FRAME and not any(c.isdigit() for c in t)
    )


def _owner(said: str) -> str:
    m = _OWNER.match(said)
    return m.group(1).lower() if m else ""


def held_before(now: dict[str, Any], passages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ended facts (not notes) of `now`'s owner in `now`'s frame (the same words but the values: "desk" is not
    "desk phone"), ended no later than `now` began, newest first; [] when there are none."""
    said = text_of(now)
    frame, owner = _frame(said), _owner(said)
    if not frame or not owner:
        return []
    found = [
        p
        for p in passages
        if p.get("status") not in ("active", "said")
        and not p.get("note")
        and _owner(text_of(p)) == owner
        and _frame(text_of(p)) == frame
        and str(p.get("until_exact") or p.get("until") or "") <= when(now)
    ]
    return sorted(found, key=when, reverse=True)


def changed_after(
    now: dict[str, Any], passages: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]]
) -> list[dict[str, Any]]:
    """The current facts (not notes) of `now`'s owner told after it, about the asked slot (a word of the widened
    `topic`), from a saying worded as a change ("the team switched to Linear" read as "We use Linear"), newest first:
    the store kept both as current, so `now` is what it was before that change."""
    owner, asked = _owner(text_of(now)), frozenset().union(*topic) if topic else frozenset()
    turns = {str(p.get("turn")): text_of(p) for p in passages if p.get("status") == "said" and p.get("turn")}
    found = [
        p
        for p in passages
        if p.get("status") == "active"
        and not p.get("note")
        and p is not now
        and when(p) > when(now)
        and _owner(text_of(p)) == owner
        and set(terms(text_of(p))) & asked
        and any(CHANGE_RE.search(said) for said in [text_of(p), *(turns.get(t, "") for t in p.get("sources") or ())])
    ]
    return sorted(found, key=when, reverse=True)


# "who was my manager before Hannah?", "who was Marcus's predecessor?": what came before a named value.
_BEFORE_NAME = re.compile(r"\bbefore\s+(?P<a>[A-Z][a-z]+)\b|\b(?P<b>[A-Z][a-z]+)'s\s+predecessor\b")


def before_named(
    question: str, passages: Sequence[dict[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """For a question of what came before a named value: the first memory naming it, and the ended facts (newest
    first) of its slot (the one it superseded, or one sharing the words of its frame) that ended no later than it
    began, none naming it; None when the question names no value memory holds."""
    m = _BEFORE_NAME.search(question)
    name = (m.group("a") or m.group("b")).lower() if m else ""
    if not name or name in NOT_NAMES:
        return None
    name = stem(name)  # as `terms` reads the memories: "Ines" is "ine" there
    named = sorted((p for p in passages if name in terms(text_of(p))), key=when)
    if not named:
        return None
    start, slot = when(named[0]), _widened(_frame(text_of(named[0])))
    earlier = [
        p
        for p in passages
        if p.get("status") not in ("active", "said")
        and name not in terms(text_of(p))
        and str(p.get("until_exact") or p.get("until") or "") <= start
        and (p.get("superseded_by") == named[0].get("fact_id") or _widened(_frame(text_of(p))) & slot)
    ]  # only what held the named value's slot: "the user's desk" ended before Hannah came is no manager before her
    return named[0], sorted(earlier, key=when, reverse=True)


def _widened(frame: frozenset[str]) -> frozenset[str]:
    """A frame's words with their memory paraphrases ("boss" also "manager")."""
    return frame.union(*(MEMORY_SYNONYMS.get(t, frozenset()) for t in frame))


# "Ravi's team switched to HubSpot", "Our team for Ravi is HubSpot": a thing held by a named person.
_HOLDER = re.compile(r"\b(?P<a>[A-Z][a-z]+)'s\s+[a-z]|\bfor\s+(?P<b>[A-Z][a-z]+)\b")


def of_another_holder(later: dict[str, Any], now: dict[str, Any]) -> bool:
    """Does a later memory speak of a thing a named person holds that `now` does not name ("Ravi's team")?"""
    own = set(terms(text_of(now)))
    for m in _HOLDER.finditer(quoted(later)):
        name = (m.group("a") or m.group("b")).lower()
        if name not in NOT_NAMES and name not in own:
            return True
    return False


# A saying of what held before, not now ("My shift used to start at 6am", "my old manager was Hannah").
_TOLD_AS_PAST = re.compile(
    r"\b(?:used\s+to|previously|formerly|back\s+then|(?:my|our)\s+(?:old|former|previous))\b", re.I
)


def told_as_past(passage: dict[str, Any]) -> bool:
    """Is a note (the user's own words) about what held before ("My shift used to start at 6am"), not what holds?"""
    return bool(passage.get("note")) and _TOLD_AS_PAST.search(quoted(passage)) is not None
