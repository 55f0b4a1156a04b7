"""When an answer from memory may be out of date: the user said something later that no fact reflects.

A fact is what the extractor read; what the user said is the evidence. A saying newer than the fact that
answers a question, about the same subject, from which no fact was read (the extractor missed a change worded
its own way: "Leon is covering", "everything lives in ServiceNow since the migration"), makes the fact doubtful:
the answer then quotes both, dated, and says it is not sure which holds, instead of the old fact alone.
Ordering uses the stored timestamps to the microsecond, since a change may come a minute after the fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from cognicore.memory.extraction import UNCLEAR_OBJECT, another_thing, gives_other_value, restated
from cognicore.memory.text import STOPWORDS, stem, terms, words
from cognicore.subagents._memory_asks import only_asks as asks  # a saying that tells, then asks, tells

# Words that say something changed or holds from some point on. Generic English, not a domain's words.
CHANGE_RE = re.compile(
    r"\b(?:now|nowadays|these days|no longer|any ?more|instead|switch(?:ed|ing)?|swap(?:ped)?|mov(?:e|ed|ing)|"
    r"chang(?:e|ed|ing)|gave up|give up|stopp?(?:ed)?|quit|from now on|since|replac(?:e|ed|ing)|rais(?:e|ed)|"
    r"cut|lower(?:ed)?|increas(?:e|ed)|bump(?:ed)?|dropp?(?:ed)?|left|leaving|join(?:ed)?|took over|tak(?:e|es) over|"
    r"hand(?:ed)? (?:\w+ )*?over|covering|cover(?:s)? for|anymore|not any|became|become|transferr?(?:ed|ing)?|"
    r"reassign(?:ed)?|relocat(?:e|ed)|promoted|rotated)\b",
    re.I,
)
# Words that deny what follows ("not PDF", "no longer vegetarian"): a passage with one does not say "yes".
NEGATION_RE = re.compile(r"\b(?:not|no longer|never|n't|any ?more|instead of|gave up|stopped|quit)\b|n't\b", re.I)
# Content words every memory shares, which say nothing about its subject.
_GENERIC = frozenset(stem(w) for w in "user users team people thing things".split())
SAME_FRAME = 0.6  # share of their words two statements of one thing with different values have in common
_NOUN_ENDS = ("ur", "al", "ment")  # stemmed endings of a noun made from a verb ("closur", "approval")
PREFIX = 5  # letters two words of one family share at least ("escalation", "escalate")
_CLAUSE = re.compile(r"[.;:!?](?:\s|$)|\n")  # the end of a clause: a phrase does not run across it
MIN_WORDS = 4  # content words a saying needs before it can cast doubt without naming the subject
_TOKEN = re.compile(r"[a-z0-9]+(?:[-'\u2019][a-z0-9]+)*'?")  # "manager's", "parents'" kept whole
_DETERMINERS = frozenset("the a an my our your his her their its this that".split())


def matches(concept: frozenset[str], present: Iterable[str]) -> bool:
    """Does a memory's word stem match the concept, or share its first PREFIX letters with one of its words?
    ("escalation" and "escalate" stem differently; both begin "escal")."""
    words = set(present)
    if concept & words:
        return True
    # A silent "e" the stemmer keeps in one form and drops in another: "page" and "paging" ("pag").
    if {t[:-1] for t in concept if len(t) >= 4 and t.endswith("e")} & words:
        return True
    # A noun of the verb ("close", "closure"; "approve", "approval"): stems too short to share PREFIX.
    if any(w.removesuffix(e) in concept for w in words for e in _NOUN_ENDS if w.endswith(e) and len(w) > len(e) + 3):
        return True
    heads = {t[:PREFIX] for t in concept if len(t) >= PREFIX}
    return any(w[:PREFIX] in heads for w in words if len(w) >= PREFIX)


def abbreviated(concept: frozenset[str], text: str) -> bool:
    """Is a word of the concept a consonant abbreviation of a word of `text` ("mtg" of "meeting", "mgr" of
    "manager"): no vowel, three letters or more, the same first and last letters, its letters in order?"""
    shorts = [t for t in concept if len(t) >= 3 and t.isalpha() and not set(t) & set("aeiouy")]
    if not shorts:
        return False
    written = set(re.findall(r"[a-z]+", text.lower()))
    return any(
        w[0] == t[0] and w[-1] == t[-1] and len(w) > len(t) + 1 and _in_order(t, w) for t in shorts for w in written
    )


def _in_order(short: str, word: str) -> bool:
    """Are the letters of `short` in `word`, in order?"""
    letters = iter(word)
    return all(ch in letters for ch in short)


def content_terms(text: str) -> frozenset[str]:
    """The stemmed content words of a memory, without the ones every memory shares."""
    return frozenset(terms(text)) - _GENERIC


def text_of(passage: dict[str, Any]) -> str:
    """A memory passage's own words (the statement, not the dated line built from it)."""
    return str(passage.get("statement") or passage.get("content") or "")


