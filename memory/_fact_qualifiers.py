"""Which one of a kind a fact is about: the qualifiers around its head noun ("budget for the spring campaign").

A fact's slot is its head noun WITH its qualifiers: the words right before it ("gym" membership number, "line"
manager), the phrase right after it ("for Q3", "on the Pro plan", "at Salesforce") and who acted on it ("the
library changed my membership number"). A change whose qualifier differs from the known fact's is about another
one of that kind, kept beside it; a change with no qualifier may still be the known one.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_amounts import PERIOD_WORDS
from cognicore.memory._fact_keys import lemma, predicate_key
from cognicore.memory._fact_owners import FRAME, tokens_of
from cognicore.memory._fact_word_classes import DISCOURSE_OPENERS, FUNCTION_WORDS
from cognicore.memory._fact_words import WHICH_VALUE

__all__ = ["ambiguous_kin", "another_qualifier", "qualifier_relation", "qualifiers_in"]

# Prepositions that open a qualifier right after the head noun ("target for Q4", "discount on the Pro plan").
_AFTER = frozenset("for on at in of".split())
# Verbs by which someone or something acts on a thing of the user's ("the library changed my membership number").
_ACTING = frozenset("moved changed reassigned switched swapped gave assigned set put cut raised lowered".split())
_NOT_QUALIFIER = (
    FRAME
    | FUNCTION_WORDS
    | WHICH_VALUE
    | DISCOURSE_OPENERS
    | frozenset(PERIOD_WORDS)
    | frozenset("they someone somebody he she it you now same other own one ones got gets get".split())
)


def _word(token: str) -> str:
    """A token as a qualifier word: its lemma, or '' when it cannot qualify (a function word, a possessive, a figure
    read as a value, a verb of change)."""
    t = token.lower()
    if t in _NOT_QUALIFIER or t.endswith("'s") or t in _ACTING or (not re.match(r"[a-z]", t) and not t[:1].isdigit()):
        return ""
    if len(t) > 5 and t.endswith("ing"):
        return ""  # "spending limit", "parking space": what kind of thing, not which one
    return lemma(t)


def qualifiers_in(text: str, head: str) -> set[str] | None:
    """`_qualifiers` of the first clause of `text` that says `head`: a word across a comma or a dash is no
    qualifier ("correction - gateway is ...")."""
    for clause in _CLAUSE_RE.split(text):
        if (words := _qualifiers(tokens_of(clause), head)) is not None:
            return words
    return None


_CLAUSE_RE = re.compile(r"[.;:!?,()]|\s[-\u2013\u2014]+\s")


def _qualifiers(tokens: list[str], head: str) -> set[str] | None:
    """The qualifier words around the first `head` in `tokens` (None when the head is not said): the word right
    before it and the phrase right after it opened by a preposition."""
    at = _at(tokens, head)
    if at is None:
        return None
    words: set[str] = set()
    if at and (w := _word(tokens[at - 1])) and not tokens[at - 1][:1].isdigit() and w not in WHICH_VALUE:
        words.add(w)  # one word: the one before it may be a verb ("says P3 SLA"); the slot's own are its predicate's
    if at + 1 < len(tokens) and tokens[at + 1].lower() in _AFTER:
        for t in tokens[at + 2 : at + 6]:
            if t.lower() in _DETERMINERS:
                continue
            if t.lower() in FRAME or t.lower() in FUNCTION_WORDS:
                break
            if (w := _word(t)) or t.lower() in WHICH_VALUE:  # "on new accounts": "new" says which accounts
                words.add(w or t.lower())
    return words


_DETERMINERS = frozenset("the a an my our this".split())


def _at(tokens: list[str], head: str) -> int | None:
    return next((i for i, t in enumerate(tokens) if lemma(t.lower()) == head), None)


def _actors(text: str, head: str) -> set[str]:
    """Who acted on the head noun, not a person of the user's ("the library changed my membership number"; not "my
    boss raised my quota")."""
    tokens = tokens_of(text)
    at = _at(tokens, head)
    if at is None:
        return set()
    found = set()
    for i in range(max(0, at - 4), at - 1):
        owned = i > 0 and tokens[i - 1].lower() in ("my", "our")
        if tokens[i + 1].lower() in _ACTING and not owned and "'" not in tokens[i] and (w := _word(tokens[i])):
            found.add(w)
    return found


