"""Whose clause is whose: a message telling of another person's thing and of the user's own, clause by clause.

"my extension stays 2291 but Dana's is now 2305"; "Chloe is Ana's team lead, mine is Marcus"; "Kim's team lead is
Farah now; mine hasn't changed". Each clause has its owner: only the user's clauses may touch the user's facts, with
the noun one clause leaves out ("mine", "Dana's is") taken from the other; a clause of the user's that says theirs
stays ("stays", "still", "unchanged", "hasn't changed", "is right") confirms, it never changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cognicore.memory._fact_word_classes import DISCOURSE_OPENERS
from cognicore.memory._fact_words import NOT_NAMES

__all__ = ["Owned", "confirms_only", "owned_clauses"]

# Clauses of their own (not "while Priya is on leave", which says when the rest holds).
_CLAUSES_RE = re.compile(
    r"\s*[;\u2014\u2013]\s*|\s+-+\s+|\s*,\s*(?:(?:but|and)\s+)?(?!(?:while|whereas|though|although|when|until)\b)"
    r"|\s+but\s+|\s+and\s+(?=(?:my|mine|i|i'm)\b)",
    re.I,
)
# Another person's thing: "Dana's", "Ana's team lead", "his/her/their shift" (not "it's", "that's", "what's").
_OTHERS_RE = re.compile(
    r"\b(?!(?:It|That|What|There|Here|Who|He|She|Let|Everyone|Nobody|Today|Tomorrow)'s)[A-Z][a-z]+'s\b"
    # "Marcus's my team lead now": "'s" before a determiner or an adverb is "is", no possessive
    r"(?!\s+(?:my|our|your|a|an|the|on|in|at|off|not|now|just|still|also|back|only|really|actually)(?![\w-]))"
    r"|\b(?:his|her|their)\s+(?!own\b)[a-z]"
    # "Priya moved over to Benelux": a named person doing something, as the clause's subject
    r"|^(?P<name>[A-Z][a-z]+)\s+(?:has\s+|just\s+|now\s+)?(?:moved|switched|went|joined|left|took|transferred|"
    r"got|is\s+(?:now\s+)?(?:on|covering|moving|taking))\b",
)
_NOT_A_PERSON = NOT_NAMES | DISCOURSE_OPENERS
_MINE_RE = re.compile(r"\b(?:mine|my|i|i'm|i've|me)\b", re.I)
# The user's own said to hold: it confirms the known value, it changes nothing.
_CONFIRMS_RE = re.compile(
    r"\b(?:stays?|stayed|remains?|still|unchanged|untouched|the\s+same|as\s+(?:it\s+)?(?:is|was)|"
    r"(?:has|have|did|does)\s*(?:n't|not)\s+(?:been\s+)?change[ds]?|(?:didn't|did\s+not|hasn't|has\s+not)$|is\s+(?:right|correct|fine|ok|okay))\b",
    re.I,
)
# Where a noun phrase ends: a verb of being or of change, "now", or the clause's end.
_VERB = r"(?:is|are|was|were|has|have|had|got|gets|stays?|remains?|changed|moved|went|now|still)\b"
_NOUN_END = rf"(?=\s+{_VERB}|\s*$)"
_HER_NOUN_RE = re.compile(rf"\b[A-Z][a-z]+'s\s+(?!{_VERB})(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?){_NOUN_END}")
_MY_NOUN_RE = re.compile(rf"\bmy\s+(?!{_VERB})(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?){_NOUN_END}", re.I)
_BARE_OWNER_RE = re.compile(r"\b(?P<who>[A-Z][a-z]+)'s\s+(?=(?:is|was|has|got|changed|moved|went|now)\b)")


@dataclass(frozen=True, slots=True)
class Owned:
    """A message split by owner: the user's clauses as one text ('' when none), whether they only confirm what holds,
    and the other people's clauses, each with the noun it left out restored."""

    mine: str
    confirms: bool
    others: tuple[str, ...]


def owned_clauses(message: str) -> Owned | None:
    """The user's and other people's clauses of `message`, when it has both; else None (one owner)."""
    text = message.replace("\u2019", "'").strip()
    clauses = [c.strip(" .!") for c in _CLAUSES_RE.split(text) if c and c.strip(" .!")]
    others = [c for c in clauses if (m := _OTHERS_RE.search(c)) and (m["name"] or "").lower() not in _NOT_A_PERSON]
    mine = [c for c in clauses if c not in others and _MINE_RE.search(c)]
    if not others or not mine:
        return None
    her_noun = next((m["noun"] for c in others if (m := _HER_NOUN_RE.search(c))), None)
    my_noun = next((m["noun"] for c in mine if (m := _MY_NOUN_RE.search(c))), None)
    if my_noun is not None:
        others = [_BARE_OWNER_RE.sub(lambda m: f"{m['who']}'s {my_noun} ", c) for c in others]
    if her_noun is not None:
        mine = [re.sub(r"\bmine\b", f"my {her_noun}", c, flags=re.I) for c in mine]
    told = ". ".join(f"{c[:1].upper()}{c[1:]}" for c in mine)
    return Owned(f"{told}.", all(_CONFIRMS_RE.search(c) for c in mine), tuple(others))


_CONFIRMING_VALUE_RE = re.compile(
    r"^(?:still\s+)?(?:right|correct|fine|ok|okay|unchanged|untouched|the\s+same|same|as\s+(?:it\s+)?(?:is|was))$", re.I
)


def confirms_only(value: str) -> bool:
    """Is a value read from "the quota is right", "my desk is unchanged" only a confirmation that the slot holds?"""
    return bool(_CONFIRMING_VALUE_RE.match(value.strip(" .!")))
