"""The kind of value a memory gives by its shape, as the nouns a question asks it with (generic English).

The offline embedder knows no synonyms: "what computer am I using?" shares no word with "I'm on a MacBook Air now",
nor "which region am I responsible for?" with "The user is responsible for Central Asia". What the value looks like
says what it can answer: a make or model ("a MacBook Air", "a Pixel 8") is a device, a name a person covers or is
based in ("for Central Asia", "out of Lisbon") is a place or an area, a clock time ("7am", "9:30") says when a day
starts or ends. `shape_words` adds these nouns to the words a memory is matched by.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from cognicore.memory.text import stem, terms

# The nouns a question names a device by; a memory naming one of them answers for that noun only (a phone is no
# computer), one naming a make or model and no device noun answers for any.
_COMPUTERS = "computer computers machine laptop notebook pc desktop"
_PHONES = "phone phones handset mobile smartphone cellphone cell"
DEVICE_GROUPS = (f"{_COMPUTERS} device devices kit hardware", f"{_PHONES} device devices")
_DEVICE_NOUN = re.compile(rf"\b(?:{'|'.join(f'{_COMPUTERS} {_PHONES}'.split())})\b", re.I)
_DEVICE_WORDS = frozenset(stem(w) for w in f"{_COMPUTERS} {_PHONES} device kit hardware".split())
# "a MacBook Air", "a Dell Latitude 7440", "an iPhone 15": a thing of a make, not a person nor a place (they take
# no article). A word of the sentence's own ("a Noted ...") is not one: the name follows the article inside it.
_MAKE = re.compile(r"(?<=[a-z,]\s)\b(?:a|an)\s+(?:[A-Z]\w*|i[A-Z]\w*)(?:\s+(?:[A-Z]\w*|\d\w*)){0,3}")
# A name the user covers, handles or is based in: "responsible for Central Asia", "based out of Lisbon", "moved
# over to North Africa". Not after "the" ("the Contoso account" names an account).
_AREA = re.compile(
    r"\b(?:for|in|out\s+of|from|covers?|covering|handles?|handling|after|(?:over|moved|transferred|relocated)\s+to)\s+"
    r"(?:[A-Z][a-z]+|[A-Z]{2,})"
    r"(?:\s+[A-Z][a-z]+)?\b(?!\s+(?:team|squad|group|department|account|accounts|customer|client|project)\b)"
)
_AREA_WORDS = frozenset(
    stem(w) for w in "region territory area patch market country city town office site location base".split()
)
# "7am", "9:30", "from 7 to 3": a clock time tells when a day or a shift starts and ends.
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b", re.I)
_GROUP_WORDS = frozenset(stem(w) for w in "team group squad crew department unit pod division".split())
# "moved to the desktop support", "transferred over to billing", "joined the data folks": the group one is moved into
# (not a shift or a schedule, which say when).
_MOVED_INTO = re.compile(
    r"\b(?:moved|transferred|switched|reassigned|joined)\s+(?:over\s+|across\s+)?(?:to\s+|into\s+)?(?:the\s+)?"
    r"(?![^.]*\b(?:shifts?|rota|schedule|hours|nights?|days?|weekends?|mornings?|evenings?)\b)[a-z]",
    re.I,
)
# "which region ...", "what kind of laptop ...": the noun that names the kind of value asked.
_ASKED_NOUN = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:which|what)\s+(?:kind\s+of\s+|sort\s+of\s+|type\s+of\s+)?(\w+)", re.I)
# "on Wednesday and Friday", "Mondays": the days something happens or the user is somewhere.
_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekdays?\b|\bweekends?\b", re.I)
_DAY_WORDS = frozenset(stem(w) for w in "day days weekday weekdays".split())
_CLOCK_WORDS = frozenset(stem(w) for w in "start starts begin begins finish finishes end ends hours time".split())


def value_shape_words(text: str) -> frozenset[str]:
    """The nouns the shape of a memory's value answers: a device for a make or model with no device noun of its
    own, an area or place for a name covered or based in, the start and end of a day for a clock time."""
    found: set[str] = set()
    if _MAKE.search(text) and not _DEVICE_NOUN.search(text):
        found |= _DEVICE_WORDS
    if _AREA.search(text):
        found |= _AREA_WORDS
    if _MOVED_INTO.search(text):
        found |= _GROUP_WORDS
    if _CLOCK.search(text):
        found |= _CLOCK_WORDS
    if _WEEKDAY.search(text):
        found |= _DAY_WORDS
    return frozenset(found)


def asked_noun(question: str) -> str | None:
    """The stem of the noun a "which / what <noun>" question names when it is a kind of value a shape shows
    (a device, an area or place, a group), else None."""
    m = _ASKED_NOUN.match(question)
    noun = stem(m.group(1).lower()) if m else ""
    return noun if noun in _DEVICE_WORDS | _AREA_WORDS | _GROUP_WORDS | _DAY_WORDS else None


def sole_fact(
    noun: str, passages: Sequence[dict[str, Any]], text_of: Callable[[dict[str, Any]], str]
) -> dict[str, Any] | None:
    """The one current fact (not a note) whose words or value's shape give the kind of value `noun` names; None
    when none or several do."""
    said = [(p, text_of(p)) for p in passages if p.get("status") == "active"]
    fits = [p for p, text in said if noun in {*terms(text), *value_shape_words(text)}]
    return fits[0] if len(fits) == 1 and not fits[0].get("note") else None


def sole_answer(
    question: str, used: Sequence[int], passages: Sequence[dict[str, Any]], text_of: Callable[[dict[str, Any]], str]
) -> bool:
    """Does an answer quote only the one current fact (not a note) whose words or value's shape give the kind of
    value the question names ("which region am I responsible for?" and "The user moved to Central Asia")? No other
    fact could then answer it, though the question's other words are not in it."""
    noun = asked_noun(question)
    if noun is None or len(used) != 1:
        return False
    sole = sole_fact(noun, passages, text_of)
    return sole is not None and int(sole["index"]) == used[0]