def said_words(passage: dict[str, Any]) -> str:
    """A memory's own words for quoting, without the final full stop."""
    return text_of(passage).strip().rstrip(".")


def plain_words(passage: dict[str, Any]) -> str:
    """A memory's words, lower case, for telling a saying and the fact read from it apart from others."""
    return " ".join(words(text_of(passage)))


def when(passage: dict[str, Any]) -> str:
    """The passage's start as a sortable ISO string: the exact stored time when known, else the minute shown."""
    return str(passage.get("since_exact") or passage.get("since") or "")


def last_stated(fact: dict[str, Any], sayings: Iterable[dict[str, Any]]) -> str:
    """When a fact was last said: its latest source saying among `sayings`, else when it became valid."""
    sources = set(fact.get("sources") or ())
    times = [when(s) for s in sayings if s.get("turn") and s.get("turn") in sources]
    return max([*times, when(fact)])


@dataclass(frozen=True, slots=True)
class _Since:
    """What the `*_since` checks weigh a later memory against: when the answer was last said, its words, the
    question's topic words, and the turns its facts were read from."""

    sayings: list[dict[str, Any]]
    base: str  # the answer's memories' latest time: only what came after may have changed them
    answer_words: frozenset[str]
    asked: frozenset[str]
    sources: set[str]  # the turns the answer's facts were read from
    turns: set[str]  # those and the answer's own sayings' turns


def _since(
    answer: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]]
) -> _Since:
    """The answer's frame for the `*_since` checks (`answer` is not empty)."""
    sayings = [p for p in passages if p.get("status") == "said"]
    sources = {t for p in answer for t in p.get("sources") or ()}
    return _Since(
        sayings=sayings,
        base=max(last_stated(p, sayings) if p.get("status") != "said" else when(p) for p in answer),
        answer_words=frozenset().union(*(content_terms(text_of(p)) for p in answer)),
        asked=frozenset().union(*topic) if topic else frozenset(),
        sources=sources,
        turns=sources | {str(p["turn"]) for p in answer if p.get("turn")},
    )


def unread_since(
    answer: Sequence[dict[str, Any]],
    sayings: Sequence[dict[str, Any]],
    topic: Sequence[frozenset[str]],
    *,
    persistence: bool,
) -> list[dict[str, Any]]:
    """The user's sayings, newest first, that came after the answer's memories, no fact was read from, and
    are about the same subject (they share a word with the question's topic or with an answering memory).

    With `persistence` (the question asks whether something still holds), any such later saying of some
    substance counts, even in words unrelated to the old one: the user asked precisely whether it changed.
    """
    if not answer:
        return []
    frame, used = _since(answer, sayings, topic), {id(p) for p in answer}
    doubtful = []
    for saying in frame.sayings:
        if id(saying) in used or saying.get("read") is not False or saying.get("turn") in frame.sources:
            continue  # a fact was read from it (or it is unknown): the facts already say what it meant
        if when(saying) <= frame.base or asks(text_of(saying)):
            continue
        if all(another_thing(text_of(saying), text_of(p)) or restated(text_of(saying), text_of(p)) for p in answer):
            continue  # another thing ("karim's commission rate", "the wi-fi certificate"), or the answer said again
        words = content_terms(text_of(saying))
        related = bool(words & (frame.answer_words | frame.asked))
        substantial = len(words) >= MIN_WORDS
        if related or (persistence and substantial) or (substantial and CHANGE_RE.search(text_of(saying))):
            doubtful.append(saying)
    return sorted(doubtful, key=when, reverse=True)


# A note quotes what the user said ('The user said: "..."'); who it is about is read from the quote's own words.
_NOTE_QUOTE = re.compile(r'^\W*the user said:\s*["\u201c](?P<said>.+?)["\u201d]?\W*$', re.I | re.S)
_ME = re.compile(r"\b(?:the user(?:'s)?|i|i'm|i've|i'd|my|me|mine)\b", re.I)
_US = re.compile(r"\b(?:we|we're|we've|our|ours|us|the team(?:'s)?)\b", re.I)


def quoted(note: dict[str, Any]) -> str:
    """What a note quotes (the user's own words), or the note's text when it quotes nothing."""
    m = _NOTE_QUOTE.match(text_of(note))
    return m.group("said") if m else text_of(note)


def _holders(text: str) -> set[str]:
    """Whose a statement speaks of: the user ("I", "my"), the team ("we", "our"), or neither."""
    return {h for h, pattern in (("user", _ME), ("team", _US)) if pattern.search(text)}


