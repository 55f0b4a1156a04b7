"""Calibration of an answer from memory: does a recalled memory speak of the asked thing, or of a near one?

A memory that shares most of a question's words may still be about something else: "Our events budget is
$20,000" for "what's our travel budget?" (another kind of the same thing), "My sister lives in Oslo" for "where
do I live?" (someone of the user's, not the user). Quoting it as the answer would be confidently wrong; the
answer instead says what memory holds that is near, and that it is not sure. Generic English word shapes only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher

from cognicore.memory.text import STOPWORDS, stem
from cognicore.subagents._memory_holder import (
    opposite_end,
    other_filler,
    other_holder,
    other_own_thing,
    team_not_own,
)
from cognicore.subagents._memory_kind import wrong_kind

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:'[a-z]+)?")
_CLAUSE = re.compile(r"[.;:!?,](?:\s|$)|\n")
_ORDINALS = {
    w: str(i) for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)
}
# A possessive that opens a memory: "my sister ...", "our events budget ...", "the user's manager ...".
_POSSESSIVE = frozenset({"my", "our", "user's", "team's", "users'"})
# Words that open a noun phrase: the two words after one are a kind and its thing ("the night shift", "our events
# budget"), not a verb and its object ("to get alerts", "I start work").
_NOUN_OPENERS = frozenset(
    "the a an our my your their his her its this that these those for of on in about at with".split()
) | {""}
# People someone holds things of: "my sister lives in Oslo" is not where the user lives (generic English).
_PEOPLE = frozenset(
    stem(w)
    for w in """wife husband partner spouse sister brother mother father mom mum dad son daughter kid kids child
    children friend friends boss manager colleague coworker neighbour neighbor roommate flatmate family parents parent
    cousin uncle aunt grandma grandpa grandmother grandfather girlfriend boyfriend fiance fiancee assistant""".split()
)
_SUBJECT_PRONOUNS = frozenset({"i", "we", "i'm", "we're", "im"})
_OWN = frozenset({"my", "our", "mine", "ours"})
# A memory that quotes a saying ('The user said: "My brother works at Initech."') is about what the quote says.
_QUOTING = re.compile(
    r"""^\W*(?:the user|you|i|we)\s+(?:said|told me|mentioned)\s*:?\s*["\u201c](.+?)["\u201d]?\W*$""", re.I
)
MAX_ABBREVIATION = 4  # letters of the longest abbreviation read as its word's initials ("acct", "mgr", "db")
SPELLING = 0.8  # share of letters two spellings of one word have in common ("favorite", "favourite": 0.94)
MIN_PREFIX = 3  # letters a spelling or an abbreviation shares with its word ("fav", "favorite", "favourite")

Match = Callable[[str], bool]  # is a stemmed memory word one of the question's (with its paraphrases)?


def _token(word: str) -> str:
    """A word as compared: ordinals as figures ("second" and "2nd" are one floor), stemmed otherwise."""
    word = word.removesuffix("'s")
    if word in _ORDINALS:
        return _ORDINALS[word]
    ordinal = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", word)
    return ordinal.group(1) if ordinal else stem(word)


def _clauses(text: str) -> list[list[tuple[str, str]]]:
    """Each clause's words as (raw, compared) pairs; a hyphenated word is one ("wi-fi", "first-line")."""
    return [[(w, _token(w)) for w in _WORD.findall(clause)] for clause in _CLAUSE.split(text.lower())]


def _with_parts(words: set[str]) -> set[str]:
    """The words and the parts of the hyphenated ones ("first-line" also gives "first" and "line")."""
    return words | {_token(part) for w in words if "-" in w for part in w.split("-") if part}


def _content(word: str) -> bool:
    # "what's", "it's": a function word contracted with "is", no kind of a thing ("what's ravi's extension")
    return word not in STOPWORDS and word.removesuffix("'s") not in STOPWORDS and not word.isdigit()


