"""Near misses of the slot-change rule: a figure or a thing said about the slot that is not its new value.

"We've now spent $25k of the trade show budget" tells a part of the budget, not the budget; "The shift handover call
is now at 4pm" or "Sofia, our new hire, gets a travel budget of 3k" speak of another thing or another person's than
the user's own shift or budget; "I closed 31 deals last quarter" counts deals without naming the target it is
measured against. Read from grammar only: where the value stands, who the message speaks of, what it names.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cognicore.memory._fact_keys import lemma
from cognicore.memory._fact_word_classes import (
    ARTICLES,
    DISCOURSE_OPENERS,
    FIRST_SINGULAR,
    FUNCTION_WORDS,
    IRREGULAR_PAST,
    SPENDING_VERBS,
    VALUE_NOUNS,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["a_part", "another_noun", "is_verb_form", "names_the_head", "slot_is_mine", "speaks_of_mine", "words_of"]

# Words right before a figure that make it the size of a change ("by $50k", "went up 10 units", "fell 5k").
_DELTA_BEFORE = frozenset(
    "by up down rose risen grew grown jumped climbed increased fell fallen decreased shrank".split()
)
# What may stand before the slot word when the slot opens the sentence ("update: the goal got lowered ...").
_OPENERS = frozenset({"the"}) | DISCOURSE_OPENERS
# Words after the slot word that go on with its sentence (a verb or an adverb), not another noun it modifies.
_GOES_ON = IRREGULAR_PAST | frozenset(
    "is are was were has have had got gets get went goes go moved moves changed changes starts started ends ended "
    "runs ran became becomes will would now just also then stays stay".split()
)


# Past tenses that open a speaker's news with the "I" left out ("got a new laptop", "bought a bike").
_DIARY_VERBS = IRREGULAR_PAST | frozenset("got bought received picked grabbed swapped switched".split())
# Particles of a phrasal verb after its object ("brought the review forward", "pulled the forecast in").
_PARTICLES = frozenset("forward forwards ahead around along away".split())


def a_part(tokens: list[str], start: int, end: int) -> bool:
    """Is the figure at tokens[start:end] a part of the slot ("$25k of the budget"), an amount spent from it, or the
    size of a change ("raised my quota by $50k", not a clock time "by 5pm"): in each, not the slot's new value?"""
    after = tokens[end].lower() if end < len(tokens) else ""
    before = tokens[start - 1].lower() if start > 0 else ""
    by = before in _DELTA_BEFORE and not re.search(r":|[ap]m$", tokens[start].lower())
    spent = {t.lower() for t in tokens[max(0, start - 2) : start]} & SPENDING_VERBS
    return after == "of" or (by and after not in ("am", "pm")) or bool(spent)


def speaks_of_mine(tokens: list[str], slot: set[int], *, mine: bool) -> bool:
    """Can the slot words at positions `slot` be the user's own thing? A message with no "I/me/my" speaks of it only
    when the slot opens the sentence and goes on with its verb ("the goal got lowered to 24/day"), not as another
    noun's modifier ("the shift handover call") nor after another subject ("the new intern got a work laptop")."""
    if not slot or not mine or {t.lower() for t in tokens} & FIRST_SINGULAR:
        return True
    if tokens and (tokens[0].lower() in _DIARY_VERBS or re.fullmatch(r"(?-i:[a-z]+ed)", tokens[0])):
        # "got a replacement machine yesterday": news of the speaker's, the "I" left out; not when it names who got
        # it ("got Ravi a ...", "... for the new starter", "a user's laptop")
        said = " ".join(tokens)
        return not (
            (len(tokens) > 1 and tokens[1][:1].isupper())
            or re.search(r"\bfor\s+(?!(?:now|good|a\s+while|the\s+(?:day|week|time))\b)", said, re.I)
            or re.search(r"\b(?!(?:it|that|what|there|here|he|she|who)'s)\w+'s\b", said, re.I)
        )
    at = min(slot)
    first = at
    while at + 1 in slot:  # the slot's own words ("lunch break")
        at += 1
    after = tokens[at + 1].lower() if at + 1 < len(tokens) else ""
    if first and tokens[first - 1].lower() == "the" and (not after or after in FUNCTION_WORDS | _PARTICLES):
        return True  # "finance pulled the forecast in": the one known, as "the" says, its noun phrase ending there
    if any(t.lower() not in _OPENERS for t in tokens[:first]):
        return False
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
    tokens = words_of(message)
    return speaks_of_mine(tokens, {i for i, t in enumerate(tokens) if lemma(t.lower()) in slot}, mine=mine)


def words_of(text: str) -> list[str]:
    """The words and figures of a text, in order."""
    return re.findall(r"[A-Za-z][\w']*|\d\S*", text.replace("\u2019", "'"))


def is_verb_form(word: str) -> bool:
    """Is `word` a verb form that follows "X's" when it means "X is / X has" ("Engineer's coming", "standup's moved",
    "Ana's been")?"""
    low = word.lower()
    return low.endswith(("ing", "ed")) or low in _GOES_ON or low in ("been", "gone", "got", "not")


_HOLDER_PREPOSITIONS = frozenset("for of".split())


def another_noun(tokens: list[str], values: Sequence[object], predicate: str, slot: set[str]) -> bool:
    """Does the message name the known slot's head noun only to go on into another thing: a noun it modifies ("the
    partner summit prep call" for the partner summit) or a holder after it ("the on-call for the network team",
    "the manager for the data team") that the known fact does not say?"""
    head = lemma(predicate.replace("_", " ").split()[-1].lower()) if predicate and predicate != "note" else ""
    if not head:
        return False
    taken = {i for v in values for i in range(getattr(v, "start", 0), getattr(v, "end", 0))}
    for i, tok in enumerate(tokens):
        if lemma(tok.lower()) != head or i + 1 >= len(tokens) or i + 1 in taken:
            continue
        nxt = tokens[i + 1].lower()
        if nxt in _HOLDER_PREPOSITIONS:
            rest = [t for t in tokens[i + 2 : i + 5] if t.lower() not in ARTICLES]
            nxt = rest[0].lower() if rest and tokens.index(rest[0], i + 2) not in taken else ""
        if (
            nxt[:1].isalpha()
            and lemma(nxt) not in slot
            and nxt not in _OPENERS
            and not is_verb_form(nxt)
            and nxt not in FUNCTION_WORDS
            and nxt not in VALUE_NOUNS
        ):
            return True
    return False