def qualifier_relation(message: str, known: dict[str, Any], value: str) -> str:
    """How the message's qualifiers of the known fact's head noun compare with the fact's: "other" when both qualify
    it and share no word ("for Q4" and "for Q3", "account manager at Salesforce" and "line manager"), or share only
    the head of the phrase ("the Leeds project", "the York project"); else "same".
    Who acted on it counts only against a slot named by a word before its head ("the library" vs "gym" membership);
    the values themselves qualify nothing ("on Thursdays now, not Fridays")."""
    words = [lemma(w) for w in predicate_key(str(known.get("predicate", ""))).split("_") if w]
    if not words or words[-1] in _NOT_QUALIFIER or words == ["note"]:
        return "same"  # no head noun ("based_in"), or a note
    head = words[-1]
    said = qualifiers_in(message, head)
    held = qualifiers_in(str(known.get("statement") or ""), head)
    if said is None or held is None:
        return "same"
    held |= {w for w in map(_word, predicate_key(str(known.get("predicate", ""))).split("_")[:-1]) if w}  # "gym"
    slot = set(words) & {lemma(t.lower()) for t in tokens_of(message)}
    values = {lemma(t.lower()) for t in tokens_of(f"{value} {known.get('object', '')}")}
    said, held = said - slot - values, held - slot - values
    if not said and set(words[:-1]) - slot:
        said = _actors(message, head) - slot - values
    if not said or not held or said <= held or held <= said:
        return "same"
    if not said & held:
        # "finance trimmed the Q2 advertising budget" names "Q2" of "our ads budget for Q2": that one, in other words
        return "same" if held & {lemma(t.lower()) for t in tokens_of(message)} else "other"
    # "the Leeds project" and "the York project": one kind of thing, two of them; "new customers" and "new accounts",
    # "the spring campaign" and "the spring push": the same one in other words
    last = _phrase_head(message, head)
    return "other" if last is not None and last == _phrase_head(str(known.get("statement") or ""), head) else "same"


def _phrase_head(text: str, head: str) -> str | None:
    """The last word of the phrase right after the head noun ("campaign" of "budget for the spring campaign")."""
    for clause in _CLAUSE_RE.split(text):
        tokens = tokens_of(clause)
        at = _at(tokens, head)
        if at is None:
            continue
        if at + 1 >= len(tokens) or tokens[at + 1].lower() not in _AFTER:
            return None
        last = None
        for t in tokens[at + 2 : at + 6]:
            if t.lower() in _DETERMINERS:
                continue
            if t.lower() in FRAME or t.lower() in FUNCTION_WORDS:
                break
            last = lemma(t.lower())
        return last
    return None


def another_qualifier(message: str, known: dict[str, Any], value: str) -> bool:
    """Does `message` surely speak of another one of the known fact's kind (`qualifier_relation` "other")?"""
    return qualifier_relation(message, known, value) == "other"


def _ends(predicate: str) -> tuple[str, str]:
    """The first and last word of a predicate: its head noun is one of them ("budget", "budget_for_summer")."""
    words = [lemma(w) for w in predicate_key(predicate).split("_") if w] or [""]
    return words[0], words[-1]


def ambiguous_kin(message: str, subject: str, predicate: str, value: str, known: list[dict[str, Any]]) -> bool:
    """Does a change with no qualifier of its own ("our budget got cut to $15k") fit two known facts of its head
    noun qualified otherwise ("for the spring campaign", "for the summer campaign"), so which one is not known?"""
    words = [lemma(w) for w in predicate_key(predicate).split("_") if w]
    if not words or words[-1] in _NOT_QUALIFIER:
        return False
    head = words[-1]
    values = {lemma(t.lower()) for t in tokens_of(value)}
    if ((qualifiers_in(message, head) or set()) | _actors(message, head)) - {head} - values:
        return False  # the message says which one ("the library changed my membership number")
    kin = [
        k for k in known
        if str(k.get("subject", "")).lower() == subject.lower()
        and head in _ends(str(k.get("predicate", "")))
        and (qualifiers_in(str(k.get("statement") or ""), head) or set())
        - {lemma(t.lower()) for t in tokens_of(str(k.get("object", "")))}
    ]  # fmt: skip
    return len(kin) >= 2
