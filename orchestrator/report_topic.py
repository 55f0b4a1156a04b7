"""The topic of a request for an artefact, for the data step: "a one-pager for the board on Q3 2026" asks the data
for "Q3 2026"; what to make (a one-pager, a note) and who it is for (the board, the sales team) are the report's.

Structural, for any domain: an artefact word of the planner's report vocabulary near the clause's start, then a
preposition that introduces what it is about ("on", "about", "of", "covering", "comparing"); an audience is "for"
and a few words that name nothing of the data and no period.
"""

from __future__ import annotations

import re

from cognicore.memory.text import terms
from cognicore.orchestrator._followup_periods import PERIOD

__all__ = ["report_topic"]

# What an artefact is about, after its noun ("a memo on", "a summary of", "a note covering", "a report comparing").
_TOPIC = re.compile(
    r"\b(?:on|about|of|covering|regarding|concerning|comparing|summari[sz]ing|showing|detailing)\s+|"
    # "short report - monthly revenue", "memo: ...", never a range ("2025 - 2026")
    r"(?<=[a-z])\s*(?::|[\u2013\u2014-](?=\s+\D))\s+",
    re.IGNORECASE,
)
# "for the board", "for management", "for the ops manager": at most three words, up to a clause mark or the end.
_LINK = r"(?:with|on|about|of|covering|and|in|by|per|to|from|for|over|during|comparing|showing)\b"
_AUDIENCE = re.compile(
    rf"\s*\bfor\s+(?:the\s+|our\s+|my\s+|your\s+)?(?P<who>[a-z][\w-]*(?:\s+(?!{_LINK})[a-z][\w-]*){{0,2}})", re.I
)
_NOT_AUDIENCE = frozenset(terms("each every all per any both"))
# Nouns of people and groups that end an audience ("for the sales team", "for the marketing folks"): the phrase is who
# the artefact is for even when a word before names data ("sales"), unless the noun itself is the data's.
_PEOPLE = frozenset(
    terms(
        "team teams folks people staff crew group department division committee board leadership management manager "
        "managers lead leads head heads boss bosses director directors execs executives exec stakeholders investors "
        "colleagues officer officers chief owner owners analysts reps"
    )
)
MAX_LEAD_WORDS = 8  # an artefact named later than this is not the clause's lead ("revenue by region ... in a report")


def report_topic(clause: str, *, artefacts: frozenset[str], data: frozenset[str]) -> str:
    """`clause` cut to what its artefact is about, without an audience that names no data; `clause` unchanged when
    it leads with no artefact. `artefacts` and `data` are stemmed words (the planner's report and data words)."""
    words = list(re.finditer(r"[\w-]+", clause))
    lead = next((w for w in words[:MAX_LEAD_WORDS] if set(terms(w.group(0))) & artefacts), None)
    if lead is None:
        return clause
    topic = _TOPIC.search(clause, lead.end())
    text = clause
    if topic is not None:
        # Between the artefact and its topic only words of the artefact ("a short", "for the board") and periods:
        # "a report with the number of jobs" is about the number of jobs, not about "jobs" alone.
        gap = clause[lead.end() : topic.start()]
        periods = [m.group(0).strip() for m in PERIOD.finditer(gap)]
        rest = _without_audience(PERIOD.sub(" ", gap), data)  # "a note for the sales team covering ..."
        if len(gap.split()) <= MAX_LEAD_WORDS and not set(terms(rest)) & data and not re.search(r"\bwith\b", rest):
            text = " ".join([clause[topic.end() :].rstrip(), *periods])  # "a summary for 2025 of revenue"
    return _without_audience(text, data).strip(" ,;") or clause


def _without_audience(text: str, data: frozenset[str]) -> str:
    """`text` without "for <someone>" phrases that name no data word, no grouping word and no period."""

    def cut(m: re.Match[str]) -> str:
        who = m.group("who")
        named = set(terms(who))
        head = terms(who)[-1:]
        if set(head) & _PEOPLE and not set(head) & data and not PERIOD.search(m.group(0)):
            return ""  # "for the sales team": who it is for, though "sales" is a word of the data
        if named & data or named & _NOT_AUDIENCE or PERIOD.search(m.group(0)) or re.search(r"\d", who):
            return m.group(0)
        return ""

    return _AUDIENCE.sub(cut, text)
