"""A new value placed in the slot of a fact the user told before, in that fact's own words.

"I swapped rooibos for flat whites" after "I have been drinking rooibos" keeps the drink's slot; "My shift got moved
to 9am" after "My shift starts at 7am" rewords the older statement with the new value, so the store supersedes it
and a later question worded like the first statement finds the current value.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_replaced import figure_swapped, named_in_statement, near_slot

if TYPE_CHECKING:  # extraction imports this module: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate

__all__ = ["in_known_slot", "in_known_wording"]


def in_known_slot(candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A change naming an old value the user stated before takes that fact's slot and wording.

    "I swapped rooibos for flat whites" after "I have been drinking rooibos" is a new drink, not a new tool:
    the known fact's subject, predicate and category are kept and its statement is reworded with the new
    value, so the store supersedes the old fact and later questions find the new one in the same words.
    """
    old = (candidate.contradicts or "").strip().lower()
    if candidate.predicate.startswith(("no_longer", "not_", "does_not", "is_not", "stopped")):
        return candidate
    if not old:
        return in_known_wording(candidate, known_facts)
    for known in known_facts:
        held = str(known.get("object", "")).strip().lower()
        # "Salesforce" names "Salesforce as the CRM": the slot is kept, and its wording with the new value.
        if known.get("status", "active") != "active" or not (held == old or held.startswith(old + " ")):
            continue
        if str(known.get("subject", "")).strip().lower() != candidate.subject.strip().lower():
            continue
        statement = str(known.get("statement") or "")
        reworded = re.sub(re.escape(old), candidate.object, statement, count=1, flags=re.I)
        return candidate.model_copy(
            update={
                "predicate": known.get("predicate") or candidate.predicate,
                "category": known.get("category") or candidate.category,
                "kind": known.get("kind") or candidate.kind,
                "exclusive": True,
                "statement": reworded if reworded != statement else candidate.statement,
            }
        )
    holder = _held_by_the_old_person(candidate, known_facts, old)
    return holder if holder is not candidate else named_in_statement(candidate, known_facts, old)


def _held_by_the_old_person(candidate: FactCandidate, known_facts: list[dict[str, Any]], old: str) -> FactCandidate:
    """ "Bruno handed the pager over to Lucia" after "Bruno is on call": the one thing the old person held.

    A hand-over names the person, not always the thing in the words first used: when the old person holds
    exactly one thing of the same relation, the new person holds that thing now. Two or more: nothing is guessed.
    """
    held = [
        k for k in known_facts
        if k.get("status", "active") == "active" and k.get("predicate") == candidate.predicate
        and str(k.get("object", "")).strip().lower() == old
    ]  # fmt: skip
    if candidate.predicate != "handled_by" or len(held) != 1:
        return candidate
    return candidate.model_copy(update={"subject": str(held[0].get("subject") or candidate.subject), "exclusive": True})


_AGENT_RE = re.compile(r"^\W*the\s+user\s+(?!is\b|has\b|was\b)[a-z]+s\b", re.I)


def _agent(statement: str) -> bool:
    """Is the user the one who does it ("The user mentors Sam Lee"), not the one who has it ("The user's mentor is
    Olga")? The same word the other way round is another relation, never a new value of the other."""
    return bool(_AGENT_RE.match(statement))


def in_known_wording(candidate: FactCandidate, known_facts: list[dict[str, Any]]) -> FactCandidate:
    """A new value of a slot the user filled before, said in the words of the known fact.

    "My shift got moved to 9am" after "My shift starts at 7am" becomes "The user's shift starts at 9am.": the
    older statement with the new value, so a later question worded like the first statement ("when do I
    start?") finds the current value, not only the superseded one.
    """
    if not candidate.exclusive:
        return candidate
    subject, predicate = subject_key(candidate.subject), predicate_key(candidate.predicate)
    same = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and str(k.get("object", "")).strip()
        and normalize(str(k.get("object", ""))) != normalize(candidate.object)
        and subject_key(str(k.get("subject", ""))) == subject
        and same_slot(predicate_key(str(k.get("predicate", ""))), predicate)
        and _agent(candidate.statement) == _agent(str(k.get("statement") or ""))
    ]  # fmt: skip
    if not same:  # "my shift start is 9am" after "my shift starts at 7am": one slot in fewer words, two clock times
        near = [k for k in known_facts if k.get("status", "active") == "active" and near_slot(k, candidate)]
        near = [k for k in near if _agent(candidate.statement) == _agent(str(k.get("statement") or ""))]
        near = [k for k in near if normalize(str(k.get("object", ""))) != normalize(candidate.object)]
        named = str(near[0].get("statement") or "") if len(near) == 1 else ""
        return candidate.model_copy(update={"contradicts": named}) if named else candidate
    said = _qualifier(candidate.statement, candidate.predicate)
    if said and any(_qualifier(str(k.get("statement") or ""), candidate.predicate) not in ("", said) for k in same):
        # "our budget for the summer campaign" after "our budget for the spring campaign": another slot of its own
        own = re.sub(r"\W+", "_", said)
        return candidate.model_copy(update={"predicate": f"{candidate.predicate}_for_{own}"})
    for known in same:
        value = str(known.get("object", "")).strip()
        statement = str(known.get("statement") or "")
        if (swapped := figure_swapped(value, candidate.object)) is not None:  # "to close 150 tickets per week"
            candidate = candidate.model_copy(update={"object": swapped})
        reworded = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", candidate.object, statement, count=1, flags=re.I)
        # Named as the one it replaces: a known value said without "one at a time" ("We ship from Rotterdam", slot
        # "ships") still ends when the same slot gets one new value ("we moved shipping to Hamburg"); only when it is
        # the one such value: which of two it replaces would be a guess.
        ends = {"contradicts": statement} if statement and not known.get("exclusive") and len(same) == 1 else {}
        if reworded != statement:
            return candidate.model_copy(update={"statement": reworded, **ends})
        if ends:
            return candidate.model_copy(update=ends)
    return candidate


def _qualifier(statement: str, predicate: str) -> str:
    """What a slot is said to be for ("budget for the spring campaign", "max discount on the Pro plan"), or ""."""
    slot = r"[\s_-]+".join(re.escape(w) for w in predicate_key(predicate).split("_") if w)
    m = re.search(
        rf"\b{slot}\s+(?:for|on|of|in|at)\s+(?:the\s+)?(?P<q>[\w-]+(?:\s+[\w-]+){{0,3}}?)\s+(?:is|are|was|were|has|"
        r"got|went|=)\b",
        statement,
        re.I,
    )
    return m["q"].lower() if m and slot else ""
