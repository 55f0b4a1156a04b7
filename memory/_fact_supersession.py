"""The supersession check of offline extraction: a fact read from a message ends a known fact only when the part of
the message that carries its new value is a real change of the same owner's slot.

Every rule of extraction proposes facts; whichever proposed one, this check runs last, on the clause that says the
new value, and keeps the old fact (the message kept beside it in the user's words) when that clause:
- is a third party's (a named person, another group, "he"/"they") while the fact gives the value to the user or the
  user's team ("Ben switched over to the Wi-Fi queue" is Ben's queue, not the user's);
- is not said as holding: only supposed, wished or expected ("there's talk I could ...", "hoping to move to ...",
  "... one day"), or bounded to one occasion ("for the launch week only", "only during the sale").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_notes import is_note
from cognicore.memory._fact_owners import tokens_of
from cognicore.memory._fact_third_party import third_party
from cognicore.memory._fact_words import TEMPORARY

if TYPE_CHECKING:
    from cognicore.memory.extraction import FactCandidate

__all__ = ["not_a_change_of_slot"]

# Where one clause ends and another begins: a sentence's end, a semicolon, a dash, "but", "whereas".
_CLAUSE_END = re.compile(r"[.;!?]+\s+|\s+[-\u2013\u2014]+\s+|,?\s+\b(?:but|whereas|while\s+(?=[A-Z]))\b\s*")
# Not said as holding now: supposed, feared, wished, rumoured, or for a vague day to come.
_NOT_HOLDING = re.compile(
    r"\b(?:might|may\s+(?:be|get|have|end|go|move|switch)|could|would(?!\s+(?:rather|prefer))|should\s+(?:be|get)"
    r"|expected|supposed|scheduled|planned|planning|slated|likely|possibly|probably|perhaps|maybe"
    r"|hop(?:e|es|ing)|hopefully|wish(?:es|ing)?|thinking\s+(?:of|about)|considering|talk(?:s|ing)?\s+(?:of|about)"
    r"|there'?s\s+talk|rumou?r(?:ed|s)?|in\s+case|if|unless|once\s+(?:i|we|the)"
    r"|one\s+day|some\s*day|eventually|at\s+some\s+point|in\s+(?:the\s+)?future|down\s+the\s+(?:line|road))\b"
    r"|'d\s+(?:love|like)\s+to\b|\bwould\s+(?:love|like)\s+to\b",
    re.I,
)
# Bounded to one occasion: "for the holiday promo only", "only during the sale", "just for the offsite".
_ONE_OCCASION = re.compile(
    rf"\b(?:for|during|on|over|at|through|in)\s+(?:[\w'-]+\s+){{1,4}}?only\b"
    rf"|\bonly\s+(?:for|during|while|until|till|through|over|this|next|today|tomorrow|tonight)\b"
    rf"|\bjust\s+(?:for|during|while|until|till|over)\b|\b(?:{TEMPORARY})\b",
    re.I,
)


def not_a_change_of_slot(message: str, fact: FactCandidate, known_facts: list[dict[str, Any]]) -> str | None:
    """Why `fact` must not end the known fact it would replace (a third party's clause, a change not said as holding,
    or one bounded to one occasion), or None when it replaces nothing or its clause is a real change of that slot."""
    if not _replaces(fact, known_facts):
        return None
    clause = _clause_of(message, fact.object)
    owner, holder = third_party(clause), subject_key(fact.subject)
    # A group other than "we" may be the user's own team ("the sales team switched to ..."): only a person is another.
    if owner and (holder == "user" or (holder == "we" and owner[:1].isupper() and " " not in owner)):
        return f"it is {owner}'s"
    if _NOT_HOLDING.search(clause):
        return "it is not said as holding"
    if _ONE_OCCASION.search(clause):
        return "it holds for one occasion"
    return None


def _replaces(fact: FactCandidate, known_facts: list[dict[str, Any]]) -> bool:
    """Would the store end a known fact with `fact`: one it names, or another value of its exclusive slot?"""
    if fact.contradicts:
        return True
    if not fact.exclusive:
        return False
    keys = (subject_key(fact.subject), predicate_key(fact.predicate), normalize(fact.object))
    return any(
        k.get("status", "active") == "active" and not is_note(k)
        and subject_key(str(k.get("subject", ""))) == keys[0]
        and same_slot(predicate_key(str(k.get("predicate", ""))), keys[1])
        and normalize(str(k.get("object", ""))) != keys[2]
        for k in known_facts
    )  # fmt: skip


def _clause_of(message: str, value: str) -> str:
    """The clause of `message` that names most of `value`'s words (the whole message when none does)."""
    clauses = [c.strip() for c in _CLAUSE_END.split(message.replace("\u2019", "'")) if c and c.strip()]
    wanted = {t.lower() for t in tokens_of(value)}
    scored = [(len(wanted & {t.lower() for t in tokens_of(c)}), c) for c in clauses]
    best = max(scored, default=(0, message), key=lambda sc: sc[0])
    return best[1] if best[0] else message