def _same(a: str, b: str) -> bool:
    """One word, a spelling of it, or an abbreviation ("favorite" and "favourite", "fav", "db" and "database"):
    they open with the same MIN_PREFIX letters and one opens the other or they are mostly the same letters, or the
    short one's letters run in order through the long one. Two kinds of a thing rarely do ("events" and "travel",
    "travel" and "training", "p1" and "p2")."""
    short, long = sorted((a, b), key=len)
    if a == b or (len(short) >= MIN_PREFIX and a[:MIN_PREFIX] == b[:MIN_PREFIX]):
        if long.startswith(short) or SequenceMatcher(None, a, b).ratio() >= SPELLING:
            return True
    if len(short) < 2 or len(short) > MAX_ABBREVIATION or short[0] != long[0] or short.isdigit():
        return False
    rest = iter(long)
    return all(letter in rest for letter in short)  # a subsequence: "mgr" in "manager", "db" in "database"


def _trios(clause: list[tuple[str, str]]) -> list[tuple[tuple[str, str], ...]]:
    """Each two words side by side with the word before them ("" at the clause's start)."""
    padded = [("", ""), *clause]
    return [tuple(padded[i : i + 3]) for i in range(len(padded) - 2)]


def other_kind(question: str, memory: str, *, skip: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """("travel budget", "events budget") when the question names a kind of a thing ("travel budget") and the
    memory names another kind of it ("events budget"), side by side in both; None when the kinds agree.

    `skip` holds stems that only place the question in time or say how it is asked ("usual", "remind").
    """
    asked = [trio for clause in _clauses(question) for trio in _trios(clause)]
    said_clauses = _clauses(memory)
    said_words = _with_parts({t for clause in said_clauses for _, t in clause})
    asked_words = _with_parts({t for clause in _clauses(question) for _, t in clause})
    said_pairs = [trio for clause in said_clauses for trio in _trios(clause)]
    for (before, _), (m_raw, m), (h_raw, h) in asked:
        if h not in said_words or h in skip or not _content(h_raw):
            continue  # the memory does not name the thing
        if m_raw == "my":
            owner = _owner(said_pairs, h, asked_words)  # "whats my budget" vs "the marketing team's budget"
            if owner:
                return f"my {h_raw}", f"{owner} {h_raw}"
        if before not in _NOUN_OPENERS or not _content(m_raw) or m in skip or any(_same(m, w) for w in said_words):
            continue  # not a kind of the thing, or the memory names this kind of it too
        for (o_before, _), (o_raw, o), (_, h2) in said_pairs:
            # The memory's kind opens its noun phrase or extends it ("our wi-fi vendor", "the p2 escalation").
            if h2 != h or not _content(o_raw) or o[0].isdigit():
                continue
            if o_before not in _NOUN_OPENERS and not _content(o_before):
                continue  # a verb and its object ("prefers to get alerts"), not a kind
            if o not in asked_words and not _same(o, m) and not _with_parts({o_raw}) & asked_words:
                return f"{m_raw} {h_raw}", f"{o_raw} {h_raw}"
    return None


def _owner(said_pairs: list[tuple[tuple[str, str], ...]], thing: str, asked: set[str]) -> str | None:
    """Who else's the memory says the thing is ("the marketing team's budget"): not the user's or their team's,
    nor an owner the question names too ("my wife's birthday")."""
    for (o_before, _), (o_raw, o), (_, h2) in said_pairs:
        if h2 != thing or not o_raw.endswith("'s") or o_raw == "user's" or o in asked:
            continue
        if o_raw == "team's" and o_before in ("the", "our", "my", ""):
            continue  # "the team's budget": the user's own team
        return f"{o_before} {o_raw}" if _content(o_before) else o_raw
    return None


def someone_else(question: str, memory: str, matched: Match) -> str | None:
    """The holder ("my sister") when the question asks about the user ("where do I live?") and the memory says
    it of someone or something of theirs ("My sister lives in Oslo"); None otherwise."""
    asked = [raw for clause in _clauses(question) for raw, _ in clause]
    if not _SUBJECT_PRONOUNS & set(asked) or _OWN & set(asked):
        return None  # the question asks about "my X" itself, or is not about the user
    said = [pair for clause in _clauses(memory)[:1] for pair in clause]
    raws = [r for r, _ in said]
    start = next((i + 1 for i, r in enumerate(raws[:4]) if r in _POSSESSIVE), None)
    if start is None or start + 1 >= len(said):
        return None
    holder_raw, holder = said[start]
    if holder not in _PEOPLE:
        return None  # "my shift starts at 9" is about the user's own day
    # "my colleague Tom sits on the 4th floor" for "which floor do I sit on?"; the holder named by the question or a
    # paraphrase of it ("report to" is the manager), not only by the start of a verb ("manage" of "look after")
    exact = getattr(matched, "exact", matched)
    if not exact(holder):
        whose = {"my": "your", "user's": "your", "users'": "your", "team's": "the team's"}.get(raws[start - 1], "our")
        return f"{whose} {holder_raw}"
    return None


# "which region does my manager look after?", "what does my boss drink?": a person of the user's does something
# ("who is my manager?" asks who the person is: the user's own fact may say it).
_THEIRS_ASKED = re.compile(r"\b(?:does|did|do|will|has)\s+my\s+(?P<who>[a-z]+)\b", re.I)
_USERS = re.compile(r"^\W*(?:the user\b(?!'s)|i\b|i'm\b|i've\b)", re.I)


def the_asker_instead(question: str, memory: str) -> str | None:
    """Why a memory about the user does not answer a question about a person of theirs ("which region does my
    manager look after?" and "The user is responsible for Europe"), None when it may: it does not name that person
    as the user's ("my manager", "the user's manager")."""
    m = _THEIRS_ASKED.search(question)
    if m is None or stem(m.group("who").lower()) not in _PEOPLE or not _USERS.match(memory):
        return None
    who = m.group("who").lower()
    if re.search(rf"\b(?:my|user's|our)\s+(?:\w+\s+)?{re.escape(who)}", memory, re.I):
        return None
    return f"it is about you, not your {who}"


def near_miss(
    question: str, memory: str, matched: Match, *, skip: frozenset[str] = frozenset(), yes_no: bool = False
) -> str | None:
    """Why a memory that shares the question's words is about a near thing, not the asked one (None when it is
    about the asked thing): the sentence an unsure answer gives.

    For a `yes_no` question another kind of the thing is the answer, not a near miss: "am I still on the hardware
    team?" is answered "no" by "The user is on the identity team".
    """
    quoted = _QUOTING.match(memory)
    memory = quoted.group(1) if quoted else memory
    kinds = None if yes_no else other_kind(question, memory, skip=skip)
    if kinds is not None and not kinds[0].startswith("my ") and matched(stem(kinds[1].split()[0])):
        kinds = None  # a paraphrase of the asked kind ("the big discounts" for "a large discount?") is that kind
    if kinds is not None:
        asked = f"your {kinds[0].removeprefix('my ')}" if kinds[0].startswith("my ") else f"the {kinds[0]}"
        return f"it is about the {kinds[1]}, not {asked}"
    holder = someone_else(question, memory, matched)
    if holder is not None:
        return f"it is about {holder}, not about you"
    if (instead := the_asker_instead(question, memory)) is not None:
        return instead
    # Another person's or thing's ("Rahul's phone extension" for "Mia's extension?", "Aiko" for "where's Bruno?").
    other = (
        other_holder(question, memory, _same, yes_no=yes_no)
        or opposite_end(question, memory)
        or team_not_own(question, memory)
        or other_filler(question, memory, _same, yes_no=yes_no)
        or other_own_thing(question, memory, _same, skip=skip)
    )
    # Not the asked kind of value: "The offsite is in Porto" says where, not when.
    return other if other is not None else wrong_kind(question, memory)


class _Matcher:
    """A `Match` for the question's (widened) topic concepts; `exact` matches a whole word of them only."""

    def __init__(self, every: frozenset[str]) -> None:
        self._every = every

    def __call__(self, word: str) -> bool:
        return any(_same(word, w) for w in self._every if len(w) >= MIN_PREFIX) or word in self._every

    def exact(self, word: str) -> bool:
        return word in self._every


def asked_matcher(topic: Sequence[frozenset[str]]) -> Match:
    """A `Match` for the question's (widened) topic concepts."""
    return _Matcher(frozenset().union(*topic) if topic else frozenset())
