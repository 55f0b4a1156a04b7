"""A question's condition, for a memory answer: one that only sets the scene ("if a ticket blows up, who do I ping?")
is set aside, and one that may change the answer ("If Hannah leaves, who's my manager?") makes a told current fact
no answer, since it says what holds now, not what holds then. Generic English shapes."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cognicore.memory._fact_words import CALENDAR, CALENDAR_WORDS, MONTHS, WEEKDAYS
from cognicore.memory.text import terms
from cognicore.subagents.memory_evidence import text_of

__all__ = ["excepts_case", "scene_set", "states_case", "supposition"]

# A leading condition before the question proper ("if a ticket blows up, who ...").
_CONDITION = re.compile(
    r"^\W*(?:if|when|whenever|in\s+case)\b(?P<clause>[^,?;]{3,80})[,;]\s*(?=(?:who|what|which|where|when|how|do|does|"
    r"did|am|is|are|should|can|could)\b)(?!.*\b(?:would|will|'ll|going\s+to)\b)",
    re.I,
)
_ME = re.compile(r"\b(?:i|i'm|me|my|we|we're|us|our)\b", re.I)
# A leading supposition ("If Hannah leaves, who's my manager?", "Say my quota doubled, what would my target be?",
# "Once this week is over, which queue am I on?"): what holds then, which a told current fact does not say.
_SUPPOSED = re.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?P<clause>(?:if|when|whenever|in\s+case|once|say|suppose|supposing|assuming|"
    r"what\s+if)\b[^,?;\u2013\u2014]{3,80}?)\s*(?:[,;]|\s[-\u2013\u2014]+)\s*"
    r"(?=(?:who|what|which|where|when|how|do|does|did|am|is|are|should|can|could|would|will)\b)",
    re.I,
)
# A trailing one ("who's my backup if Ana is off sick?", "what time would my shift start if I switched to nights?").
_SUPPOSED_AFTER = re.compile(
    r"^(?P<core>.{6,}?)\s*,?\s+(?P<clause>(?:if|in\s+case|unless|once|assuming|supposing)\b[^?]{3,80}?)\s*\??\s*$",
    re.I,
)
_NAME = re.compile(r"\b[A-Z][\w-]*")
# A time asked that is not now ("... after the holidays?", "what was my quota last year?", "from January"): what holds
# then, which a told current fact does not say either. "This week", "these days", "now" ask what holds now.
# A day or a month asked ("which office am I in on Tuesdays?", "... in December?"): another time only when what is
# told is said by days or months too ("I work from Leeds on Mondays"); a fact told for every day holds on each.
_ASKED_DAY = re.compile(rf"\bon\s+(?:a\s+)?{WEEKDAYS}s?\b|\bon\s+weekends\b|\bin\s+{MONTHS}\b", re.I)
_TOLD_DAY = re.compile(rf"\b(?:{CALENDAR}|weekends?)\b", re.I)
_STILL = re.compile(r"\b(?:will|still|going\s+to)\b", re.I)
_IN_MONTH = re.compile(rf"\bin\s+{MONTHS}\b", re.I)
_CALENDAR = frozenset(terms(" ".join(CALENDAR_WORDS)))
_RELATIVE_TIME = frozenset("after from starting once during over".split())
_ASKED_TIME = re.compile(
    rf"\b(?:after|from|starting|once|during|over)\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"(?:holidays?|break|summer|winter|spring|autumn|christmas|reorg|merger|move|launch|migration|{MONTHS})\b"
    rf"|\b(?<!the\s)(?:next|last)\s+(?:week|month|quarter|year|sprint|season|fortnight|{MONTHS}|{WEEKDAYS})\b"
    r"|\bwhen\s+(?:i|we)\s+(?:first\s+)?(?:joined|started|began|arrived|moved)\b"
    r"|\bin\s+(?:19|20)\d\d\b",
    re.I,
)


def scene_set(question: str, passages: Sequence[dict[str, Any]]) -> str:
    """The question without a leading condition that only sets the scene ("if a ticket blows up, who do I ping?"),
    else the question: a condition naming the asker or a name memory holds ("if Hannah leaves", "when I'm in Berlin"),
    or a question of what would be, may change the answer (review 16)."""
    m = _CONDITION.match(question)
    if m is None or _ME.search(m.group("clause")):
        return question
    held = set().union(*(terms(text_of(p)) for p in passages)) if passages else set()
    names = set(terms(" ".join(re.findall(r"\b[A-Z][\w-]*", m.group("clause")))))  # "Hannah", "Ben", "VPN"
    return question if names & held else question[m.end() :]


def supposition(question: str, scene: str, passages: Sequence[dict[str, Any]] = ()) -> tuple[str, str] | None:
    """The condition that may change the answer ("if Hannah leaves", "... if I switched to nights", a time not now:
    "after the holidays", "last year") and the question without it, or None when there is none or it only sets the
    scene ("if a ticket blows up"): `scene` is the question without such a leading condition (`scene_set`); a
    trailing one changes it when it names the asker or a name memory holds."""
    m = _SUPPOSED.match(question)
    if m is not None and scene == question:
        clause = m.group("clause").strip()
        return clause[:1].lower() + clause[1:], question[m.end() :]
    after = _SUPPOSED_AFTER.match(question) if m is None else None
    if after is None:
        when = _ASKED_TIME.search(question) if m is None else None
        told = " ".join(text_of(p) for p in passages)
        if when is None and _STILL.search(question):
            when = _IN_MONTH.search(question)  # "will I still be on VPN in January?": a month to come
        if when is None and _TOLD_DAY.search(told) and (days := _ASKED_DAY.findall(question)):
            return " ".join(days), _ASKED_DAY.sub(" ", question)  # "on Wednesdays in December": both
        if when is None:
            return None
        core = f"{question[: when.start()].rstrip(' ,')} {question[when.end() :].lstrip(' ,')}".strip()
        return when.group(0), core
    clause = after.group("clause")
    held = set().union(*(terms(text_of(p)) for p in passages)) if passages else set()
    if not _ME.search(clause) and not set(terms(" ".join(_NAME.findall(clause)))) & held:
        return None  # "who do I call if a P1 comes in?": the scene, not another case of the told fact
    return clause.strip(), f"{after.group('core')}?"


# A time named by its place from now or its year ("last year", "next quarter", "in 2024"): a fact answers it only
# when it names that same time; one naming the same unit at another place ("this year", "next year") does not.
_NAMED_TIME = re.compile(r"^\s*(?:in\s+)?(?P<time>(?:next|last)\s+[\w-]+|(?:19|20)\d\d)\s*$", re.I)


def _named_time(named: re.Match[str]) -> str:
    """The pattern of a named time as a fact would say it ("last year" as "last year", "2024" as "2024")."""
    return r"\b" + r"\s+".join(map(re.escape, named.group("time").split())) + r"\b"


def states_case(clause: str, told: Sequence[str]) -> bool:
    """Does what was told state the supposed case itself ("Ben covers for me when I'm on leave" for "if I'm on
    leave")? Its words but names (a name may be the told value: "Ana is my backup" says nothing of "if Ana is off")."""
    asked = re.findall(r"[a-z]+", clause.lower()) or [""]
    when = rf"\b{asked[0]}\s+(?:[\w-]+\s+){{0,2}}{asked[-1]}\b"  # "after the holidays": the time and how it is placed
    if asked[0] in _RELATIVE_TIME and not any(re.search(when, t, re.I) for t in told):
        return False  # "for the holidays" says nothing of "after the holidays"
    if (named := _NAMED_TIME.match(clause)) and not any(re.search(_named_time(named), t, re.I) for t in told):
        return False  # a fact stating its own time ("this year", "for 2025") says nothing of "last year", "in 2024"
    names = set(terms(" ".join(_NAME.findall(clause)))) - _CALENDAR  # "on Mondays" is a time, no name
    words = set(terms(clause)) - names - set(terms("if when whenever case once unless say suppose supposing assuming"))
    said = set().union(*(terms(t) for t in told)) if told else set()
    return bool(words) and len(words & said) * 2 >= len(words)


_EXCEPT = re.compile(r"\b(?:except|apart\s+from|other\s+than|but\s+not|excluding|unless)\b(?P<rest>[^.;]*)", re.I)


def excepts_case(clause: str, told: Sequence[str]) -> bool:
    """Does what was told set the supposed case aside ("on call on Wednesdays, except in December" for "in
    December")? Then it does not say what holds in that case."""
    words = set(terms(clause)) - set(terms("if when whenever case once unless say suppose supposing assuming"))
    return any(words & set(terms(m.group("rest"))) for t in told for m in _EXCEPT.finditer(t))