def slot_words(text: str) -> list[str]:
    """The words of a statement, lower case, without the ones that only say whose or of what its thing is
    ("manager's" of "my manager's birthday", "manager" of "the birthday of my manager")."""
    tokens = _TOKEN.findall(text.lower().replace("\u2019", "'"))
    owners = {i for i, t in enumerate(tokens[:-1]) if t.endswith(("'s", "s'"))}
    for i, t in enumerate(tokens[:-2]):
        if t in _DETERMINERS and tokens[i + 2] == "of":  # "the birthday of my manager": what follows is its owner
            owners |= {j for j in range(i + 3, min(i + 6, len(tokens))) if tokens[j] not in STOPWORDS}
    return [t for i, t in enumerate(tokens) if i not in owners]


def slot_terms(text: str) -> frozenset[str]:
    """The stemmed content words that name what a statement is about, without the ones that only say whose or of
    what it is: "manager" is the slot of "my manager is Lisa" but only the owner in "my manager's birthday is in
    May" (and in "the birthday of my manager"), whose slot is the birthday."""
    return content_terms(" ".join(slot_words(text)))


def noted_since(
    answer: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]]
) -> list[dict[str, Any]]:
    """Notes, newest first, kept after the answer's facts were last said, that may have changed them: the later
    statement on the slot that memory holds only as a note (no rule read a slot from it, so it superseded nothing).

    A note counts when it is about the slot the answer or the question is about (a word naming what the note is
    about names what they are about: "my manager's birthday is in May" is about a birthday, not who the manager
    is), or when it is worded as a change ("it's green tea for me now"), says something of substance and is about
    the same holder (the user's own drink, not the team's tooling).
    """
    if not answer:
        return []
    frame = _since(answer, passages, topic)
    answer_slots = frozenset().union(*(slot_terms(text_of(p)) for p in answer))
    holders = set().union(*(_holders(text_of(p)) for p in answer))
    found = []
    for note in passages:
        if not note.get("note") or note.get("status") != "active" or any(note is p for p in answer):
            continue
        if when(note) <= frame.base or frame.sources & set(note.get("sources") or ()):
            continue
        said = quoted(note)
        if all(another_thing(said, text_of(p)) or restated(said, text_of(p)) for p in answer):
            continue  # "Lena's shift starts at 10am" changes nothing of "my shift starts at 8am", nor a restatement
        slots = slot_terms(said)
        related = bool(slots & (answer_slots | frame.asked))
        words = content_terms(said)
        changed = len(words) >= MIN_WORDS and CHANGE_RE.search(said) is not None and bool(_holders(said) & holders)
        # A word of the answer's slot that the note uses only to say whose another thing is ("my manager's office
        # moved" for "my manager is Lisa"): the note speaks of that other thing, whatever change it tells.
        elsewhere = bool(words & answer_slots) and not related
        if related or (changed and not elsewhere):
            found.append(note)
    return sorted(found, key=when, reverse=True)


def reworded_since(
    answer: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]]
) -> list[dict[str, Any]]:
    """The user's later sayings, newest first, worded as a change of the answer's subject ("swapped my flat white
    for matcha") that a recalled current fact WAS read from, yet that fact neither is the answer nor ended it: the
    change landed on another slot, so the old fact still reads as current. The saying shares a content word with
    the answer's memories or the question's topic and says it changed (the fact read from it may have lost both)."""
    if not answer:
        return []
    frame = _since(answer, passages, topic)
    others = {
        t
        for p in passages
        if p.get("status") == "active" and not p.get("note") and all(p is not a for a in answer)
        for t in p.get("sources") or ()
    }
    found = [
        s
        for s in frame.sayings
        if s.get("read") is True
        and s.get("turn") in others
        and s.get("turn") not in frame.turns
        and when(s) > frame.base
        and not asks(text_of(s))
        and CHANGE_RE.search(text_of(s))
        and slot_terms(text_of(s)) & (frame.answer_words | frame.asked)
    ]
    return sorted(found, key=when, reverse=True)


def changed_since(
    answer: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]] = ()
) -> list[dict[str, Any]]:
    """Current facts, newest first, read after the answer's memories from other sayings, that share a content
    word with them or with the question's topic and are worded as a change ("moved me from the north to the south"),
    yet did not supersede them."""
    if not answer:
        return []
    frame = _since(answer, passages, topic)
    found = [
        p
        for p in passages
        if p.get("status") == "active"
        and all(p is not a for a in answer)
        and last_stated(p, frame.sayings) > frame.base
        and not frame.turns & set(p.get("sources") or ())
        and slot_terms(text_of(p)) & (frame.answer_words | frame.asked)  # not only as another thing's owner
        and CHANGE_RE.search(text_of(p))
    ]
    return sorted(found, key=when, reverse=True)


