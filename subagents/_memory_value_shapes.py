"""The kind of value a memory gives by its shape, as the nouns a question asks it with (generic English).

The offline embedder knows no synonyms: "what computer am I using?" shares no word with "I'm on a MacBook Air now",
nor "which region am I responsible for?" with "The user is responsible for Central Asia". What the value looks like
says what it can answer: a make or model that names no other thing ("on a MacBook Air now") may be a device (hedged),
a name a person covers ("responsible for Central Asia") is a region or territory, one they are based in ("out of
Lisbon") an office or site, a clock time ("7am", "9:30") says when a day starts or ends. `shape_words` adds these
nouns to the words a memory is matched by.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from cognicore.memory._fact_words import PERSON_ROLES
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
# The words of a fact that name no thing beside its make: who uses it, how and since when ("The user is on a MacBook
# Air now", "works on a Lenovo Yoga 9 these days"). Any other word may name the thing of the make ("car", "tablet",
# "printer", "coffee machine") or its holder ("wife"): a make alone is then no answer to a computer or phone question.
_NAMES_NO_THING = frozenset(
    stem(w)
    for w in """user users said use uses using used work works working got get gets given issued have has had new now
    currently lately recently just last these days day week month switched moved upgraded swapped running runs main
    daily m ve""".split()
)
# A name the user covers or handles ("responsible for Central Asia", "covers Iberia", "moved over to North Africa"),
# and a name the user is based in ("based out of Lisbon", "works from Leeds"): what they cover answers "which region /
# territory", where they are based "which office / site". Not after "the" ("the Contoso account" names an account),
# nor a month, a weekday or a holiday ("on holiday in August": a time, not a place).
_NAME_AFTER = (
    r"(?!(?i:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|christmas|easter)"
    r"[a-z]*)\b)(?:[A-Z][a-z]+|[A-Z]{2,})(?:\s+[A-Z][a-z]+)?\b"
    r"(?!\s+(?:team|squad|group|department|account|accounts|customer|client|project)\b)"
)
_AREA = re.compile(
    r"\b(?i:responsible\s+for|in\s+charge\s+of|covers?|covering|handles?|handling|looks?\s+after|looking\s+after|"
    r"(?:moved|transferred|relocated|reassigned)\s+(?:over\s+|across\s+)?to)\s+" + _NAME_AFTER
)
_PLACE = re.compile(
    r"\b(?i:based|located|stationed|sits?|sitting|works?|working)\s+(?i:in|at|out\s+of|from)\s+(?:the\s+)?"
    + _NAME_AFTER
)
_AREA_WORDS = frozenset(stem(w) for w in "region territory area patch market country".split())
_PLACE_WORDS = frozenset(stem(w) for w in "office site location base city town".split())
# "7am", "9:30", "from 7 to 3": a clock time tells when a day or a shift starts and ends.
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b", re.I)
_GROUP_WORDS = frozenset(stem(w) for w in "team group squad crew department unit pod division".split())
# "moved to the desktop support", "transferred over to billing": the group a person is moved into, named (not "a new
# pension provider", a thing one gets; nor a shift or a schedule, which say when). Joining says less ("joined a book
# club"): the thing joined is a group of work only when the fact names one ("joined the data folks", "the Wi-Fi squad").
_WORK_GROUP = r"(?:teams?|groups?|squads?|crews?|departments?|units?|pods?|divisions?|folks|desks?|queues?)"
# A thing one moves to or gets that is no group of people: a new or an indefinite one ("a new pension provider", "the
# new CRM platform", "the evening MBA programme"), unless the fact names a group.
_NO_GROUP = (
    r"(?!(?:an?|new|the\s+new)\s)"
    r"(?![^.,;]*\b(?:providers?|platforms?|programmes?|programs?|courses?|clients?|tools?|systems?|apps?|software|"
    r"flats?|house|apartment|home|floor|building|city|country)\b)"
)
_MOVED_INTO = re.compile(
    r"\b(?:(?:moved|transferred|switched|reassigned)\s+(?:over\s+|across\s+)?(?:(?:to|into)\s+|(?!(?:to|into)\s))"
    + rf"(?:(?=[^.,;]*\b{_WORK_GROUP}\b)|{_NO_GROUP})"
    + rf"|joined\s+(?=(?:[\w-]+\s+){{0,4}}?{_WORK_GROUP}\b))(?:the\s+)?"
    r"(?![^.]*\b(?:shifts?|rota|schedule|hours|nights?|days?|weekends?|mornings?|evenings?)\b)[a-z]",
    re.I,
)
# "which region ...", "what kind of laptop ...": the noun that names the kind of value asked.
_ASKED_NOUN = re.compile(r"^\W*(?:\w+\W+){0,3}?(?:which|what)\s+(?:kind\s+of\s+|sort\s+of\s+|type\s+of\s+)?(\w+)", re.I)
# "on Wednesday and Friday", "Mondays": the days something happens or the user is somewhere.
_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekdays?\b|\bweekends?\b", re.I)
_DAY_WORDS = frozenset(stem(w) for w in "day days weekday weekdays".split())
_CLOCK_WORDS = frozenset(stem(w) for w in "start starts begin begins finish finishes end ends hours time".split())


# A ranking ("which region are we strongest in?", "which component are we slowest on?", "the busiest", "the most",
# "better"): a measure compared, which the data holds, not a value the user told. Any superlative, but not a word that
# only ends so ("interest", "request", "west"), nor the newest or latest, which pick a told fact by its time.
_RANKING = re.compile(
    r"\b(?!(?:interest|request|suggest|honest|modest|forest|harvest|invest|manifest|protest|contest|digest|arrest|"
    r"attest|guest|quest|conquest|inquest|bequest|midwest|northwest|southwest|earnest|behest|ingest|divest|detest|"
    r"infest|unrest|crest|chest|latest|newest|earliest|test|rest|nest|pest|west|vest|zest|jest|lest)\b)"
    r"[a-z]{2,}est\b|\b(?:most|least|fewest|best|worst|better|worse)\b",
    re.I,
)


# "which vendor do I like best?", "what do I enjoy most?": a liking told, not a measure ranked.
_LIKED_MOST = re.compile(
    r"\b(?:like|likes|love|loves|prefer|prefers|enjoy|enjoys|want|wants)\s+(?:\w+\s+)?(?:best|most)\b", re.I
)


def asks_ranking(question: str) -> bool:
    """Does the question rank or compare a measure ("which region are we strongest in?"), not a liking?"""
    return bool(_RANKING.search(_LIKED_MOST.sub(" ", question)))


def make_only(text: str) -> bool:
    """Does the memory name a make or model and nothing of what it is ("The user is on a MacBook Air now")? It may
    be the asked device, or not: the answer hedges."""
    return (
        bool(_MAKE.search(text))
        and not _DEVICE_NOUN.search(text)
        and not set(terms(_MAKE.sub(" ", text))) - _NAMES_NO_THING
    )


def device_only_by_make(topic: Sequence[frozenset[str]], text: str) -> str | None:
    """Why a memory that names only a make ("The user is on a MacBook Air now") does not say it is the device a
    question asks about ("which laptop ...?"): the reason to hedge, or None when the question asks no device or the
    memory says what its make is."""
    asks_device = any(c & _DEVICE_WORDS for c in topic)
    if not asks_device or not make_only(text):
        return None
    make = _MAKE.search(text)
    return f"it names {make.group(0) if make else 'a make'}, not that it is the device you asked about"


def value_shape_words(text: str) -> frozenset[str]:
    """The nouns the shape of a memory's value answers: a device for a make or model that names no thing of its own
    (a car, a tablet or a printer of a make is no computer), a region or territory for a name covered, an office or
    site for a name based in, a group for the named group moved into, the start and end of a day for a clock time."""
    found: set[str] = set()
    if make_only(text):
        found |= _DEVICE_WORDS
    if _AREA.search(text):
        found |= _AREA_WORDS
    if _PLACE.search(text):
        found |= _PLACE_WORDS
    if _MOVED_INTO.search(text):
        found |= _GROUP_WORDS
    if _CLOCK.search(text):
        found |= _CLOCK_WORDS
    if _WEEKDAY.search(text):
        found |= _DAY_WORDS
    return frozenset(found)


def asked_noun_stem(question: str) -> str | None:
    """The stem of the noun a "which / what <noun>" question names ("region" of "which region am I in?"), any noun."""
    m = _ASKED_NOUN.match(question)
    return stem(m.group(1).lower()) if m else None


def asked_noun(question: str) -> str | None:
    """The stem of the noun a "which / what <noun>" question names when it is a kind of value a shape shows
    (a device, an area or place, a group), else None."""
    m = _ASKED_NOUN.match(question)
    noun = stem(m.group(1).lower()) if m else ""
    return noun if noun in _DEVICE_WORDS | _AREA_WORDS | _PLACE_WORDS | _GROUP_WORDS | _DAY_WORDS else None


# Whose fact it is: the asker's ("The user ...", "Our ...", 'The user said: "I ..."'), not someone else's ("Ben is in
# the office on Mondays", "The user's manager covers Europe", 'The user said: "My wife uses ..."').
_KIN = frozenset(
    "wife husband partner daughter son kid kids child children mother mum mom father dad sister brother".split()
)
_OTHERS = "|".join(sorted(PERSON_ROLES | _KIN))
_ASKERS = re.compile(
    rf"^\W*(?:the\s+user\b(?!'s\s+(?:\w+\s+)?(?:{_OTHERS})\b)(?!\s+said\b)|the\s+team\b|our\b|we\b)"
    rf"|\bsaid:?\s*[\"']\s*(?:i\b|i'm\b|i've\b|we\b|we're\b|(?:my|our)\b(?!\s+(?:\w+\s+)?(?:{_OTHERS})\b))",
    re.I,
)


def the_askers(text: str) -> bool:
    """Is the memory about the asker or their team, not about someone else they told of?"""
    return bool(_ASKERS.search(text))


def kind_words(passage: dict[str, Any]) -> frozenset[str]:
    """The nouns a memory answers by the kinds of the data values it names (`kinds`, from the deployment's data):
    "region" for "Nordics", with the area nouns when the kind is one ("territory", "patch")."""
    kinds = frozenset(str(k) for k in passage.get("kinds") or ())
    return kinds | (_AREA_WORDS if kinds & _AREA_WORDS else frozenset())


def sole_fact(
    noun: str, passages: Sequence[dict[str, Any]], text_of: Callable[[dict[str, Any]], str]
) -> dict[str, Any] | None:
    """The one current fact (not a note) of the asker's whose words, value's shape or data kind give the kind of
    value `noun` names; None when none or several do. Someone else's fact ("Ben is in the office on Mondays") is no
    candidate."""
    said = [(p, text_of(p)) for p in passages if p.get("status") == "active"]
    fits = [
        p for p, text in said if the_askers(text) and noun in {*terms(text), *value_shape_words(text), *kind_words(p)}
    ]
    return fits[0] if len(fits) == 1 and not fits[0].get("note") else None


def sole_answer(
    question: str, used: Sequence[int], passages: Sequence[dict[str, Any]], text_of: Callable[[dict[str, Any]], str]
) -> bool:
    """Does an answer quote only the one current fact (not a note) whose words or value's shape give the kind of
    value the question names ("which region am I responsible for?" and "The user moved to Central Asia")? No other
    fact could then answer it, though the question's other words are not in it."""
    noun = asked_noun(question)
    if noun is None or len(used) != 1 or asks_ranking(question):  # "which region are we weakest in?": the data's
        return False
    sole = sole_fact(noun, passages, text_of)
    return sole is not None and int(sole["index"]) == used[0]
