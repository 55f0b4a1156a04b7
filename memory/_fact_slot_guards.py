"""Near misses of the slot-change rule: a figure or a thing said about the slot that is not its new value.

"We've now spent $25k of the trade show budget" tells a part of the budget, not the budget; "The shift handover call
is now at 4pm" or "Sofia, our new hire, gets a travel budget of 3k" speak of another thing or another person's than
the user's own shift or budget; "I closed 31 deals last quarter" counts deals without naming the target it is
measured against. Read from grammar only: where the value stands, who the message speaks of, what it names.
"""

from __future__ import annotations

import re

from cognicore.memory._fact_keys import lemma

__all__ = ["a_part", "names_the_head", "slot_is_mine", "speaks_of_mine"]

# Verbs that tell what was done with an amount ("spent $25k", "used 3 of the licences"), not what the slot now holds.
_SPENT = frozenset("spent spend spending used using paid pay paying burned burnt blew blown owe owes owed".split())
_SINGULAR_FIRST = frozenset("i i'm i've i'd i'll me my mine myself".split())
# What may stand before the slot word when the slot opens the sentence ("update: the goal got lowered ...").
_OPENERS = frozenset("the so and but oh ok okay btw fyi update correction actually sorry oops well".split())
# Words after the slot word that go on with its sentence (a verb or an adverb), not another noun it modifies.
_GOES_ON = frozenset(
    "is are was were has have had got gets get went goes go moved moves changed changes starts started ends ended "
    "runs ran became becomes will would now just also then".split()
)


def a_part(tokens: list[str], start: int, end: int) -> bool:
    """Is the figure at tokens[start:end] a part of the slot ("$25k of the budget") or an amount spent from it?"""
    after = tokens[end].lower() if end < len(tokens) else ""
    return after == "of" or bool({t.lower() for t in tokens[max(0, start - 2) : start]} & _SPENT)


def speaks_of_mine(tokens: list[str], slot: set[int], *, mine: bool) -> bool:
    """Can the slot words at positions `slot` be the user's own thing? A message with no "I/me/my" speaks of it only
    when the slot opens the sentence and goes on with its verb ("the goal got lowered to 24/day"), not as another
    noun's modifier ("the shift handover call") nor after another subject ("the new intern got a work laptop")."""
    if not slot or not mine or {t.lower() for t in tokens} & _SINGULAR_FIRST:
        return True
    at = min(slot)
    if any(t.lower() not in _OPENERS for t in tokens[:at]):
        return False
    while at + 1 in slot:  # the slot's own words ("lunch break")
        at += 1
    after = tokens[at + 1].lower() if at + 1 < len(tokens) else ""
    return after in _GOES_ON or after.endswith("ed")


def names_the_head(words: set[str], predicate: str, statement: str) -> bool:
    """Does a message (its lemmas) name the head noun of a possessed slot ("target" of "The user's target is closing
    25 deals a quarter")? A slot said by a verb ("The user aims to close ...") has no head to name."""
    phrase = predicate.replace("_", " ").strip().lower()
    low = statement.lower()
    possessed = any(f"{owner} {phrase}" in low for owner in ("user's", "our", "my"))
    return not possessed or not phrase or lemma(phrase.split()[-1]) in words


def slot_is_mine(message: str, slot: set[str], *, mine: bool) -> bool:
    """`speaks_of_mine` for a message's text and the lemmas of a slot's name ("lunch break")."""
    tokens = re.findall(r"[A-Za-z][\w']*|\d\S*", message.replace("\u2019", "'"))
    return speaks_of_mine(tokens, {i for i, t in enumerate(tokens) if lemma(t.lower()) in slot}, mine=mine)
