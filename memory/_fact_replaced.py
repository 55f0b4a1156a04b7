"""The one known fact a change replaces when the change names neither its slot nor its value as stored.

"my on-call day is Thursday now instead of Tuesday" after "I'm on call every Tuesday" (stored as the user `is`
"on call"): the old value named is in the known fact's statement, not its object. "from this week on I'm covering
Asia Pacific instead" after "I look after the Europe region": a thing the user holds now "instead", with no old
one named, replaces the one thing they held. In both, exactly one known fact must fit; two or none: no guess.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import normalize, predicate_key, subject_key

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["held_instead", "named_in_statement"]

# "instead" said alone: the new thing replaces the old one without naming it ("instead of X" names it).
_INSTEAD_RE = re.compile(r"\binstead\b(?!\s+of\b)", re.I)
# Said as an addition, the old thing is kept.
_ADDED_RE = re.compile(r"\b(?:too|also|as\s+well|additionally|another|in\s+addition)\b", re.I)


def _active(known_facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [k for k in known_facts if k.get("status", "active") == "active" and k.get("predicate") != "note"]


def named_in_statement(candidate: FactCandidate, known_facts: list[dict[str, Any]], old: str) -> FactCandidate:
    """`candidate` naming as contradicted the one known fact of its subject whose statement holds the old value
    `old` as a word (its object does not): "instead of Tuesday" ends "The user is on call every Tuesday."."""
    word = normalize(old)
    if not word:
        return candidate
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    owner = subject_key(candidate.subject)
    holding = [
        k for k in _active(known_facts)
        if subject_key(str(k.get("subject", ""))) == owner
        and pattern.search(normalize(str(k.get("statement") or "")))
        and not pattern.search(normalize(candidate.statement))
    ]  # fmt: skip
    if len(holding) != 1:
        return candidate
    return candidate.model_copy(update={"contradicts": str(holding[0].get("statement") or "") or None})


def held_instead(message: str, candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A thing handled "instead" by someone who held exactly one other thing: that thing's fact is replaced."""
    if candidate.contradicts or predicate_key(candidate.predicate) != "handled_by":
        return candidate
    if not _INSTEAD_RE.search(message) or _ADDED_RE.search(message):
        return candidate
    holder, thing = normalize(candidate.object), subject_key(candidate.subject)
    held = [
        k for k in _active(known_facts)
        if predicate_key(str(k.get("predicate", ""))) == "handled_by"
        and normalize(str(k.get("object", ""))) == holder
        and subject_key(str(k.get("subject", ""))) != thing
    ]  # fmt: skip
    if len(held) != 1:
        return candidate
    return candidate.model_copy(update={"contradicts": str(held[0].get("statement") or "") or None})
