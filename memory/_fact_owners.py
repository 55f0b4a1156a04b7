"""Whose thing a statement speaks of: the user's own, or another person's named by a possessive or a pronoun.

"Omar's standup is at 9:45 now" or "Sam got a new phone, his is a Pixel" speak of another person's thing than the
user's standup or phone; read from grammar only (possessives, pronouns, a named person doing something).
"""

from __future__ import annotations

import re

from cognicore.memory._fact_keys import lemma
from cognicore.memory._fact_slot_guards import is_verb_form
from cognicore.memory._fact_word_classes import BEING, FIRST_PLURAL, FIRST_SINGULAR, THIRD_SINGULAR
from cognicore.memory._fact_words import NOT_NAMES, PERSON_ROLES

__all__ = ["FIRST_PERSON", "FRAME", "others_thing", "tokens_of"]

# A figure with its scale or clock suffix in either case ("$2.1M", "95k", "9am"), or a word.
_TOKEN_RE = re.compile(r"[$\u20ac\u00a3]?\d(?:[\d,.:]*\d)?(?:\s?(?i:k|m|bn|am|pm)\b)?|[A-Za-z][\w']*")
# Words of a statement that name neither its slot nor its value: whose it is, the copula, the note's frame.
FRAME = frozenset(
    "the a an of on at in by to for with from is are was were be been am our my we us i me user user's "
    "said it it's its this that these those and or but so now has have had do does every most each other "
    "will would can could their his her mine ours up down".split()
)
_POSSESSIVE_RE = re.compile(r"^([a-z][\w-]*)'s$")
# Words before "'s" that name no other person: a contraction ("it's", "what's"), a period ("next quarter's budget"),
# or the user's own team or company ("the team's target").
_NOT_OWNERS = frozenset(
    "it that what who there here he she let where how today tomorrow yesterday tonight day week weekend month "
    "quarter year season team company department group business everyone".split()
)


def tokens_of(text: str) -> list[str]:
    """The words and figures of a text; a hyphenated word is its parts ("on-call" names the slot "call")."""
    return _TOKEN_RE.findall(re.sub(r"(?<=[A-Za-z])-(?=[A-Za-z])", " ", text.replace("\u2019", "'")))


def _owners(tokens: list[str]) -> set[str]:
    """Whose things a statement names by a possessive ("Lena's shift", "ben's"), besides the user's and the team's."""
    # "standup's at 9:30" is "standup is": an owner is followed by the thing owned, not a small word or a figure
    return {
        m.group(1)
        for t, after in zip(tokens, [*tokens[1:], ""], strict=True)
        if (m := _POSSESSIVE_RE.match(t.lower())) and m.group(1) not in _NOT_OWNERS
        and after[:1].isalpha() and after.lower() not in FRAME and not is_verb_form(after)
    }  # fmt: skip


# "Lena manages 9 accounts now": a named person doing it now, the clause going on ("Good news, ..." does not)
_NAME_DOES = re.compile(r"^\W*(?P<name>[A-Z][a-z]+) (?:is|was|has|[a-z]+[^s\W]s) (?=\w)")
FIRST_PERSON = FIRST_SINGULAR | FIRST_PLURAL


def _someone_else(tokens: list[str]) -> bool:
    """Does a statement speak of another person's things by a pronoun ("Ben got a laptop, his is ...")?"""
    return bool({t.lower() for t in tokens} & THIRD_SINGULAR)


def others_thing(message: str, statement: str) -> bool:
    """Does `message` speak of another person's thing that `statement` (a known fact) does not name: "Omar's
    standup is at 9:45 now" for "Our standup is at 9:15", "Sam got a new phone, his is a Pixel" for my phone?"""
    said, known = tokens_of(message), tokens_of(statement)
    if not {t.lower() for t in known} & (FIRST_PERSON | {"user", "user's"}):
        return False  # a fact of a named person or thing: a hand-over ("Lukas quit, Mei owns it now") may change it
    slot = {lemma(t.lower()) for t in known}  # "Engineer's coming Friday": the slot's own thing, not an owner
    if {o for o in _owners(said) - _owners(known) if lemma(o) not in slot} or (
        _someone_else(said) and not _someone_else(known)
    ):
        return True
    if _role_does(message, said, known):
        return True
    named = _NAME_DOES.match(message)
    if named is None or named["name"].lower() in NOT_NAMES:
        return False
    return not {t.lower() for t in said} & FIRST_PERSON


# "My manager covers <area> these days", "our lead runs the queue now": a person the user names by a role does
# something; unless it is done to the user's own thing ("my boss raised my quota", "my lead moved me").
_ROLE_DOES = re.compile(r"^\W*(?:my|our)\s+(?:new\s+|old\s+|current\s+)?(?P<role>[a-z-]+)\s+(?P<verb>[a-z']+)\b", re.I)
_BEING = BEING | frozenset("'s will would being been".split())


def _role_does(message: str, said: list[str], known: list[str]) -> bool:
    """Does `message` open with a person named by a role ("my manager") doing something to no thing of the user's,
    a role the known fact does not name?"""
    m = _ROLE_DOES.match(message.replace("\u2019", "'"))
    if m is None or lemma(m["role"].lower()) not in PERSON_ROLES or m["verb"].lower() in _BEING:
        return False
    if lemma(m["role"].lower()) in {lemma(t.lower()) for t in known}:
        return False  # "my manager wants it on Thursdays now" after "My manager wants the report every Friday"
    return sum(t.lower() in FIRST_PERSON for t in said) == 1  # the opening "my" is the only first person
