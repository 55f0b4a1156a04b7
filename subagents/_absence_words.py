"""How a checked absence reads a question: its capitalised names and codes, the words it asks about after its
question word (and the head among them), and each word's full-text forms with its paraphrase group."""

from __future__ import annotations

import re

from cognicore.memory.text import NUMBER_WORDS, STOPWORDS, TIME_UNIT, stem
from cognicore.subagents._answer_shape import LIGHT_VERBS
from cognicore.subagents._question_terms import ALTERNATIVES, NOISE, PHRASES

__all__ = ["MIN_PREFIX", "PLAIN", "any_of", "asked_words", "in_group", "name_runs", "word_forms"]

# Words for the people of a place or team, one paraphrase group of general English: a passage giving a
# headcount may say any of them.
PEOPLE_WORDS = (
    "people", "ppl", "folks", "staff", "employees", "employee", "headcount", "workforce", "personnel", "workers",
)  # fmt: skip
# Words for settling a ticket or a request, one paraphrase group of general English: a passage giving a
# resolution time may say any of them.
RESOLVE_WORDS = (
    "resolve", "resolved", "resolution", "fix", "fixed", "solve", "solved", "close", "closed", "closure",
    "complete", "completed", "finish", "finished",
)  # fmt: skip

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
_CODE = re.compile(r"^[a-z]+-?\d+$")
PLAIN = re.compile(r"^[a-z0-9]+$")

# A calendar word or a date written as a code ("September", "Mon", "Q3", "FY24", "Sep-24"): when something
# happened, never the subject a question is about.
_MONTHS = (
    r"january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_WEEKDAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun"
_CALENDAR = re.compile(rf"^(?:(?:{_MONTHS}|{_WEEKDAYS})(?:-?\d+)?|q[1-4]|fy-?\d+)$")


def name_runs(question: str) -> list[list[str]]:
    """Runs of the question's capitalised words and codes ("Zephyr Kettle Pro", "P3"), not its first word."""
    runs: list[list[str]] = []
    current: list[str] = []
    for match in _TOKEN.finditer(question):
        token = match.group(0).removesuffix("'s").removesuffix("’s")
        before = question[: match.start()].rstrip()
        opens = not before or before[-1] in ".!?:\"'("
        named = (token[0].isupper() and not opens and token != "I") or bool(_CODE.match(token.lower()))
        named = named and not _CALENDAR.match(token.lower())  # "since September 2024", "in Q3": a date, no subject
        adjacent = current and not question[match.start() - 1 : match.start()].strip() and before[-1:].isalnum()
        if named and (adjacent or not current):
            current.append(token)
        elif named:
            runs.append(current)
            current = [token]
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


# A number or a time unit is the answer's, never the asked thing; "night" is not one here ("see at night" asks a range).
_UNIT_OR_NUMBER = re.compile(rf"^(?:\d+|{'|'.join(NUMBER_WORDS)}|(?!nights?$)(?:{TIME_UNIT}))$")
# Where a question starts asking: after its question word ("how many", "what's the", "which"), or its auxiliary
# in a yes/no question ("does", "is").
_OPENING = re.compile(
    r"\b(?:how (?:many|much|long|often|far|soon|fast|quickly|big|old)|what(?:'s|’s)?|which|who|whom|when|where|why"
    r"|does|do|did|is|are|was|were|can|will|should|has|have)\b",
    re.I,
)
_YES_NO = re.compile(r"^(?:does|do|did|is|are|was|were|can|will|should|has|have)$", re.I)


def _content(word: str, names: set[str]) -> bool:
    return not (
        word in names
        or word in STOPWORDS
        or stem(word) in NOISE
        or stem(word) in LIGHT_VERBS
        or _UNIT_OR_NUMBER.match(word)
        or not PLAIN.match(word)
    )


def asked_words(question: str, names: set[str]) -> tuple[list[str], list[str]]:
    """The question's content words after its question word, and among them the head, the thing asked ("battery
    life", "people", "different colours"): the noun after "how many", else the first run of content words,
    names and units of the answer ("how many hours") skipped."""
    opening = _OPENING.search(question)
    rest = question[opening.end() :] if opening else question
    for phrase, word in PHRASES.items():
        rest = re.sub(rf"\b{phrase}\b", f" {word} ", rest, flags=re.I)
    tokens = [t.lower().removesuffix("'s").removesuffix("’s") for t in _TOKEN.findall(rest)]
    asked = list(dict.fromkeys(w for w in tokens if _content(w, names)))
    if opening and opening.group(0).lower() == "how many" and tokens and _content(tokens[0], names):
        return asked, tokens[:1]  # "how many people work at ...": the counted noun
    if not opening or _YES_NO.match(opening.group(0)):
        return asked, asked  # "does X run on a battery?": the whole predicate is asked
    run: list[str] = []
    for word in tokens:
        if _content(word, names):
            run.append(word)
        elif run:
            break
    return asked, run


_GROUP_OF = {stem(w): (w, *others) for w, others in ALTERNATIVES.items()}
_GROUP_OF |= {stem(w): PEOPLE_WORDS for w in PEOPLE_WORDS}
_GROUP_OF |= {stem(w): RESOLVE_WORDS for w in RESOLVE_WORDS}
MIN_PREFIX = 4  # a shorter stem as a prefix would match unrelated words


def word_forms(word: str) -> list[str]:
    """A word and its paraphrases as full-text terms; a stem is a prefix, so every form of it counts
    ("deliver:*" holds "delivers" and "delivery")."""
    out = []
    for w in dict.fromkeys([word, *_GROUP_OF.get(stem(word), ())]):
        base = stem(w)
        out += [w, f"{base}:*"] if len(base) >= MIN_PREFIX and PLAIN.match(base) else [w]
    return [w for w in dict.fromkeys(out) if PLAIN.match(w.removesuffix(":*"))]


def in_group(word: str) -> bool:
    """Does the word belong to a paraphrase group (its other wordings are known, so all can be checked)?"""
    return stem(word) in _GROUP_OF


def any_of(forms: list[str]) -> str:
    return "(" + " | ".join(forms) + ")"
