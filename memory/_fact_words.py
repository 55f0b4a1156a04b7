"""Shared words and helpers of the offline `extract_facts` rules: cleaning an object, checking it, making a fact.

Read by `memory._fact_rules` and its rule tables (`_fact_decisions`, `_fact_personal`); generic English only.
"""

from __future__ import annotations

import re
from typing import Any

Fact = dict[str, Any]

WEEKDAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
MONTHS = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
# A change only supposed or wished for ("worst case, finance could cut it", "say they raised it", "finance wants to
# cut it"): in general English it has not happened, so it ends no known fact.
SUPPOSED = r"(?:could|would|worst\s+case|let'?s\s+say|suppose|imagine|wants?\s+to|plan(?:s|ning)?\s+to)"
# The calendar's words, defined once for the whole engine: a day or a month is when something happens, never a
# person or a tool, though a sentence writes it with a capital.
WEEKDAY_NAMES = tuple(WEEKDAYS[3:-1].split("|"))
MONTH_NAMES = tuple(MONTHS[3:-1].split("|"))
# A month's name, whole or short ("Nov", "sept"), as a word.
MONTH_WORDS = frozenset((*MONTH_NAMES, *(name[:3] for name in MONTH_NAMES), "sept"))
CALENDAR_WORDS = frozenset((*WEEKDAY_NAMES, *(day + "s" for day in WEEKDAY_NAMES), *MONTH_NAMES))
# A calendar word said in a clause, days in the plural too ("on Mondays"), as a regular expression.
CALENDAR = r"(?:" + "|".join(sorted(CALENDAR_WORDS, key=len, reverse=True)) + r")"
# Words that start a sentence with a capital but never name a person ("So", "Everyone", "Today").
NOT_A_NAME = frozenset(
    "i we my our the this that these those it they he she you everyone nobody someone somebody anyone there "
    "here what who which when where why how please so and but also now then today tomorrow yesterday".split()
)
# First names that are also common words: written in lower case they are the word ("will", "can", "mark").
WORD_NAMES = frozenset("will can mark bill pat sue rob hope grace joy art chase frank rose".split())
# Nothing a rule may read (or write back) as a person's name, whatever its capital.
NOT_NAMES = CALENDAR_WORDS | NOT_A_NAME | WORD_NAMES
# A named person moving themselves ("lars moved to the Oslo team", "Ana transferred to the Leeds site"): where
# they went, not who holds what they held.
PERSON_MOVED = (
    r"(?:has\s+|just\s+|got\s+|was\s+|had\s+)*(?:moved|relocated|transferred|switched|went|rotated|seconded)"
    r"(?:\s+(?:back|over|across))?\s+(?:to|into|onto)\b"
)
# A change said outright, in general English: the message tells that what was told before no longer holds.
CHANGE_CUES = (
    r"now|nowadays|these\s+days|no\s+longer|not\b[^.;!?]{0,40}\b(?:any\s*more|any\s+longer)|any\s*more|instead|"
    r"switched|switching|swapped|moved|changed|went\s+(?:up|down)|gone\s+(?:up|down)|raised|cut|bumped|upped|hiked|"
    r"lowered|increased|decreased|reduced|trimmed|dropped|ditched|replaced|reassigned|from\s+now|as\s+of|starting|"
    r"actually|correction|scratch\s+that|quit|stopped|(?:is|are)\s+mine\s+now|turns\s+out"
)
# A change dated in the past ("two years ago", "back in 2022"): history, not what holds now.
PAST_DATED = r"ago|back\s+in\s+(?:(?:19|20)\d\d|the\s+day)|in\s+(?:19|20)\d\d"
# A change for one occasion ("for tomorrow only", "just for today", "this once"): the usual value still holds.
ONE_OFF = (
    r"(?:today|tomorrow|tonight|this\s+(?:week|weekend|month|shift))\s+only|"
    r"just\s+(?:for\s+)?(?:today|tomorrow|tonight|the\s+day)|this\s+once|one[-\s]off"
)
# A change for a while, in general English, defined once for a move of the user and a known slot's new value: a
# bounded time ("for three weeks", "for a couple of days", "for the day"; not "for two years now", a time served),
# someone else's absence covered ("while Chloe is off", "to cover Ana's leave", "until Ben is back"), or said
# outright ("temporarily", "on loan"). The usual value still holds: it is kept as told, ending nothing.
_SPAN = r"(?:day|night|shift|week|weekend|fortnight|month)s?"
_COUNT = r"(?:a|one|two|three|four|five|six|a\s+single|a\s+couple(?:\s+of)?|a\s+few|few|couple\s+of|\d+)"
TEMPORARY = (
    rf"{ONE_OFF}|"
    rf"for\s+(?:the\s+next\s+)?{_COUNT}\s+(?:more\s+)?{_SPAN}\b(?!\s+(?:now|already|running|straight))|"
    rf"for\s+the\s+(?:rest\s+of\s+the\s+)?(?:day|night|shift|week|weekend|morning|afternoon|evening)|"
    r"while\s+[\w-]+(?:\s+[\w-]+)?(?:\s+is|'s|\s+are|\s+was|'m|\s+am|'re|\s+were)\s+"
    r"(?:off|away|out|on\s+(?:leave|holiday|vacation))|"
    r"cover(?:ing)?\s+(?:for\s+[\w-]+|[\w-]+'s\s+(?:[\w-]+\s+)?(?:leave|holidays?|absence|vacation|shifts?|time\s+off))|"
    r"(?:until|till|til)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|'s|gets|comes|are)\s+back|"
    r"(?:until|till|til)\s+[\w-]+\s+returns|temporar(?:y|ily)|on\s+loan|stand(?:ing)?[-\s]in"
)
# General nouns and the narrower things they name, in general English: "IT swapped out my old machine" speaks of
# the user's laptop or desktop, "a new handset" of the phone.
NARROWER = {
    "machine": ("laptop", "desktop", "computer", "pc", "workstation", "notebook"),
    "computer": ("laptop", "desktop", "pc", "workstation", "notebook"),
    "device": ("laptop", "desktop", "phone", "tablet", "computer"),
    "handset": ("phone", "mobile"),
    "mobile": ("phone",),
    "vehicle": ("car", "van", "bike"),
}
# Words before a thing that say which of its values, not which thing ("my old laptop", "the replacement phone").
WHICH_VALUE = frozenset("old new current previous replacement spare latest".split())
# Words that say a change only beside a known slot's new value ("sorry, Friday", "went to Joe", "my new laptop").
SLOT_CHANGE_CUES = (
    r"for\s+now|went|gone|took|put|pushed|pulled|sorry|meant|wrong|mistake|oops|update|not|sold|stolen|new|"
    r"replacement"
)
# Jobs a user says they hold ("I am a data analyst"); also roles a named person holds ("our CFO is Dan").
JOBS = frozenset(
    "analyst engineer manager developer designer scientist consultant director lead architect student "
    "teacher doctor nurse accountant marketer founder ceo cto cfo coo owner researcher writer administrator "
    "officer specialist intern salesperson representative executive".split()
)
# What a person is to the user or the team: a fact holding one of these (or a thing `handled_by` someone)
# holds a person's name ("my mentor is Ravi"), unlike a tool's or a place's ("we use Teams").
PERSON_ROLES = JOBS | frozenset(
    "boss mentor teammate colleague coworker buddy contact approver rep agent admin hire supervisor head "
    "coordinator sponsor champion assistant deputy backup lead chair partner vp cio coach tech technician "
    "dispatcher member".split()
)

