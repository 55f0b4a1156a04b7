"""A known fact's slot as a change sees it: what it holds, its content words, and a new value put in it.

Shared by the readers of changes against what the user said before (`_fact_known`, `_fact_bare`,
`_fact_reworded`, `_fact_newvalue`, `_fact_relative`), so a change read by any of them keeps the known
slot's subject, predicate and wording, and `FactStore.upsert` supersedes the old value.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import subject_key

if TYPE_CHECKING:  # extraction imports the readers of changes: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

STOP_WORDS = frozenset(
    "the a an and or of on at in by to for with from is are was my our your their this that it all day days "
    "every each per some any one very more less most".split()
)
UNCLEAR_OBJECT = "unclear change"


def in_slot_of(known: dict[str, Any], new: str) -> FactCandidate:
    """A new value for the known fact's slot, in its wording when the old value can be swapped in it."""
    from cognicore.memory.extraction import FactCandidate  # extraction imports the readers of changes

    statement, old = str(known.get("statement") or ""), value_of(known)
    reworded = re.sub(re.escape(old), new, statement, count=1, flags=re.I) if old else statement
    if reworded == statement:
        reworded = re.sub(r"[.\s]+$", "", statement) + f"; now {new}."
    return FactCandidate(
        subject=str(known.get("subject") or "user"),
        predicate=str(known.get("predicate") or "is"),
        object=new,
        kind=known.get("kind") or "fact",
        confidence=0.8,  # the slot was read from what the user said before, not from this sentence alone
        category=str(known.get("category") or "general"),
        statement=reworded,
        contradicts=statement or None,
        exclusive=True,
    )


def value_of(known: dict[str, Any]) -> str:
    """What a known fact holds: its object, or its subject when the object is the user ("desk handled_by user")."""
    obj = str(known.get("object", ""))
    return str(known.get("subject", "")) if subject_key(obj) == "user" else obj


def content_words(text: str) -> list[str]:
    """The content words of `text` (no stop words, not "user"), lower-cased."""
    return [w for w in re.findall(r"[a-z0-9]+", text.lower().replace("_", " ")) if w not in STOP_WORDS and w != "user"]


def stems(text: str) -> list[str]:
    """Content words with a plural "s" dropped, so "new hires" and "new_hire" compare equal."""
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in content_words(text)]
