"""One clause made ready for the sentence rules of `_fact_rules`, and what its wording adds to the facts read.

People put the words that say WHEN anywhere: "my team lead these days is Aisha", "In the morning I drink espresso",
"I work from home on thursdays now, not fridays". The rules read anchored shapes, so `prepare` takes the time
words out of the middle, moves a qualifier said first to the end and cuts a trailing "not <old value>" off;
`qualify` then gives back what was taken: the old value as the one contradicted, and a part of the day as part of
a habit's slot, so "espresso in the morning" and "herbal tea in the evening" are two facts, not one changed twice.
Generic English only: no domain's vocabulary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cognicore.memory._fact_changes import base_form
from cognicore.memory._fact_words import clean

Fact = dict[str, Any]

# Words that only say the statement is current; in the middle of a clause they split its shape in two.
_MID_TIME_RE = re.compile(
    r"(?<=\w)\s*,?\s+(?:these\s+days|nowadays|lately|at\s+the\s+moment|currently|right\s+now|for\s+now|"
    r"from\s+now\s+on)\s*,?(?=\s+\w)",
    re.I,
)
# A place or a time said first ("In the morning I drink espresso", "At work, we use Teams"): read as said last.
_FRONT_RE = re.compile(
    r"^(?P<q>(?:in|at|on|during|over)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)\s*,?\s+(?P<rest>(?:I|we|my|our)\s+.+)$",
    re.I,
)
# "..., not fridays", "... now, not on Mondays": the old value said after the new one.
_NOT_OLD_RE = re.compile(r"\s*,\s*(?:(?:and|but)\s+)?not\s+(?P<old>(?!(?:sure|really|yet|always|just)\b)[\w:.%$-]+"
                         r"(?:\s+[\w:.%$-]+){0,3})\s*$", re.I)  # fmt: skip
# "..., since the strike", "since my knee surgery": why or since when, which changes nothing of the fact itself.
_SINCE_RE = re.compile(r",?\s+since\s+(?:the|my|our|his|her|their|a|an)\s+[\w-]+(?:\s+[\w-]+){0,2}\s*$", re.I)
# "I have been driving to the office": the habit of going there that way, as "I drive to the office" says it.
_BEEN_GOING_RE = re.compile(r"^(?P<s>I|we)\s+have\s+been\s+(?P<ving>[a-z]+ing)\s+(?P<rest>(?:in\s*)?to\s+.+)$", re.I)
# A part of the day a habit belongs to: another part of the day is another habit, not its change.
_DAYPART_RE = re.compile(
    r"\b(?P<d>in\s+the\s+(?:morning|afternoon|evening)s?|at\s+night|at\s+lunch(?:time)?|on\s+(?:the\s+)?weekends?|"
    r"at\s+the\s+weekends?|on\s+weekdays)\b",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Clause:
    """A clause as the rules read it, and the parts of its wording kept aside for `qualify`."""

    text: str
    old: str | None = None
    daypart: str | None = None


def prepare(clause: str) -> Clause:
    """`clause` without mid-clause time words, with a leading qualifier moved last and a trailing "not X" cut."""
    text = _SINCE_RE.sub("", _MID_TIME_RE.sub("", clause)).strip()
    if m := _BEEN_GOING_RE.match(text):  # "I have been driving to the office": a way of getting there, now
        text = f"{m['s']} {base_form(m['ving'].lower())} {m['rest']}"
    old = None
    if (m := _NOT_OLD_RE.search(text)) and len(text[: m.start()].split()) >= 3:
        old, text = clean(m["old"]) or None, text[: m.start()].strip()
    if (m := _FRONT_RE.match(text)) and not re.match(r"(?:in|on|at)\s+(?:my|our)\b", m["q"], re.I):
        text = f"{m['rest'].rstrip(' ,')} {m['q'][0].lower()}{m['q'][1:]}"
    daypart = _DAYPART_RE.search(text)
    return Clause(text, old, " ".join(daypart["d"].lower().split()) if daypart else None)


def qualify(facts: list[Fact], clause: Clause) -> list[Fact]:
    """The facts read from `clause.text` with the old value it named and the part of the day of a habit."""
    out = []
    for fact in facts:
        if clause.old and not fact.get("contradicts"):
            fact = {**fact, "contradicts": clause.old}
        if clause.daypart and _habit_slot(fact):
            words = clause.daypart.split()
            said = re.compile(r"\s*\b" + r"\s+".join(map(re.escape, words)) + r"\b", re.I)
            statement = said.sub("", str(fact["statement"])).rstrip(". ")
            fact = {
                **fact,
                "predicate": f"{fact['predicate']}_{'_'.join(words)}",
                "object": said.sub("", str(fact["object"])).strip(),
                "statement": f"{statement} {clause.daypart}.",
            }
        out.append(fact)
    return out


def _habit_slot(fact: Fact) -> bool:
    """A first-person habit's slot is its verb alone ("drinks", "takes"), not a named thing ("shift_start")."""
    predicate = str(fact.get("predicate", ""))
    return fact.get("subject") in ("user", "we") and predicate.isalpha() and predicate.endswith("s")