_TRAILING_RE = re.compile(
    r"(?:\s*,)?\s+(?:now|these days|nowadays|anymore|any more|again|instead|too|as well|a lot|very much|"
    r"so much|mostly|usually|most of the time|in general|generally|lately|recently|from now on|after all|"
    r"for now|for good|at the moment|right now|since then|until further notice|for the time being|going forward|"
    r"for the foreseeable future|"
    r"(?:from|starting|as\s+of|effective|since)\s+(?:today|tomorrow|(?:this|next)\s+(?:week|month|quarter|year)|"
    + WEEKDAYS
    + r")|"
    r"(?:since\s+|as\s+of\s+)?(?:last|this)\s+(?:week|month|quarter|year|spring|summer|autumn|fall|winter|"
    + WEEKDAYS
    + r")|"
    r"(?:a\s+few|a\s+couple\s+of|a|one|two|three|few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|yesterday|today|in\s+the\s+mornings?|"
    r"(?:over|during)\s+the\s+(?:summer|winter|spring|autumn|weekend|holidays?|break)|"
    r"in\s+(?:the\s+)?(?:spring|summer|autumn|fall|winter)|(?:in|since)\s+" + MONTHS + r"|"
    r"in\s+the\s+evenings?|every\s+(?:day|morning|evening)|daily)\s*$",
    re.I,
)
# Something scheduled: a month or season after it is its date, not when the statement became true.
_SCHEDULED_RE = re.compile(
    r"\b(?:due|scheduled|planned|expected|slated|booked|set\s+for|deadline|decided|agreed)\b", re.I
)
_WHEN_RE = re.compile(rf"(?:in|since)\s+(?:the\s+)?(?:{'|'.join(MONTH_NAMES)}|spring|summer|autumn|fall|winter)$", re.I)
_PRONOUN_OBJECT_RE = re.compile(r"^(?:it|that|this|these|those|them|you|him|her|what|how|when)\b", re.I)

