"""A memory answer's doubt: the answering memory quoted beside a later statement about the same thing that no fact
was read from (a saying, a note, a change in other words), so the answer says it cannot tell instead of giving the
old value with confidence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cognicore.subagents._memory_items import ends_another, of_another_item
from cognicore.subagents._memory_lines import NOT_SURE, line
from cognicore.subagents.memory_evidence import (
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


def _of_other(
    answer: str, later: dict[str, Any], topic: Sequence[frozenset[str]], lead: Sequence[dict[str, Any]] = ()
) -> bool:
    """Is the later memory a change of another item of the list the answer gave, or the end of another fact?"""
    if any(ends_another(later, p) for p in lead):
        return True  # the end of another thing the user held ("I handed the partner channel over to Ben")
    return of_another_item(answer, quoted(later) if later.get("note") else text_of(later), topic)
