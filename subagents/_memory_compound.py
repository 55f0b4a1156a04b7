"""A memory of a compound thing that shares only a word with the asked one is about another thing (review 16, W7):
"which desk did I have before?" is not answered by "The user's desk phone is 555-0140" (a phone), nor "what was my
pager rota before?" by "The user's pager number is 4417" (a number, not a rota). The asked thing is the noun phrase
after "which/what" or "my"; the memory's is the words before its verb ("The user's <thing> is ..."). A head word one
of them adds after a word both share, which the other never names, makes them two things; a word that only says the
kind of value ("number", "name", "code") adds no thing. Exact words: a paraphrase group joins a pager and its rota."""

from __future__ import annotations

import re

from cognicore.memory.text import STOPWORDS, stem

__all__ = ["other_code", "other_compound", "other_ordinal", "unnamed_attribute"]

_ASKED = re.compile(
    r"^\W*(?:(?:remind|tell)\s+me\s*,?\s*)?(?:which|what)(?:'s|\s+(?:is|was|are|were))?\s+(?:(?:my|our|the)\s+)?"
    r"(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})",
    re.I,
)
_SLOT = re.compile(
    r"^\W*(?:the\s+user's|the\s+team's|my|our)\s+(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+(?:is|are|was|were)\b",
    re.I,
)
# Words of a noun phrase that say what kind of value it holds (a number, a figure set as a goal), or whose it is
# (general English): no thing of their own.
_KIND_OF_VALUE = frozenset(
    stem(w)
    for w in """usual own main number no num name code id rate amount figure value level target goal quota limit
    total sum count""".split()
)
_NOT_NOUNS = frozenset(
    """do does did have has had am is are was were will would can could should i we you before previously earlier
    now again currently lately originally these nowadays anymore per for of in on at to from with by about
    right""".split()
)


_WHEN = frozenset("old former previous current new".split())  # "my old pager": which one in time, not what thing


def _phrase(words: str) -> list[str]:
    """A noun phrase's words up to the first function word, verb, pronoun or time word, without its time words."""
    out: list[str] = []
    for word in words.lower().split():
        if word in STOPWORDS or word in _NOT_NOUNS:
            break
        out.append(word)
    return [w for w in out if w not in _WHEN]


def _adds_after(phrase: list[str], other: set[str]) -> str | None:
    """A thing word of `phrase` after one of `other`'s words that `other` lacks: the head of another thing."""
    shared = [i for i, w in enumerate(phrase) if w in other]
    if not shared:
        return None
    return next((w for w in phrase[shared[0] + 1 :] if w not in other and w not in _KIND_OF_VALUE), None)


# "the first half", "first-half", "the 2nd quarter": a part of a period named by its place (general English).
_ORDINAL = re.compile(
    r"\b(?P<nth>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?P<unit>half|quarter|week|month|shift|term)\b", re.I
)
_NTH = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}


def _ordinals(text: str) -> set[tuple[str, str]]:
    return {(_NTH.get(n.lower(), n.lower()), u.lower()) for n, u in _ORDINAL.findall(text)}


def other_ordinal(question: str, memory: str) -> str | None:
    """Why a memory of another numbered part ("the second half") does not answer one asked by its place ("my
    first-half quota?"), or None."""
    asked, told = _ordinals(question), _ordinals(memory)
    for nth, unit in asked - told:
        other = next((n for n, u in told if u == unit), None)
        if other is not None:
            return f"it is about the {other} {unit}, not the {nth} {unit}"
    return None


# "P1", "Q4", "H2", "tier 3" written short: a member of a numbered series (general English shorthand).
_CODE = re.compile(r"\b([a-z]{1,2})(\d{1,2})s?\b", re.I)


def other_code(question: str, memory: str) -> str | None:
    """Why a memory of another member of a numbered series ("P1s") does not answer one asked ("who do I escalate P2s
    to?"), or None."""
    told = {(a.lower(), n) for a, n in _CODE.findall(memory)}
    for letters, number in {(a.lower(), n) for a, n in _CODE.findall(question)} - told:
        other = next((f"{a}{n}".upper() for a, n in told if a == letters), None)
        if other is not None:
            return f"it is about {other}, not {letters.upper()}{number}"
    return None


def other_compound(question: str, memory: str) -> str | None:
    """Why a memory's thing is another compound than the asked one ("it is about your desk phone, not your desk",
    "it is about the second half, not the first half"), or None when they are the same thing, share no word, or either
    cannot be read."""
    if ordinal := other_ordinal(question, memory) or other_code(question, memory):
        return ordinal
    asked_m, slot_m = _ASKED.match(question.replace("\u2019", "'")), _SLOT.match(memory.replace("\u2019", "'"))
    if asked_m is None or slot_m is None:
        return None
    asked, slot = _phrase(asked_m.group("words")), _phrase(slot_m.group("words"))
    a, s = [stem(w) for w in asked], [stem(w) for w in slot]
    if a and s and (_adds_after(s, set(a)) or _adds_after(a, set(s))):
        return f"it is about your {' '.join(slot)}, not your {' '.join(asked)}"
    return None


# "what's Ravi's extension?", "what is my car's plate?": a thing of someone's, named after the owner's "'s".
_POSSESSED = re.compile(
    r"^\W*(?:(?:remind|tell)\s+me\s*,?\s*)?(?:what|which)(?:'s|\s+is|\s+was|\s+are)\s+(?:my\s+|our\s+)?"
    r"(?P<owner>[A-Za-z]+)'s\s+(?P<attr>[a-z]+)\b"
)
# "which floor is my locker on?", "what size is my monitor?": an attribute asked of one of the user's things.
_ATTRIBUTE_OF = re.compile(
    r"^\W*(?:which|what)\s+(?P<attr>[a-z]+)\s+(?:is|are|was|were)\s+(?:my|our)\s+(?P<thing>[a-z]+(?:\s+[a-z]+)?)"
    r"(?:\s+(?:on|in|at|of|for|from))?\s*\??\s*$",
    re.I,
)
_ANY_VALUE = frozenset(stem(w) for w in "name names number kind type thing one".split())  # said by any value


def unnamed_attribute(question: str, memory: str, known: frozenset[str]) -> str | None:
    """Why a memory does not give the attribute a question asks of a thing or a person ("it does not name Ravi's
    extension" for "Ravi is on the Email queue", "it does not name your monitor's size" for "The user's monitor is a
    Dell"), or None when it names the attribute (`known`: its words, their paraphrases and value shapes)."""
    text = question.replace("\u2019", "'")
    m = _POSSESSED.match(text)
    owner = f"{m.group('owner')}'s" if m else ""
    if m is None and (m := _ATTRIBUTE_OF.match(text)) is not None:
        owner = f"your {m.group('thing').lower()}'s"
    if m is None or stem(m.group("attr").lower()) in _ANY_VALUE | known:
        return None
    return f"it does not name {owner} {m.group('attr').lower()}"
