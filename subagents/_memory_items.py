"""A saying that lists several things ("deck to Ana by Nov 20, forecast to Raj by Dec 5") and a later change of one of
them ("finance pulled the forecast in, it's due Nov 28 now"): the change answers nothing about another item of the list
("when's my deck due?"), whose value still stands as said. Generic English list shapes and the calendar."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory._fact_words import CALENDAR_WORDS, MONTH_NAMES
from cognicore.memory.text import terms
from cognicore.subagents.memory_evidence import changed_since, is_unclear, matches, text_of

__all__ = ["changed_item", "ends_another", "of_another_item"]

_ITEMS = re.compile(r"[,;:]\s+|\s+and\s+|[.!?]\s+", re.I)
_SHORT_MONTHS = frozenset(m[:3] for m in MONTH_NAMES) | {"sept"}  # "nov", "sept"


def _names(text: str) -> frozenset[str]:
    """The content words of a text that name things: no figures, no days or months (the values a list gives)."""
    return frozenset(
        t
        for t in terms(text)
        if not any(ch.isdigit() for ch in t) and t not in CALENDAR_WORDS and t not in _SHORT_MONTHS
    )


def of_another_item(saying: str, change: str, topic: Sequence[frozenset[str]]) -> bool:
    """Is `change` about another item of the list `saying` gives than the one the question's `topic` names? Only
    when the saying lists several items, some name the asked thing and some do not, and the change shares no name
    with the asked ones."""
    items = [i for i in _ITEMS.split(saying) if _names(i)]
    if len(items) < 2 or not topic:
        return False
    shares = [sum(1 for c in topic if matches(c, terms(i))) for i in items]
    best = max(shares)
    asked = [i for i, s in zip(items, shares, strict=True) if s == best and s > 0]
    if not asked or len(asked) == len(items):
        return False
    return not any(_names(change) & _names(i) for i in asked)


def changed_item(
    saying: dict[str, Any], passages: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]]
) -> list[dict[str, Any]]:
    """The current facts read later as a change of what `saying` said (`changed_since`), newest first, without the
    changes of another item of its list than the one asked."""
    changes = changed_since([saying], passages, topic)
    return [c for c in changes if not of_another_item(text_of(saying), text_of(c), topic)]


_ENDED = re.compile(r'^Not sure any more: "([^"]{3,})" changed')


def ends_another(marker: dict[str, Any], fact: dict[str, Any]) -> bool:
    """Is `marker` (a change whose new value was not read) the end of another fact than `fact`, a current one ("Dana
    took North America off my hands" ended North America, not Europe, which the user still holds)? The store decided
    which fact a change ended; the marker names it, so it casts no doubt on a fact it did not end."""
    if not is_unclear(marker) or is_unclear(fact) or fact.get("status") != "active" or fact.get("note"):
        return False
    ended = _ENDED.match(text_of(marker).strip())
    if ended is None:
        return False
    # Each names a thing the other does not ("north america" / "europe"): two things, not one fact said twice.
    gone, held = _names(ended.group(1)), _names(text_of(fact))
    return bool(gone - held) and bool(held - gone)
