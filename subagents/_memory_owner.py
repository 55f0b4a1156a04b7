"""Whose thing a memory is, read against whose thing the question asks (review 16 W9/L3, review 17 W2): "which market
do I cover?" is not answered by "Ravi is responsible for Japan", nor "what day is our team meeting?" by "The finance
team moved their weekly meeting to Thursdays", nor "what is Priya's quota?" by "The user's quota is $550k".

A question's owner is its asker ("I", "my": the user; "we", "our": the user's team) or a person it names. A memory's
owner is read from how it opens: a name ("Ravi ...", "Tom's ..."), a name after "my <colleague>" ("My manager Dana's
..."), another group ("the finance team ...", "Marketing ...") or a third person ("he", "their ..."); a memory that also
names the user or the user's team is the asker's own."""

from __future__ import annotations

import re

from cognicore.memory._fact_third_party import third_party
from cognicore.subagents._memory_kind import asked_kind

__all__ = ["another_owner"]

_ASKER = re.compile(r"\b(?:i(?!\.\w)|i'm|me|my|mine|myself|we|we're|us|our|ours)\b", re.I)  # "i.e." is no "I"
# The user's team's thing ("My team's on-call day is Monday", "The user's team is on call ..."), not the user's own.
_TEAMS = re.compile(r"\b(?:my|our|the\s+user's)\s+(?:team|group|department)(?:'s|\s+is|\s+are)\b", re.I)
_OURS = re.compile(r"\b(?:we|we're|us|our|ours|team)\b", re.I)
_SELF = re.compile(r"\b(?:i|i'm|me|the\s+user\s+(?!team))\b", re.I)  # the user is named as well
_QUESTION_NAME = re.compile(r"(?<=\w[\s,])[A-Z][a-z]+")  # a name inside the question ("what's Ravi's extension?")


def another_owner(memory: str, question: str) -> str | None:
    """The other owner a memory is about when the question asks about the asker or their team only ("it is about
    Ravi, not about you"), else None. For a "who" question the named person is the answer, never another owner."""
    if not _ASKER.search(question) or _QUESTION_NAME.search(question) or asked_kind(question) == "person":
        return None
    if _TEAMS.search(memory) and not _OURS.search(question) and not _SELF.search(memory):
        return "it is about your team, not about you"  # "My team's on-call day is Monday" for "my on-call day?"
    owner = third_party(memory)
    if owner is None or owner.lower().split()[0] in re.findall(r"[a-z]+", question.lower()):
        return None  # "can u remind me rahul's extension": the question names the owner
    return f"it is about {owner}, not about you"