BEVERAGES = frozenset(
    "tea coffee espresso latte cappuccino americano mocha macchiato matcha chai water juice milk cocoa beer "
    "wine whisky whiskey vodka gin rum soda cola coke lemonade kombucha smoothie smoothies decaf cider sake "
    "mate".split()
)
# Ways of getting somewhere, in general English, each folded to one word ("drives" and "car" are one way).
TRAVEL_MODES = {
    "car": "car", "drive": "car", "drives": "car", "driving": "car", "drove": "car", "bus": "bus", "train": "train",
    "tram": "tram", "metro": "metro", "subway": "metro", "tube": "metro", "bike": "bike", "cycle": "bike",
    "cycles": "bike", "cycling": "bike", "bicycle": "bike", "walk": "walk", "walks": "walk", "walking": "walk",
    "scooter": "scooter", "ferry": "ferry", "carpool": "carpool", "taxi": "taxi", "motorbike": "motorbike",
}  # fmt: skip
_FOODS = frozenset(
    "food pizza pasta sushi salad chocolate cuisine meat fish chicken cheese bread rice noodles curry burger "
    "burgers dessert desserts cake fruit vegetables seafood steak tacos breakfast lunch dinner".split()
)
_REACTION_HEADS = frozenset(
    "report answer chart summary response idea suggestion explanation result results graph table".split()
)
CATEGORY_BY_PREDICATE = {
    "drinks": "food_drink", "does_not_drink": "food_drink", "diet": "food_drink", "lives_in": "personal",
    "is_from": "personal", "name": "personal", "allergic_to": "personal", "works_at": "work",
    "works_as": "work", "works_in": "work", "team": "work", "role": "work", "job": "work", "manager": "work",
    "uses": "tools", "does_not_use": "tools",
}  # fmt: skip


def third_person(text: str) -> str:
    """First-person words rewritten for a sentence about the user ("I am" -> "the user is")."""
    for pattern, repl in _PRONOUNS:
        text = pattern.sub(repl, text)
    return text


_PRONOUNS = [
    (re.compile(p, re.I), r)
    for p, r in (
        (r"\bI am\b", "the user is"), (r"\bI have\b", "the user has"), (r"\bI was\b", "the user was"),
        (r"\bI\b", "the user"), (r"\bmy\b", "the user's"), (r"\bme\b", "the user"),
        (r"\bmine\b", "the user's"), (r"\bmyself\b", "themself"),
    )
]  # fmt: skip


_CHATTER_TAIL_RE = re.compile(
    r",\s*(?:thanks|thank you|please|ok|okay|cheers|lol|haha)\b.*$"
    # "..., so keep that in mind" / "..., so route those to me": a request after the fact, not part of it.
    r"|,\s*(?:and\s+)?so\s+(?!(?:I|we|my|our|the|it|that|this|he|she|they|you|there|now)\b)[a-z]+\s+"
    r"(?:that|this|it|those|these|them|me|us)\b.*$"
    # "..., same team", "..., still on retail": what did not change, said after the change.
    r"|,\s*(?:but\s+)?(?:same\s+[\w-]+|still\s+(?:on|in|at|with|the)\s+[\w\s-]+)$",
    re.I,
)