def valued_since(answer: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Later memories, newest first, of the answer's holder, worded as a change, that give another value of the
    answer's kind though they share none of its words ("the team switched to HubSpot" after "we log deals in
    Salesforce"): no rule tied them to the answer's slot, so whether they changed it is unknown."""
    if not answer:
        return []
    frame = _since(answer, passages, ())
    holders = set().union(*(_holders(text_of(p)) for p in answer))
    found = []
    for p in passages:
        said = quoted(p) if p.get("note") else text_of(p)
        if any(p is a for a in answer) or p.get("status") not in ("active", "said") or asks(said):
            continue
        if (p.get("status") == "said" and p.get("read") is not False) or frame.turns & set(p.get("sources") or ()):
            continue  # a saying some fact was read from: that fact is weighed instead
        if when(p) <= frame.base or not CHANGE_RE.search(said) or not _holders(said) & holders:
            continue
        if all(not gives_other_value(said, text_of(a)) or another_thing(said, text_of(a)) for a in answer):
            continue
        found.append(p)
    return sorted(found, key=when, reverse=True)


def told(passage: dict[str, Any]) -> bool:
    """A saying that tells something no fact holds (not a question): evidence of its own about the user."""
    return passage.get("status") == "said" and passage.get("read") is False and not asks(text_of(passage))


def newer_change(facts: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """Of several current facts answering one question, the newest when it was worded as a change, or when it
    says the same as an older one but for its value ("Our budget is $40,000" then "Our budget is $55,000")."""
    if len(facts) < 2:
        return None
    newest = max(facts, key=when)
    if CHANGE_RE.search(text_of(newest)):
        return newest
    return newest if any(same_frame(newest, f) for f in facts if f is not newest) else None


def same_frame(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Do two memories say the same thing but for their values (figures, names, dates)? Most of their words
    other than numbers are shared, and their values differ."""
    words_a, words_b = (frozenset(t for t in terms(text_of(p)) if not t[0].isdigit()) for p in (a, b))
    if not words_a or not words_b or terms(text_of(a)) == terms(text_of(b)):
        return False
    shared = len(words_a & words_b) / len(words_a | words_b)
    return shared >= SAME_FRAME


def said_before(
    current: Sequence[dict[str, Any]], sayings: Sequence[dict[str, Any]], topic: Sequence[frozenset[str]]
) -> list[dict[str, Any]]:
    """The user's sayings on the question's topic, oldest first, that came before the current facts were last
    said and that no fact was read from: what it was before a change, when the extractor missed the first."""
    if not current or not topic:
        return []
    base = min(last_stated(p, sayings) for p in current)
    own = {t for p in current for t in p.get("sources") or ()}
    found = []
    for saying in sayings:
        if saying.get("read") is not False or saying.get("turn") in own or when(saying) >= base:
            continue
        words = frozenset(terms(text_of(saying)))
        if not asks(text_of(saying)) and sum(1 for c in topic if matches(c, words)) / len(topic) >= 0.5:
            found.append(saying)
    return sorted(found, key=when)


def is_unclear(passage: dict[str, Any]) -> bool:
    """Is the memory the extractor's marker of a change it could not read (the old value ended, no new one)?"""
    return str(passage.get("object") or "").strip().lower() == UNCLEAR_OBJECT


def saying_of(fact: dict[str, Any], sayings: Iterable[dict[str, Any]]) -> dict[str, Any] | None:
    """The newest recalled saying a fact was read from, or None."""
    sources = set(fact.get("sources") or ())
    found = [s for s in sayings if s.get("turn") and s.get("turn") in sources]
    return max(found, key=when) if found else None


def names_own_phrase(question: str, memories: Sequence[dict[str, Any]], documents: Sequence[dict[str, Any]]) -> bool:
    """Does a memory hold two of the question's content words side by side ("pricing review") that no
    document holds side by side? Then the question names something the user told about, not the documents."""
    asked = terms(question)
    pairs = {(a, b) for a, b in pairwise(asked) if a != b}
    if not pairs:
        return False

    def pairs_in(text: str) -> set[tuple[str, str]]:  # side by side within a clause, not across a full stop
        return {pair for clause in _CLAUSE.split(text) for pair in pairwise(terms(clause))} & pairs

    in_memory = set().union(*(pairs_in(text_of(p)) for p in memories)) if memories else set()
    in_documents = (
        set().union(*(pairs_in(f"{p.get('title') or ''}. {p.get('content') or ''}") for p in documents))
        if documents
        else set()
    )
    return bool(in_memory - in_documents)


def replaced(current: Sequence[dict[str, Any]], passages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The recalled ended facts, oldest first, that the current ones superseded: what it was before the change,
    however differently the two were worded ("based in Paris" before "based in the Madrid office")."""
    ids = {p.get("fact_id") for p in current if p.get("fact_id") is not None}
    found = [p for p in passages if p.get("status") not in ("active", "said") and p.get("superseded_by") in ids]
    return sorted(found, key=when) if ids else []
