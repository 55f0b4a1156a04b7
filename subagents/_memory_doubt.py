"""A memory answer's doubt: the answering memory quoted beside a later statement about the same thing that no fact
was read from (a saying, a note, a change in other words), so the answer says it cannot tell instead of giving the
old value with confidence."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory._fact_supersession import said_apart
from cognicore.memory._fact_third_party import third_party
from cognicore.memory.text import terms
from cognicore.subagents._memory_before import of_another_holder, told_as_past
from cognicore.subagents._memory_compound import other_ordinal
from cognicore.subagents._memory_items import ends_another, of_another_item
from cognicore.subagents._memory_lines import NOT_SURE, line
from cognicore.subagents.memory_evidence import (
    CHANGE_RE,
    changed_since,
    noted_since,
    quoted,
    reworded_since,
    said_words,
    text_of,
    unread_since,
    valued_since,
)

__all__ = ["later_doubt"]


def later_doubt(
    picked: list[dict[str, Any]],
    passages: Sequence[dict[str, Any]],
    topic: Sequence[frozenset[str]],
    *,
    persistence: bool = False,
) -> tuple[str, list[int]] | None:
    """An unsure answer quoting the answering memory and a later saying no fact was read from, or None, with the
    quoted memories' indexes. `persistence`: the question asks whether something still holds ("am I still ...?")."""
    sayings = [p for p in passages if p.get("status") == "said"]
    lead = [p for p in picked if p.get("status") == "active"] or picked[:1]
    checks = (
        lambda: unread_since(lead, sayings, topic, persistence=persistence),
        lambda: changed_since(lead, passages, topic),
        lambda: noted_since(lead, passages, topic),  # the later statement kept only as a note
        lambda: reworded_since(lead, passages, topic),  # read as a fact on another slot: the old one was never ended
        lambda: valued_since(lead, passages),  # another value of the answer's kind, said as a change in other words
        lambda: _other_figure_read(lead, sayings),  # recorded as read into the fact, but with another figure
    )
    # A change of another item of a list the answer gave ("the forecast is due Nov 28 now" for the deck) casts none.
    own = text_of(lead[0])
    found = ([p for p in check() if not _of_other(own, p, topic, lead)] for check in checks)
    later = next((f for f in found if f), [])
    if not later:
        return None
    first, newer = lead[0], later[0]
    said = quoted(newer).strip().rstrip(".") if newer.get("note") else said_words(newer)
    how = "you said" if newer.get("status") == "said" or newer.get("note") else "I noted"
    text = (
        f'{line(first)} But later, on {newer.get("since") or "a later day"}, {how}: "{said}." '
        f"[{newer['index']}] I cannot tell whether that changed it. {NOT_SURE}"
    )
    return text, [int(first["index"]), int(newer["index"])]


_FIGURE = re.compile(r"\d+(?:[.,:]\d+)*")
# A value said as the old one ("from desk 4B", "instead of 12", "not 3", "was 2291"): no new value of the saying.
_OLD_VALUE = re.compile(
    r"\b(?:from|instead\s+of|not|was|were|used\s+to\s+be|previously|formerly)\s+(?:[a-z]+\s+){0,3}?[a-z]*\d[\w.,:/-]*",
    re.I,
)


def _other_figure_read(lead: Sequence[dict[str, Any]], sayings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The later sayings worded as a change that the store recorded as read into an answering fact, though they name
    a figure it does not hold ("Ben and I swapped, so I'm on call the week of January 19 instead" kept as a source of
    "... the week of January 12"): the fact does not say what the saying changed."""
    found = []
    for fact in lead:
        held = set(_FIGURE.findall(" ".join([text_of(fact), *map(str, fact.get("replaced") or ())])))
        sources = set(fact.get("sources") or ())
        for saying in sayings:
            said = text_of(saying)
            if not held or saying.get("turn") not in sources or not CHANGE_RE.search(said):
                continue
            new = set(_FIGURE.findall(_OLD_VALUE.sub(" ", said))) - held  # "moved from desk 4B to 7C": 4B was
            if new and str(saying.get("since") or "") >= str(fact.get("since") or ""):
                found.append(saying)
    return found


def _of_other(
    answer: str, later: dict[str, Any], topic: Sequence[frozenset[str]], lead: Sequence[dict[str, Any]] = ()
) -> bool:
    """Is the later memory a change of another item of the list the answer gave, or the end of another fact?"""
    if said_apart(quoted(later), answer):
        return True  # "Just this once I'm doing Saturday's on-call": no change of what regularly holds
    if told_as_past(later):
        return True  # "My shift used to start at 6am": what held before, no change of what holds
    if any(ends_another(later, p) for p in lead):
        return True  # the end of another thing the user held ("I handed the partner channel over to Ben")
    if any(of_another_holder(later, p) for p in lead):
        return True  # another named person's thing ("Lena's team moved over to Zoho") for the user's own
    if _anothers_own(answer, quoted(later), topic):
        return True  # "Sofia now works from the Porto office" for the user's office: another owner's, not the answer's
    if other_ordinal(answer, quoted(later)):
        return True  # another numbered part ("for the second half ...") of a thing told for the first half
    return of_another_item(answer, quoted(later) if later.get("note") else text_of(later), topic)


# Someone said to be the asked thing ("Victor is the new manager", "Chloe's my backup now").
_NAMED_AS = re.compile(
    r"\b(?:is|'s|are|becomes|became)\s+(?:now\s+)?(?:the\s+|a\s+|an\s+|our\s+|my\s+)?"
    r"(?:new\s+|acting\s+|interim\s+)?(?P<what>[a-z][\w-]*)",
    re.I,
)


def _anothers_own(answer: str, later: str, topic: Sequence[frozenset[str]]) -> bool:
    """Is the later saying another owner's thing (a named person's, another group's) that names nothing of the user's
    answer beyond the asked topic? One that names the answer's value ("Jonas took over Europe") may have ended it."""
    if third_party(later) is None or third_party(answer) is not None:
        return False
    asked = frozenset().union(*topic) if topic else frozenset()
    named_as = {t for m in _NAMED_AS.finditer(later) for t in terms(m.group("what"))}
    if named_as & asked:
        return False  # "Victor is the new manager" for "who is my manager?": who holds the asked thing now, maybe
    return not (set(terms(later)) & set(terms(answer))) - asked
