"""A checked "the documents do not give it" by the kind of value asked: a phone number, an email or web address,
or how long something lasts.

A contact value is written in a shape of its own ("+1 503 555 0100", "help@example.com", "https://..."); when no
passage that talks of calling, writing or visiting holds one (all of them read, at most `MAX_TOPIC`), no document
gives one: "the documents do not give a phone number" is checked. A duration ("how long does the doorbell's battery
last", "battery life") is checked against the subject's own sections: when every section naming the subject that
says the asked thing gives no duration in that sentence, nor any section of the subject a duration at all, and no
general section gives one beside the asked thing, the documents do not say how long. Anything else stays `unsure`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cognicore.memory.text import DURATION, HOW_MANY_UNITS, stem, words
from cognicore.subagents._passage_sections import general_sections, subject_sections

if TYPE_CHECKING:
    from cognicore.memory.knowledge import KnowledgeBase, Passage

__all__ = [
    "DURATION_WORDS",
    "ContactKind",
    "absent_contact",
    "absent_duration",
    "asked_contact",
    "asks_duration",
    "says_how_long",
]

MAX_TOPIC = 40  # more passages than this talk of the contact's topic: too many to read, no claim


@dataclass(frozen=True, slots=True)
class ContactKind:
    """A contact value a question asks for, the words a passage giving one would use, and how one is written."""

    asks: re.Pattern[str]
    topic: tuple[str, ...]
    written: re.Pattern[str]
    value: str  # what no document gives ("a phone number")


CONTACT_KINDS = (
    ContactKind(
        re.compile(
            r"\b(?:phone|telephone|tel|mobile|cell|hotline|helpline|support line|extension)\s*(?:number|no\b|#)"
            r"|\bnumber\s+(?:to|i|we|they|you|customers?|people|colleagues|users?)\s+(?:\w+\s+){0,2}(?:call|ring|dial)"
            r"|\b(?:hotline|helpline)\b|\bwhat\s+(?:number|extension)\b(?!\s+of\b)"
            r"|\b(?:out[\s-]of[\s-]hours|after[\s-]hours|emergency|on[\s-]call|support|phone|direct|dedicated)\s+line\b"
            r"|\b(?:reach|call|contact|ring)\b[^?.!]*\bby\s+(?:phone|telephone)\b"
            r"|\b(?:which|what)\s+(?:phone\s+)?number\b(?!\s+of\b)[^?.!]*\b(?:dial|call|ring|phone|telephone)\b",
            re.I,
        ),
        ("phone", "telephone", "tel", "call", "ring", "dial", "hotline", "helpline", "number", "contact", "reach"),
        re.compile(
            r"\+\d[\d\s().-]{6,}\d|\(\d{2,4}\)\s*\d[\d\s.-]{4,}\d|\b\d{3}[\s.-]\d{3,4}[\s.-]\d{3,4}\b"
            r"|\b1-?8\d\d[\s.-]?\d|\bext(?:ension|\.)?\s*\d{2,}|\b(?:tel|phone|call)\w*[:\s]+\+?\d[\d\s.-]{3,}\d",
            re.I,
        ),
        "a phone number",
    ),
    ContactKind(
        re.compile(
            r"\be-?mail\s+(?:address|addr|id)\b|\b(?:what|which)(?:'s|’s|\s+is|\s+are)?\s+(?:[\w'’-]+\s+){0,3}?"
            r"e-?mail\b(?!\s+(?:client|app|server|program))",
            re.I,
        ),
        ("email", "mail", "write", "contact", "reach", "address", "inbox"),
        re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
        "an email address",
    ),
    ContactKind(
        re.compile(r"\bweb\s*(?:site|address|page|link)\b|\burl\b|\bwebsite\b", re.I),
        ("web", "website", "site", "url", "link", "portal", "page", "online", "visit", "address"),
        re.compile(r"https?://|\bwww\.|\b[\w-]+\.(?:com|org|net|io|co|eu|info|app|dev)\b", re.I),
        "a web address",
    ),
)


def asked_contact(question: str) -> ContactKind | None:
    """The contact value the question asks for ("what's the phone number for support": a phone number), or None."""
    return next((k for k in CONTACT_KINDS if k.asks.search(question)), None)


# A yes/no question ("can customers reach support by phone ...?") and the words that ask the contact value itself.
_WHETHER = re.compile(r"^\W*(?:can|could|is|are|do|does|will|would|may)\b", re.I)
_THE_VALUE = re.compile(r"\b(?:number|extension|e-?mail\s+address|web\s*(?:site|address)|url|hotline|helpline)\b", re.I)


async def absent_contact(knowledge: KnowledgeBase, question: str) -> tuple[str, list[Passage]] | None:
    """ "The documents do not give a phone number" when no passage talking of the topic writes one, all read."""
    kind = asked_contact(question)
    if kind is None or (_WHETHER.match(question) and not _THE_VALUE.search(question)):
        return None  # "Can customers reach support by phone on Sunday?" asks whether, not the number
    [(n, passages)] = await knowledge.matches(["(" + " | ".join(kind.topic) + ")"], limit=MAX_TOPIC)
    if n > MAX_TOPIC or any(kind.written.search(p.content) for p in passages):
        return None
    nearest = [p for p in passages if re.search(rf"\b{kind.topic[0]}\b", p.content, re.I)][:1]
    seen = f' (such as "{nearest[0].title}" [1], which mentions {kind.topic[0]} but gives none)' if nearest else ""
    text = f"The knowledge base does not say: no document gives {kind.value}{seen}."
    return text, nearest


# "how long does the battery last", "how many hours", "battery life", "lifetime": a duration is asked.
_ASKS_DURATION = re.compile(
    rf"\bhow\s+long\b(?!\s+ago)|\b{HOW_MANY_UNITS}\b"
    r"|\b(?:life|lifetime|lifespan|runtime|run\s+time)\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
# The words that ask for the duration itself, not the thing it is of ("battery life": the battery's).
DURATION_WORDS = frozenset(stem(w) for w in "life lifetime lifespan runtime long last lasts".split())


def _spans(text: str) -> list[re.Match[str]]:
    """The spans of time this check reads: `DURATION`'s but a service time ("1 to 2 business days"), which it leaves
    to the answer as it always did (read, it turned the checked miss of a region no time is given for unsure)."""
    return [m for m in DURATION.finditer(text) if not re.search(r"\b(?:business|working|full)\b", m.group(0), re.I)]


def asks_duration(question: str) -> bool:
    """Does the question ask how long something lasts or takes?"""
    return bool(_ASKS_DURATION.search(question))


# Words a duration of use is said with (general English): "runs for 30 days", "12 hours of playback", "on a charge",
# "12 hours of battery life".
_LASTING = [
    stem(w)
    for w in "last lasts lasting run runs running charge charged play plays playback standby power use life"
    " battery".split()
]
NEAR = 4  # words between a duration and the asked thing for the duration to be the thing's ("a 40-hour battery")


def _near(text: str, forms: list[str]) -> bool:
    """Does a sentence of the text give a duration within `NEAR` words of the asked thing?"""
    prefixes = [f.removesuffix(":*") for f in forms]
    for sentence in _SENTENCE.split(text):
        said = [i for i, w in enumerate(words(sentence)) if any(stem(w).startswith(p) for p in prefixes)]
        for m in _spans(sentence):
            at = len(words(sentence[: m.start()]))
            if any(abs(at - i) <= NEAR + len(words(m.group(0))) for i in said):
                return True
    return False


def _holds(text: str, forms: list[str]) -> bool:
    prefixes = [f.removesuffix(":*") for f in forms]
    return any(stem(w).startswith(p) for w in words(text) for p in prefixes)


def says_how_long(passages: list[Passage], subject: list[str]) -> bool:
    """Does a section of the subject say how long it lasts in other words ("plays for 20 hours on a charge")?"""
    return any(_near(t, _LASTING) for t in subject_sections(passages, subject))


async def absent_duration(
    knowledge: KnowledgeBase, subject: list[str], head: list[str], forms: dict[str, list[str]]
) -> tuple[bool, list[Passage]] | None:
    """Whether the subject's sections say the asked thing at all, and its passages, when none gives how long: the
    sections of the subject that say the thing hold no duration, and no section about nothing in particular gives
    one beside the thing (a rule for every product); else None."""
    every = [f for w in head for f in forms[w]]
    query = " & ".join(subject)
    found = await knowledge.matches([query, f"({' | '.join(every)}) & !({query})"], limit=MAX_TOPIC)
    (named, passages), (general, elsewhere) = found
    if not named or named > len(passages) or general > MAX_TOPIC:
        return None
    saying = [t for t in subject_sections(passages, subject) if _holds(t, every)]
    if not saying and not any(_near(p.content, every) for p in elsewhere):
        return None  # no document gives a duration of the thing ("a 40-hour battery"): it may be said otherwise
    if any(_spans(t) for t in saying):
        return None  # a section of the subject saying the thing gives a duration: it may be the one asked
    if not saying and says_how_long(passages, subject):
        return None
    if any(_near(t, every) for p in elsewhere for t in general_sections(p)):
        return None  # a rule for everything gives a duration of the thing: it may hold for the subject too
    return bool(saying), passages