def clean(text: str) -> str:
    """`text` without chatter ("thanks"), a request after the fact, or trailing time words ("now", "lately")."""
    text = _CHATTER_TAIL_RE.sub("", text).strip().strip(",.;:!\"'").strip()
    previous = None
    while previous != text:
        previous = text
        cut = _TRAILING_RE.sub("", text).strip().strip(",").strip()
        if cut != text and _SCHEDULED_RE.search(cut) and _WHEN_RE.match(text[len(cut) :].strip(" ,")):
            break  # "due for replacement in March": the month is when it is due, the value itself
        text = cut
    return text


def head(text: str) -> str:
    """The last word of `text`, lower-cased: what a noun phrase is about ("oat milk latte" -> "latte")."""
    words = re.findall(r"[a-z]+", text.lower())
    return words[-1] if words else ""


def valid_object(obj: str) -> bool:
    """Whether `obj` can be a fact's object: not empty, not a pronoun, not a reaction to this answer."""
    if not obj or _PRONOUN_OBJECT_RE.match(obj) or len(obj.split()) > 12:
        return False
    # "I like the report": a reaction to this answer, not something to remember about the user.
    return not (re.match(r"^(?:the|your)\s", obj, re.I) and head(obj) in _REACTION_HEADS)


def conjugate(verb: str) -> str:
    """The third-person form of a first-person verb phrase ("do not like" -> "does not like")."""
    if verb.startswith("am "):
        return "is " + verb[3:]
    if verb.startswith("do not "):
        return "does not " + verb[7:]
    if verb.startswith("no longer "):
        return "no longer " + conjugate(verb[10:])
    if verb.startswith(("cannot ", "stopped ")):
        return verb
    first, _, rest = verb.partition(" ")
    first += "es" if first.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{first} {rest}".strip()


def make_fact(subject: str, predicate: str, obj: str, kind: str, conf: float, statement: str, **extra: Any) -> Fact:
    """A fact dict; the category comes from the predicate or the object unless given."""
    default = {"decision": "project", "assumption": "project", "preference": "preferences"}.get(kind, "personal")
    if "category" not in extra:
        food = head(obj) in BEVERAGES or head(obj) in _FOODS
        extra["category"] = CATEGORY_BY_PREDICATE.get(predicate, "food_drink" if food else default)
    text = statement.strip().rstrip(".")
    return {
        "subject": subject, "predicate": predicate, "object": obj, "kind": kind, "confidence": conf,
        "statement": text[:1].upper() + text[1:] + ".", **extra,
    }  # fmt: skip


def subject_of(word: str) -> str:
    """The fact subject for a first-person pronoun: "user" for "I", "we" otherwise."""
    return "user" if word.lower() == "i" else "we"


def holds_person(fact: dict[str, Any]) -> bool:
    """Does a known fact hold a person's name as its object: a thing handled, approved or owned by someone, or a
    role held ("my mentor is Ravi", "desk_lead")? A tool's or a place's name ("we use Teams") is no person."""
    key = str(fact.get("predicate", "")).lower()
    return key.endswith("_by") or key.rsplit("_", 1)[-1] in PERSON_ROLES


# The user's own said to hold while another's changed ("mine is unchanged", "my own stays the same").
MINE_KEPT_RE = re.compile(
    r"\b(?:mine|my\s+own|ours|our\s+own)\s+(?:is\s+|stays\s+|remains\s+|'s\s+)?(?:still\s+)?(?:unchanged|the\s+same|"
    r"as\s+(?:it\s+)?(?:is|was)|untouched|not\s+changed|didn'?t\s+change|hasn'?t\s+changed)\b",
    re.I,
)

# A cover for a while: "while I'm on the course", "until January", "for the holidays", "I'm back on
# them Monday". The user's own assignment holds after it.
FOR_A_WHILE_RE = re.compile(
    r"\b(?:while|until(?!\s+further\s+notice)|till|"
    r"for\s+the\s+(?:holidays?|summer|day|week|weekend|month)|back\s+on)\b",
    re.I,
)
