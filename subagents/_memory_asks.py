"""What a question about the user or their team asks, read from its shape: the past or what came before a change,
what the user said, one of their own attributes, a person, yes or no, everything remembered (generic English).
The offline memory answer (`memory_answer`) and the composer choose current or past facts by these."""

from __future__ import annotations

import re

from cognicore.memory.text import asks, words
from cognicore.subagents._memory_words import DEADLINE_RE

__all__ = [
    "FIRST_PERSON", "PERSIST_RE", "about_the_asker", "asks_about_mine", "asks_about_the_past", "asks_before",
    "asks_how_things_stand", "asks_what_was_said", "asks_what_you_know", "asks_who_does", "asks_yes_no", "only_asks",
]  # fmt: skip

FIRST_PERSON = frozenset("i me my mine myself we us our ours ourselves".split())
# "use to" is "used to" mistyped ("what did I use to drink?"), not "what do we use to manage phones?".
_USE_TO = r"(?<!do i )(?<!do we )(?<!do you )(?<!do they )(?<!does )use to"
_PAST_RE = re.compile(
    r"\b(?:before|previously|earlier|formerly|originally|at first|initially|used to|"
    + _USE_TO
    + r"|prior|predecessors?|no longer|anymore|"
    r"any more|in the past|back then|what did(?!\s+(?:I|we)\s+(?:tell|say|mention))|what was|what were|how much was|"
    r"until|changed?|switch(?:ed)?)\b",
    re.I,
)
# Words that ask for the value a change replaced, not for what was said in the past tense ("what was my budget?").
_BEFORE_RE = re.compile(
    r"\b(?:before|previously|formerly|originally|at first|initially|prior|used to|"
    + _USE_TO
    + r"|in the past|back then|"
    r"at the start|to begin with|old|predecessors?)\b",
    re.I,
)
_WHO_DOES_RE = re.compile(r"^\s*who(?:'s|\s+is|\s+are|\s+does|\s+do|\s+will|\s+now)?\s+(?!am\b)\w+", re.I)
_SAID_RE = re.compile(
    r"\b(?:did|have)\s+(?:I|we)\s+(?:ever\s+)?(?:tell|told|say|said|mention|mentioned)\b|"
    r"\b(?:I|we)\s+(?:told|said|mentioned)\s+(?:you|to\s+you|earlier|before)\b",
    re.I,
)
# "what/which/who/where/when is|was my X": the user's own attribute ("our X" may be the company's policy).
_MINE_RE = re.compile(
    r"^\s*(?:remind\s+me\s*,?\s*)?(?:what|which|who|where|when|how\s+much|how\s+many|how\s+big|how\s+old)\b"
    r"(?:'s|'re|\s+(?:is|are|was|were))\s+my\b",
    re.I,
)
# "am I still ...?", "do we still ...?", "did I ever ...?": answered yes or no, with the evidence.
_YES_NO_RE = re.compile(
    r"^\s*(?:so\s*,?\s+|and\s+|but\s+)?(?:am|is|are|do|does|did|have|has|was|were|can|will)\s+(?:i|we|my|our)\b", re.I
)
# A question whether something still holds: a later saying of any substance may have changed it.
PERSIST_RE = re.compile(r"\b(?:still|stil|any ?more|these days|nowadays|currently)\b", re.I)
_NOW_RE = re.compile(r"\b(?:now|these days|nowadays|currently|still|any ?more|at the moment)\b", re.I)
_ABOUT_ME_RE = re.compile(
    r"\bwhat (?:do|did|else do) you (?:know|remember|have)(?: stored| saved)? (?:about|of|on) (?:me|us|myself)\b|"
    r"\b(?:tell me|remind me) (?:everything|all|what) you (?:know|remember) about (?:me|us)\b",
    re.I,
)
_THE_TEAM_RE = re.compile(r"\bthe\s+team(?:'s)?\b", re.I)


def about_the_asker(question: str) -> bool:
    """Does the question speak about the user or their team (first person)?"""
    # "What's the team's target?": asked of the user's assistant, "the team" is the user's own team.
    return bool(FIRST_PERSON & set(words(question))) or bool(_THE_TEAM_RE.search(question))


def asks_about_the_past(question: str) -> bool:
    """Does the question ask what was true before ("what did I drink before?")?"""
    return bool(_PAST_RE.search(DEADLINE_RE.sub(" ", question)))


def asks_before(question: str) -> bool:
    """Does the question ask what it was before a change ("what was it before?"), not by when ("before the quarter
    closes")?"""
    return bool(_BEFORE_RE.search(DEADLINE_RE.sub(" ", question)))


def asks_what_was_said(question: str) -> bool:
    """Does the question ask what the user told us ("what did I tell you about my diet?"): memory only."""
    return bool(_SAID_RE.search(question))


def asks_about_mine(question: str) -> bool:
    """Does the question ask for one of the user's own attributes ("what's my favourite colour?", "who is my
    manager?")? Only the user can have said it: documents never answer it."""
    return bool(_MINE_RE.match(question))


def asks_who_does(question: str) -> bool:
    """Does the question ask which person does something ("who handles billing?"): the user may have said."""
    return bool(_WHO_DOES_RE.match(question))


def asks_what_you_know(question: str) -> bool:
    """Does the question ask for everything remembered about the user ("what do you know about me?")?"""
    return bool(_ABOUT_ME_RE.search(question))


def asks_how_things_stand(question: str) -> bool:
    """Does the question ask how something stands now ("how big is the team now?", "who covers it these days")?"""
    return bool(_NOW_RE.search(question))


def asks_yes_no(question: str) -> bool:
    """Is the question a yes/no question about the user or their team ("am I still vegetarian?")?"""
    return bool(_YES_NO_RE.match(question)) or asks_what_was_said(question)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
MIN_TOLD_WORDS = 6  # a sentence that tells something, not "Thanks." or "Quick one."


def only_asks(text: str) -> bool:
    """Does the text only ask, with no sentence of its own that tells something? "... so I'm reporting to Marco Silva
    instead until she's back. Can you note that?" tells a change, then asks to note it."""
    if not asks(text):
        return False
    return not any(len(s.split()) >= MIN_TOLD_WORDS and not asks(s) for s in _SENTENCE_END.split(text.strip()))
