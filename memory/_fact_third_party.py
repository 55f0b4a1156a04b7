"""Whose a clause or a memory is, read from how it opens: the user's (or the user's team's) own, or a third party's
(a named person, another group, "he"/"they"). One reading for storing (a change of another owner ends none of the
user's facts) and answering (another owner's memory answers no question about the asker)."""

from __future__ import annotations

import re
from functools import lru_cache

from spellchecker import SpellChecker

from cognicore.memory._fact_words import NOT_NAMES

__all__ = ["third_party"]

# "Tom's desk phone ...", "My colleague Ravi's extension ...": a named person's thing.
_NAMES_THING = re.compile(
    r"^\W*(?:(?:[Mm]y|[Oo]ur)\s+[a-z]+(?:\s+[a-z]+)?\s+)?(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?'s\b"
    # "Courier's arriving", "Ben's on leave", "Marcus's my lead": "'s" is "is" or "has", no possessive
    r"(?!\s+(?:[a-z]+(?:ing|ed)|been|gone|got|not|now|on|in|at|off|back|out|up|down|over|the|a|an|my|our|your)\b)"
)
# "Ravi is responsible for ...", "Ravi prefers ...", "Hannah, my manager, is on ...": a named person doing or being,
# followed by a verb ("Moved over to ...", "Heads up: ..." open with a capital but name no one).
_NAME_DOES = re.compile(
    r"^\W*(?P<name>[A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?(?:,\s+(?:my|our)\s+[a-z]+(?:\s+[a-z]+)?,)?\s+"
    r"(?:[a-z]+(?:ed|es|s|ing)|is|was|has|had|took|went|got|gave|left|now|just|also|still|will|can|does|did|sits|runs)\b"
    # "Chloe's on the Email queue", "Ben's been moved": "'s" as "is" or "has"
    r"|^\W*(?P<named>[A-Z][a-z]+)'s\s+(?:on|in|at|off|back|out|now|not|been|gone|got|[a-z]+ing)\b"
)
# A first word this frequent in pyspellchecker's corpus opens a sentence ("Good news, ..."), it names no one; rarer
# given names ("Grace", "Hannah") are under it.
_COMMON_WORD = 2e-5
# "The finance team moved ...", "the night shift's rota ...": another group, named by a word of its own (a bare "the
# team" may be the user's); "He's on ...", "their rota ...": a third person.
_GROUP_DOES = re.compile(
    r"^\W*(?:the\s+)?(?!(?:the|team|department|group|squad|org|shift|crew|my|our|your|this|that|a|an)\b)"
    r"(?P<name>[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:team|department|dept|group|squad|org|shift|crew))"
    r"(?:'s\b|\s+(?:[a-z]+(?:ed|es|s)|is|are|was|were|has|have|had|took|went|got|gave|now|just|also|still|will)\b)",
    re.I,
)
_THIRD_PERSON = re.compile(r"^\W*(?P<name>he|she|his|her|their)\b(?!\s+(?:me|us|my|our)\b)", re.I)
# A report of what someone says is so: the owner is that of what is reported.
_REPORTED = re.compile(
    r"^\W*(?:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?|the\s+\w+(?:\s+\w+)?)\s+(?:says|said|thinks|reckons|claims|told\s+(?:me|us))"
    r"\s+(?:that\s+)?(?=\S)"
)
_THE_USER = re.compile(r"\b(?:the\s+user|i|i'm|i've|i'd|i'll|me|myself|we|we're|we've|us|ours|mine)\b", re.I)
_MINE = re.compile(r"\b(?:my|our)\b", re.I)


def third_party(text: str) -> str | None:
    """Who a clause or memory that names neither the user nor the user's team is about: a named person, another group
    or a third person, as the text calls them; None for the user's own, or a text whose owner it does not say."""
    text = _REPORTED.sub("", text, count=1)  # "Ben says the standup is at 9:30": whose the standup is, not Ben's
    if _THE_USER.search(text):
        return None  # the user is named too ("Dana works printers and the user works the network queue")
    m = _NAMES_THING.match(text)
    if m is None:
        m = _NAME_DOES.match(text)
        apposition = m is not None and "," in text[: m.end()]
        if m is not None and _MINE.search(text) and not apposition:
            return None  # "Hannah Berg is my manager": the user's manager, named
    name = m and (m.group("name") or m.group("named"))
    if name and name.lower() not in NOT_NAMES and _rare(name.lower()):
        return name
    if _MINE.search(text):
        return None  # "The weekly call of my team ...": the user's own
    m = _GROUP_DOES.match(text) or _THIRD_PERSON.match(text)
    return None if m is None else m.group("name")


@lru_cache(maxsize=4096)
def _rare(word: str) -> bool:
    """Is `word` rare enough in general English to be a name when it opens a sentence?"""
    return _checker().word_usage_frequency(word) < _COMMON_WORD


@lru_cache(maxsize=1)
def _checker() -> SpellChecker:
    return SpellChecker()
