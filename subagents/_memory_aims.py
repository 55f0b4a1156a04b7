"""An aim is no count of what happened: "how many tickets did we close last week?" is not answered by "Our team aims
to close 40 tickets per week" (what they meant to do), though it shares every word; the data or nothing answers it.
Nor is a figure of another period ("10 deals a month" for "how many per week?"). Generic English: an auxiliary of a
done event ("did we", "have we"), words of intention, the calendar's periods."""

from __future__ import annotations

import re

from cognicore.memory._fact_amounts import PERIOD_WORDS
from cognicore.memory.text import stem, terms

__all__ = ["CALENDAR_PERIODS", "aim_for_event", "figure_miss", "other_period"]

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


# The calendar's periods, as the fact store reads them (`PERIOD_WORDS`), with the fortnight a memory question may also
# count over ("how many per fortnight?"): one definition for the memory answer (here and `_memory_lineage`).
CALENDAR_PERIODS = {**PERIOD_WORDS, "fortnight": "fortnight", "fortnights": "fortnight", "fortnightly": "fortnight"}
_NOUNS = "|".join(sorted(set(CALENDAR_PERIODS.values())))
_ADVERBS = {w: p for w, p in CALENDAR_PERIODS.items() if w.endswith("ly")}
# "per week", "a month", "weekly", "each quarter": the period a figure is counted over.
_PERIOD = re.compile(
    rf"\b(?:(?:per|a|an|each|every|this|next|last)\s+(?P<noun>{_NOUNS})|(?P<adverb>{'|'.join(_ADVERBS)}))\b", re.I
)


def _periods(text: str) -> set[str]:
    return {
        m.group("noun").lower() if m.group("noun") else _ADVERBS[m.group("adverb").lower()]
        for m in _PERIOD.finditer(text)
    }


def other_period(question: str, memory: str) -> str | None:
    """Why a figure counted over another period does not answer ("10 deals a month" for "how many per week?"), None
    when the periods agree or either names none."""
    asked, said = _periods(question), _periods(memory)
    if not asked or not said or asked & said or not any(ch.isdigit() for ch in memory):
        return None
    return f"it is per {sorted(said)[0]}, not per {sorted(asked)[0]}"


def figure_miss(question: str, memory: str) -> str | None:
    """Why a memory's figure does not answer the question (an aim for an event, another period), or None."""
    return aim_for_event(question, memory) or other_period(question, memory)
