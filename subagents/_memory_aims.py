"""An aim is no count of what happened: "how many tickets did we close last week?" is not answered by "Our team aims
to close 40 tickets per week" (what they meant to do), though it shares every word; the data or nothing answers it.
Generic English: an auxiliary of a done event ("did we", "have we") and words of intention."""

from __future__ import annotations

import re

from cognicore.memory.text import stem, terms

__all__ = ["aim_for_event"]

# "how many did we close", "what have I sold", "has the team shipped": an event asked as done.
_DONE = re.compile(r"\b(?:did|have|has|had)\s+(?:i|we|you|they|the\s+team|our\s+team|my\s+team)\b", re.I)
# Words of intention or duty: a goal, a plan or an obligation, not a thing that happened.
_AIM_WORDS = frozenset(
    stem(w)
    for w in """aim aims aiming aimed target targets targeting goal goals quota quotas objective objectives plan plans
    planning intend intends hope hopes supposed meant expected expect want wants""".split()
)


def aim_for_event(question: str, memory: str) -> str | None:
    """Why a memory of an aim does not answer a question for an event that happened (None when it may): the question
    asks what was done and names no aim; the memory says what is aimed at."""
    if not _DONE.search(question) or set(terms(question)) & _AIM_WORDS:
        return None
    if not set(terms(memory)) & _AIM_WORDS:
        return None
    return "it says what is aimed at, not what happened"
