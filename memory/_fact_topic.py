"""A change of a thing the user told in other words: the one known fact of the same owner whose words it meets.

Read by `OfflineFactExtractor` after the known slot and wording: "we relaxed our P1 response target to 20 minutes"
ends "Our team agreed to respond to P1 tickets within 10 minutes". Apart from extraction.py, which re-exports it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import FIGURE_HEADS, lemma, predicate_key, same_slot, subject_key

if TYPE_CHECKING:
    from cognicore.memory.extraction import FactCandidate


# "Our quote promise is 24 hours (tightened)": a statement the change rules wrote, naming how the value changed.
_CHANGED_RE = re.compile(r"\((?:[a-z]+(?:\s+[a-z]+){0,2})(?:\s+from\s+[^)]+)?\)\.?$")
_TOPIC_STOP = frozenset(
    "the a an and or of on at in by to for with from is are was were be our my we us team user its it this that "
    "all every each per some any new current now".split()
)


def _stems(text: str) -> set[str]:
    """Content words of `text` without inflection, cut to five letters, so "response" meets "respond", "tickets"
    meets "ticket" and "shipping" meets "ship"."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    return {lemma(w)[:5] for w in words if w not in _TOPIC_STOP and (len(w) > 2 or any(c.isdigit() for c in w))}


def named_slot(key: str) -> bool:
    """A predicate that names a thing with one value ("travel_budget", "budget"), not a sentence's verb."""
    return "_" in key or key in FIGURE_HEADS


def in_changed_topic(candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A change of a thing the user told in other words takes the known fact's slot, so the old value ends.

    "we relaxed our P1 response target to 20 minutes" after "Our team agreed to respond to P1 tickets within
    10 minutes" is read as the slot `p1_response_target`, which the first fact (`decided`) never filled: both
    would stay current and the older one would be answered. A change (the rules name its verb) of the user's or
    the team's thing whose words meet exactly one known fact of the same owner, and no fact of its own slot,
    replaces that fact. Nothing is guessed when two known facts meet it equally.
    """
    if candidate.contradicts or not _CHANGED_RE.search(candidate.statement.strip()):
        return candidate
    subject, predicate = subject_key(candidate.subject), predicate_key(candidate.predicate)
    active = [k for k in known_facts if k.get("status", "active") == "active"]
    mine = [k for k in active if subject_key(str(k.get("subject", ""))) == subject]
    if any(same_slot(predicate_key(str(k.get("predicate", ""))), predicate) for k in mine):
        return candidate
    topic = _stems(candidate.predicate)
    # Only a fact stated as a whole sentence ("decided", "promises", "tracks") may be that thing in other words; a
    # named slot ("travel_budget", "budget") is judged by `same_slot`: "the marketing budget" is another one.
    mine = [k for k in mine if not named_slot(predicate_key(str(k.get("predicate", ""))))]
    scored = sorted(((len(topic & _stems(str(k.get("statement") or ""))), i) for i, k in enumerate(mine)), reverse=True)
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return candidate
    # Named by its statement, the one row ends; its predicate is not taken: "decided" holds many decisions.
    return candidate.model_copy(update={"contradicts": str(mine[scored[0][1]].get("statement") or "") or None})
