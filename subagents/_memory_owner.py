"""A memory about another named person is no answer to a question about the asker (review 16, W9/L3): "what number
should people dial to reach me?" is not answered by "My colleague Ravi's extension is 5512", nor "which market do I
cover?" by "Ravi is responsible for Japan". The memory's owner is read from how it opens: a name ("Ravi ...",
"Tom's ..."), after "my <colleague>" ("My manager Dana's ..."); a memory that also names the user is not another's."""

from __future__ import annotations

import re

from cognicore.memory._fact_words import NOT_NAMES
from cognicore.subagents._memory_kind import asked_kind

__all__ = ["another_owner"]

# "Tom's desk phone ...", "My colleague Ravi's extension ...": a named person's thing.
_NAMES_THING = re.compile(
    r"^\W*(?:(?:[Mm]y|[Oo]ur)\s+[a-z]+(?:\s+[a-z]+)?\s+)?(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?'s\b"
)
# "Ravi is responsible for ...", "Ravi prefers ...", "Hannah, my manager, is on ...": a named person doing or being.
_NAME_DOES = re.compile(
    r"^\W*(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?(?:,\s+(?:my|our)\s+[a-z]+(?:\s+[a-z]+)?,)?\s+[a-z]"
)
_THE_USER = re.compile(r"\b(?:the\s+user|i|i'm|i've|me|myself|we|us)\b", re.I)
_MINE = re.compile(r"\b(?:my|our)\b", re.I)
_ASKER = re.compile(r"\b(?:i(?!\.\w)|i'm|me|my|mine|myself)\b", re.I)  # "i.e." is no "I"
_QUESTION_NAME = re.compile(r"(?<=\w[\s,])[A-Z][a-z]+")  # a name inside the question ("what's Ravi's extension?")


def another_owner(memory: str, question: str) -> str | None:
    """The other person a memory is about when the question asks about the asker only ("it is about Ravi, not about
    you"), else None. For a "who" question the named person is the answer, never another owner."""
    if not _ASKER.search(question) or _QUESTION_NAME.search(question) or asked_kind(question) == "person":
        return None
    if _THE_USER.search(memory):
        return None  # the user is named too ("Dana works printers and the user works the network queue")
    m = _NAMES_THING.match(memory)
    if m is None:
        m = _NAME_DOES.match(memory)
        apposition = m is not None and "," in memory[: m.end()]
        if m is None or (_MINE.search(memory) and not apposition):
            return None  # "Hannah Berg is my manager": the user's manager, named
    name = m.group("name").lower()
    if name in NOT_NAMES or name in re.findall(r"[a-z]+", question.lower()):
        return None  # "can u remind me rahul's extension": the question names the owner
    return f"it is about {m.group('name')}, not about you"
