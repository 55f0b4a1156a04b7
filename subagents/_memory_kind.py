"""The kind of value a memory question asks for (a person, a place, a time, a number) and whether a memory gives one.

"when is the offsite?" is not answered by "The offsite is in Porto" (a place, not a time), nor "who runs the
offsite?" by it (no person): quoting it would answer another question with confidence. Generic English shapes.
"""

from __future__ import annotations

import re

from cognicore.memory._fact_words import NOT_NAMES, PERSON_ROLES
from cognicore.subagents.question_kind import Kind, asked_kind

__all__ = ["KIND_NAMES", "Kind", "asked_kind", "gives_kind", "holds_kind", "names_someone", "wrong_kind"]

_DIGIT = re.compile(r"\d")
_NUMBER_WORDS = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"hundred|thousand|million|billion|dozen|half|couple|few|several|once|twice|daily|weekly|monthly|yearly|"
    r"annually|quarterly|every|each|free|nothing|zero|none|unlimited|no\s+limit)\b",
    re.I,
)
_TIME_WORDS = re.compile(
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|"
    r"june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|"
    r"\b(?:morning|mornings|afternoon|afternoons|evening|evenings|night|nights|noon|midday|midnight|tonight|today|"
    r"tomorrow|yesterday|weekend|weekends|week|weeks|month|months|year|years|day|days|hour|hours|minute|minutes|"
    r"spring|summer|autumn|fall|winter|christmas|easter|eod|asap|always|never|daily|weekly|monthly|yearly|"
    r"quarterly|annually|biweekly|fortnightly|every|before|after|until|till|end|start|beginning|soon|later|now|"
    r"first|last|next)\b",
    re.I,
)
_PLACE_WORDS = re.compile(
    r"\b(?:room|floor|office|building|city|country|street|road|desk|home|remote|remotely|site|campus|hq|"
    r"headquarters|wing|level|basement|upstairs|downstairs|lobby|kitchen|warehouse|store|shop|branch|town|region|"
    r"online|channel|folder|drive|wiki|portal|page|board|inbox|here|there|abroad|nearby|next door)\b",
    re.I,
)
_NUMBERED = re.compile(
    r"\b(?!(?:at|by|before|after|until|till|on|from|to|is|are|was|in|every|around|about|of|within|under|over)\b)"
    r"[a-z]{2,}\s+#?\d+[a-z]?\b(?![:.]\d)(?!\s*(?:am|pm|h|hrs?|hours?|minutes?|mins?|days?|weeks?|%))",
    re.I,
)
_IN_A = re.compile(r"\b(?:in|at|on|inside|under|behind|near|beside|by)\s+(?:the|a|an|our|my|their)\s+[a-z]", re.I)
_PERSON_WORDS = re.compile(
    r"\b(?:i|me|we|us|user|team|department|desk|group|squad|vendor|supplier|partner|company|agency|"
    r"contractor|manager|lead|boss|head|owner|admin|administrator|director|vp|cto|ceo|cfo|coo|chief|person|someone|"
    r"nobody|no one|everyone|colleague|engineer|rep|representative|staff|he|she|they|them|him|her)\b",
    re.I,
)
_CALENDAR = re.compile(
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|January|February|March|April|May|June|July|August|September|"
    r"October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec"
)
_CAPITAL = re.compile(r"\b[A-Z][\w-]*")
_PERSON_IS = re.compile(
    r"\b(?:manager|lead|boss|head|owner|admin|administrator|director|supervisor|colleague|engineer|rep|"
    r"representative|contractor|contact|person|expert|buddy|mentor)(?:'s\s+name)?\s+(?:is|was|=|:)\s+[A-Z][\w-]*",
    re.I,
)
_ASKER = frozenset("i me my we us our".split())
_SUBJECT = re.compile(r"\b(?:the\s+user(?:'s|s')?|i|me|my|we|us|our)\b", re.I)
_LEADING_NAME = re.compile(r"^\W*[A-Z][a-z]+(?:'s)?\s+(?:is|was|has|had|will|can|[a-z]+(?:s|ed))\b")


def _named(text: str, *, person: bool = False) -> bool:
    """Is a word inside a sentence written with a capital (a name: "Porto", "Sam"), not its first word nor "I"?
    For a person, an acronym ("the SLA", "VPN tickets") is no name."""
    for m in _CAPITAL.finditer(text):
        before, word = text[: m.start()].rstrip(), m.group(0)
        if word == "I" or any(ch.isdigit() for ch in word) or _CALENDAR.fullmatch(word):
            continue  # "P1" is a code, "May" a month: neither a person nor a place
        if person and len(word) > 1 and word.isupper():
            continue
        if before and before[-1] not in ".!?:\"'(":
            return True
    return False


