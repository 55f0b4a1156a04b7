"""A named person taking over what the user held: "Jonas took over Europe" after "I run the European accounts".

Read as "Europe is handled by Jonas", the thing is named in a shorter or other form than the user's own ("Europe"
for "European accounts", "the Nordics" for "the Nordic partners"), so the store would keep the user's fact current
beside it. When exactly one thing the user handles starts with the same word stem, the hand-over is of that thing:
it takes the known thing's name, and the user's fact ends. Two such things, or none: nothing is guessed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import predicate_key, subject_key

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["taken_over_from_user"]

_STEM = 5  # letters two words share at their start to be one stem ("europe"/"european", "nordic"/"nordics")


def _first_word(text: str) -> str:
    words = re.findall(r"[a-z]+", re.sub(r"^\s*(?:the|a|an)\s+", "", text.lower()))
    return words[0] if words else ""


def _one_stem(a: str, b: str) -> bool:
    n = min(len(a), len(b))
    return n >= _STEM and a[:_STEM] == b[:_STEM] and (a.startswith(b) or b.startswith(a) or a[: n - 1] == b[: n - 1])


def taken_over_from_user(candidate: FactCandidate, known: list[dict[str, Any]]) -> FactCandidate:
    """A hand-over to a named person (`handled_by`) of a thing the user handles under a fuller name: that thing."""
    if predicate_key(candidate.predicate) != "handled_by" or candidate.contradicts:
        return candidate
    if subject_key(candidate.object) == "user" or not candidate.object[:1].isupper():
        return candidate
    thing = subject_key(candidate.subject)
    if any(subject_key(str(k.get("subject", ""))) == thing for k in known):
        return candidate  # the thing itself is known: the store replaces its holder
    stem = _first_word(candidate.subject)
    mine = [
        k for k in known
        if k.get("status", "active") == "active" and predicate_key(str(k.get("predicate", ""))) == "handled_by"
        and subject_key(str(k.get("object", ""))) == "user"
        and _one_stem(_first_word(str(k.get("subject", ""))), stem)
    ]  # fmt: skip
    if len(mine) != 1 or not stem:
        return candidate
    held = str(mine[0].get("subject") or "")
    return candidate.model_copy(
        update={
            "subject": held,
            "statement": f"{candidate.object} is responsible for {held}.",
            "contradicts": str(mine[0].get("statement") or ""),
            "exclusive": True,
        }
    )
