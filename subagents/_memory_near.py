"""Why one memory that shares a question's words answers another question: a make for a device, another person's thing,
a relation told the other way round, another compound thing, or a one-off for what regularly holds. Each check is
its own module's; this one reads a memory through all of them, in order, for the memory answer's near misses."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory._fact_words import NOT_NAMES, PERSON_ROLES
from cognicore.memory.text import terms
from cognicore.subagents._memory_compound import other_compound, unnamed_attribute
from cognicore.subagents._memory_direction import reversed_relation
from cognicore.subagents._memory_kind import asked_kind
from cognicore.subagents._memory_owner import another_owner
from cognicore.subagents._memory_value_shapes import device_only_by_make
from cognicore.subagents._memory_words import MEMORY_SYNONYMS, shape_words
from cognicore.subagents.memory_evidence import quoted, text_of

__all__ = ["near_reason", "no_one_named", "one_off"]

# What holds as a rule ("my regular one-to-one", "where do I usually sit?", "normally", "every week").
_REGULAR = re.compile(r"\b(?:regular|regularly|usual|usually|normal|normally|typical|typically|standing)\b", re.I)
# A one-off ("This week only, the one-to-one is on Wednesday", "just for today I'm in Leeds", "for this once").
_ONE_OFF = re.compile(
    r"\b(?:(?:this|next|that)\s+(?:week|time|month|friday|monday|tuesday|wednesday|thursday|once)\s+only|"
    r"only\s+(?:this|next|for\s+this|for\s+today|today|tomorrow)\b|just\s+(?:this|for\s+(?:this|today|tomorrow|now))|"
    r"(?:for\s+)?(?:today|tomorrow)\s+only|as\s+a\s+one-?off|for\s+this\s+once|this\s+once)\b",
    re.I,
)


def one_off(question: str, memory: str) -> str | None:
    """Why a memory told as a one-off does not answer what regularly holds ("what day is my regular one-to-one?" and
    "This week only, the one-to-one is on Wednesday"), or None."""
    if _REGULAR.search(question) and _ONE_OFF.search(memory):
        return "it was said for one time only, not what usually holds"
    return None


# A name inside a sentence ("... to Grace") or opening it ("Omar manages ..."); a first-person word of the question.
_INNER_NAME = re.compile(r"(?<=\w[\s,])[A-Z][\w-]*")
_FIRST_NAME = re.compile(r"^\W*([A-Z][\w-]*)")
_ASKER = re.compile(r"\b(?:i|i'm|me|my|mine|we|us|our)\b", re.I)


def no_one_named(question: str, memory: str) -> str | None:
    """Why a memory answers no "who" question about someone beside the asker ("who replaced me on the Email queue?"
    and "The user is on the Email queue"): it names no person, by name or role, that the question does not name
    already; None when it does, or the question is not such a question."""
    if asked_kind(question) != "person" or not _ASKER.search(question):
        return None
    asked = set(re.findall(r"[a-z]+", question.lower()))
    first = _FIRST_NAME.match(memory)
    opening = {first.group(1).lower()} - NOT_NAMES if first else set()
    names = {w.lower() for w in _INNER_NAME.findall(memory)} | opening
    names -= asked | {"user", "i"}
    roles = (set(re.findall(r"[a-z]+", memory.lower())) & PERSON_ROLES) - asked
    return None if names or roles else "it names no one but you"


def near_reason(question: str, topic: Sequence[frozenset[str]], passage: dict[str, Any]) -> str | None:
    """Why a memory is about a near thing, not the asked one (the unsure answer's sentence), or None."""
    said, own = text_of(passage), quoted(passage)
    return (
        device_only_by_make(topic, said)  # "The user is on a MacBook Air now": the asked device or not
        or another_owner(own, question)  # "Ravi covers Japan" for "which market do I cover?"
        or reversed_relation(own, question)  # "Escalations from me go to Rahul" for "who escalates to me?"
        or other_compound(question, said)  # "The user's desk phone is ..." for "which desk did I have?"
        or one_off(question, own)
        or unnamed_attribute(question, said, _named(said))  # "Ravi is on the Email queue" for "Ravi's extension?"
        or no_one_named(question, own)  # "The user is on the Email queue" for "who replaced me on it?"
    )


def _named(said: str) -> frozenset[str]:
    """The words a memory names, with their memory paraphrases and the words its values' shapes answer."""
    own = set(terms(said)) | shape_words(said)
    return frozenset(own.union(*(MEMORY_SYNONYMS.get(t, frozenset()) for t in own)))