# "Priya is ...", "Omar manages me": a leading name doing something now (not "Account locked", a past participle)
_NAME_IS = re.compile(r"^\W*[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:is|was|will\s+be|has\s+been|[a-z]+[^s\W]s)\b")
_I_AM = re.compile(r"\b(?:i\s+am|i'm|i've\s+been)\b", re.I)


def names_someone(said: str, question: str) -> bool:
    """Do the user's own words name a person ("Priya is ...", "... goes to Sam", "I'm the ...", or a leading name with
    the asked role: "ben got promoted to desk lead")? Not "call someone", not "the manager": no one is named."""
    if _named(said, person=True) or _NAME_IS.search(said) or _I_AM.search(said):
        return True
    # a name first, then what it did ("Ben got promoted"), not an order ("Remind me ...", "Send the ...")
    first = re.match(r"\W*([A-Z][a-z]+)\s+(?!(?:me|us|the|a|an|to|my|our|your|it|them)\b)[a-z]", said)
    roles = {w for w in re.findall(r"[a-z]+", question.lower()) if w in PERSON_ROLES}
    return bool(first and first.group(1).lower() not in NOT_NAMES and roles & set(re.findall(r"[a-z]+", said.lower())))


def gives_kind(memory: str, kind: Kind) -> bool:
    """Does the memory's text hold a value of that kind (a lenient check: a name, a place word, a date, a digit)?"""
    if kind == "number":
        return bool(_DIGIT.search(memory) or _NUMBER_WORDS.search(memory))
    if kind == "time":
        return bool(_DIGIT.search(memory) or _TIME_WORDS.search(memory))
    if kind == "place":
        # A bare figure is no place ("at 9:15"); a numbered thing is ("locker 12", "room 118"), and so is what is
        # in, at or under something ("kept in the store room").
        return bool(_named(memory) or _PLACE_WORDS.search(memory) or _NUMBERED.search(memory) or _IN_A.search(memory))
    return bool(_named(memory, person=True) or _LEADING_NAME.search(memory) or _PERSON_WORDS.search(memory))


# A clock time ("at 7:30", "by 9am") and a numbered place ("the 2nd floor", "room 118"): values of their own kind.
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2}(?:\s*[ap]\.?m\b\.?)?|\s*[ap]\.?m\b\.?)", re.I)
_PLACE_UNITS = r"(?:floor|level|room|building|wing|desk|bay|gate|dock|suite|block|aisle|locker|platform|storey|story)"
_NUMBERED_PLACE = re.compile(
    rf"\b\d+(?:st|nd|rd|th)?\s+{_PLACE_UNITS}\b|\b{_PLACE_UNITS}\s+#?\d+[a-z]?\b(?![:.]\d)", re.I
)


def holds_kind(memory: str, kind: Kind) -> bool:
    """`gives_kind` with values of another kind set aside: a clock time is no number, a numbered place no time."""
    if kind == "number":
        memory = _CLOCK.sub(" ", memory)
    elif kind == "time":
        memory = _NUMBERED_PLACE.sub(" ", memory)
    return gives_kind(memory, kind)


KIND_NAMES: dict[Kind, str] = {
    "person": "who",
    "place": "where",
    "time": "when",
    "number": "how many or how much",
}


def wrong_kind(question: str, memory: str) -> str | None:
    """Why the memory does not answer the question's kind ("it does not say when"), or None when it may."""
    kind = asked_kind(question)
    if kind is None or kind == "reason":
        return None  # a reason is said in any words: no shape of the memory tells it is missing
    # A time, a place or a number is what the memory adds to the question: "quarterly" of "when is the quarterly
    # review?" names the asked thing, so "The quarterly review is held in the Oslo office" gives no time. (A person
    # is read from the sentence's shape, "Nadia runs our standup", which the question's verb is part of.)
    asked = {w.lower() for w in re.findall(r"[A-Za-z]+", question)}
    if kind == "person" and asked & _ASKER:
        # "who am I reporting to?": the asker is no answer, so the fact's own subject ("The user ...") names no one.
        memory = _SUBJECT.sub("", memory)
    if kind == "place":
        memory = _PERSON_IS.sub("x", memory)  # the name a person word is ("my manager is Dana") is no place
    added = re.sub(r"[A-Za-z]+", lambda m: "x" if m.group(0).lower() in asked else m.group(0), memory)
    if gives_kind(memory if kind == "person" else added, kind):
        return None
    return f"it does not say {KIND_NAMES[kind]}"
