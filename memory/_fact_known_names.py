"""The user's message with what memory knows written in: the people named before as names, "the X" as "my X" or
"our X" when only the user or only the team holds X, so the rules that read a person or an owner find them."""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_keys import predicate_key, subject_key
from cognicore.memory._fact_topic import named_slot
from cognicore.memory._fact_words import NOT_NAMES, holds_person

__all__ = ["known_people", "with_known_names", "with_known_owners"]

_NAME_RE = re.compile(r"^(?-i:[A-Z])[a-z'-]{2,}$")
# The relations whose subject is a person ("Raj joined the night team", "Mei works in Berlin").
_PERSON_SUBJECT = frozenset("team works_as works_in works_at role job lives_in is_from".split())


def known_people(known_facts: list[dict[str, Any]]) -> set[str]:
    """The people the user named before, as they wrote them: one capitalised word in a person's place."""
    people = set()
    for k in known_facts:
        person = [k.get("object")] if holds_person(k) else []
        if str(k.get("predicate", "")).lower() in _PERSON_SUBJECT:
            person.append(k.get("subject"))
        people |= {str(v).strip() for v in person if _NAME_RE.match(str(v or "").strip())}
    return {name for name in people if name.lower() not in NOT_NAMES}


def with_known_names(message: str, known_facts: list[dict[str, Any]]) -> str:
    """`message` with the people the user named before written as names: the rules read a person by the capital
    letter ("Ben handles VPN tickets"), which people typing fast leave out ("ben also handles email tickets").
    Only people: "two teams handle billing now" keeps its common noun after "We use Teams"."""
    for name in known_people(known_facts):
        message = re.sub(rf"(?<![\w'-]){name.lower()}(?![\w'-])", name, message)
    return message


def with_known_owners(message: str, known_facts: list[dict[str, Any]]) -> str:
    """`message` with "the X" written "our X" (or "my X") when X is a slot only the team (or the user) holds.

    "we switched to UPS and the returns window is 14 days now" after "our returns window is 30 days": the rules
    read a thing of the user's or the team's by its owner; "the" names the one known, so it changes that one.
    """
    owners: dict[str, set[str]] = {}
    for k in known_facts:
        key = predicate_key(str(k.get("predicate", "")))
        owner = subject_key(str(k.get("subject", "")))
        if owner in ("we", "user") and named_slot(key):
            owners.setdefault(key.replace("_", " "), set()).add("our" if owner == "we" else "my")
    for slot, held in owners.items():
        if len(held) == 1:  # both "my" and "our" budget known: "the budget" is either
            # only the slot itself, then its verb or the end: "the budget of the Berlin office", "the budget
            # committee" name other things
            slot_then = rf"{re.escape(slot)}(?:\s+(?:is|are|was|were|has|have|had|went|goes|got|changed|moved|will|"
            slot_then += r"stays?|becomes?|now)\b|\s*[,.;!?]|\s*$)"
            message = re.sub(rf"\bthe\s+(?={slot_then})", f"{next(iter(held))} ", message, flags=re.I)
    return message
