"""More sentence forms of the offline `extract_facts` role: counts, places, contacts and assignments.

`form_facts` reads a few shapes no other rule reads: a count with what it counts ("we have 10 reps in the
Nordics", "we've gone from 10 to 14 reps in the Nordics"), where something sits ("the service desk sits on
floor 3"), where the user works from ("I work out of the Berlin office"), and who a kind of thing goes to
("for storage escalations I contact Ruth", "storage escalations go to Kwame, not Ruth"). Each names the
slot the same way whatever the wording, so a later value supersedes the earlier one. Generic English only.
(`_fact_rewrites` turns other wordings into these shapes first.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_rewrites import NUMBER, PEOPLE, PERSON
from cognicore.memory._fact_words import WEEKDAY_NAMES

Fact = dict[str, Any]
MakeFact = Callable[..., Fact]

_CHANGE_VERB = (
    r"(?:went|has\s+gone|have\s+gone|gone|grew|has\s+grown|have\s+grown|rose|increased|jumped|dropped|fell|"
    r"shrank|decreased|was\s+cut|were\s+cut|was\s+raised|were\s+raised|moved)"
)
_PLACE_PREP_RE = re.compile(r"^(?:on|in|at|for)\s+", re.I)
_OWNER_RE = re.compile(r"^(?:the|our|my)\s+", re.I)


_COUNT_RE = re.compile(
    r"^(?:we|I)\s+(?:have|employ|count|are)\s+(?:now\s+)?(?P<dir>(?:down|up)\s+to\s+)?(?P<n>" + NUMBER + r")\s+"
    r"(?P<unit>[a-z][\w-]*(?:\s+(?!(?:on|in|at|for|after|because|since|following)\b)[a-z][\w-]*)?)"
    r"(?:\s+(?P<where>(?:on|in|at|for)\s+.+?))?(?:\s+(?:after|because|since|due\s+to|following)\s+.+)?$",
    re.I,
)
_PEOPLE_ON_RE = re.compile(
    r"^(?:there\s+are|we\s+are|we\s+have)\s+(?:now\s+)?(?P<n>"
    + NUMBER
    + r")(?:\s+of\s+us|\s+(?P<unit>"
    + PEOPLE
    + r"))?\s+"
    r"(?P<where>(?:on|in|at)\s+.+)$",
    re.I,
)
_RATE_RE = re.compile(
    r"^(?:(?:my|our)\s+(?:team|group|department|desk)|we|I)\s+(?:are\s+|am\s+)?(?P<verb>[a-z]+)\s+"
    r"(?:about\s+|around\s+|roughly\s+|approximately\s+|closer\s+to\s+|close\s+to\s+|nearly\s+|almost\s+|"
    r"over\s+|under\s+|up\s+to\s+)?(?P<n>" + NUMBER + r")\s+(?P<unit>[a-z]+)\s+(?:a|per|each|every)\s+"
    r"(?P<per>day|week|month|quarter|year)$",
    re.I,
)
_DAYS = r"(?:" + "|".join(day + "s?" for day in WEEKDAY_NAMES) + r")"
_DAYS_AT_RE = re.compile(
    r"^I\s+(?:am|work|come)\s+(?:in|at|into|from)\s+(?:the\s+)?(?P<place>[a-z]+)\s+(?:on\s+)?(?P<days>(?:every\s+)?"
    + _DAYS
    + r"(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)"
    + _DAYS
    + r")*)$",
    re.I,
)
_ASSIGNED_RE = re.compile(
    r"^I\s+am\s+(?:now\s+)?assigned\s+to\s+(?:the\s+)?(?P<o>[^,]+?)(?:\s*,\s*not\s+(?:the\s+)?(?P<old>.+))?$", re.I
)
_FOR_MEAL_RE = re.compile(
    r"^for\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s*,?\s+I\s+(?:usually\s+|always\s+|normally\s+|mostly\s+|often\s+)?"
    r"(?P<verb>get|have|eat|drink|take|order|grab|go\s+for|use|bring)\s+(?P<o>.+)$",
    re.I,
)
_COUNT_CHANGE_RE = re.compile(
    r"^(?P<who>we|I|(?:the\s+|our\s+|my\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+" + _CHANGE_VERB + r"\s+"
    r"(?:up\s+|down\s+)?from\s+(?P<old>" + NUMBER + r")\s+to\s+(?P<n>" + NUMBER + r")\s+(?P<unit>[a-z][\w-]*)"
    r"(?:\s+(?P<where>(?:on|in|at|for)\s+.+?))?(?:\s+(?:after|because|since|due\s+to|following)\s+.+)?$",
    re.I,
)
_SITS_RE = re.compile(
    r"^(?P<x>(?:the|our|my)\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:sits|sit|is\s+located|are\s+located|is\s+based|is\s+housed|lives|live|(?:is|are)\s+(?:kept|stored|held)|"
    # "The helpdesk is in room 204": a plain "is" with a room, a floor or a building says where it sits too.
    r"is(?=\s+(?:on|in|at)\s+(?:the\s+)?(?:room|floor|building|level|wing|suite|\d+\w*\s+floor)\b))\s+"
    r"(?P<o>(?:on|in|at)\s+.+)$",
    re.I,
)
_WORK_FROM_RE = re.compile(
    r"^I\s+(?:now\s+)?work\s+(?:out\s+of|from)\s+(?:the\s+|our\s+)?(?P<o>.+?)(?:\s+office)?$", re.I
)
# "... instead of Rotterdam", "..., not Rotterdam": the place the new one replaces; "now" / "these days" at the end is
# when, not part of the place.
_WORK_FROM_OLD_RE = re.compile(r"\s*,?\s+(?:instead\s+of|rather\s+than|not)\s+(?P<old>.+)$", re.I)
_NOW_END_RE = re.compile(r"(?:\s*,?\s+(?:now|these\s+days|from\s+now\s+on|again))+\s*$", re.I)
_CONTACT_RE = re.compile(
    r"^for\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s*,?\s+(?:I|we)\s+(?:always\s+|usually\s+|now\s+)?"
    r"(?:contact|call|ping|ask|email|go\s+to|escalate\s+to|talk\s+to|reach\s+out\s+to)\s+(?P<who>" + PERSON + r")$"
    r"|^(?:the\s+|our\s+|my\s+)?(?P<what2>[\w-]+(?:\s+[\w-]+){0,6}?)\s+(?:now\s+)?(?:go|goes|get\s+routed|"
    r"are\s+routed|is\s+routed|are\s+escalated|get\s+escalated)\s+(?:now\s+)?to\s+(?P<who2>" + PERSON + r")(?:\s+now)?"
    r"(?:\s*,?\s*(?:not|instead\s+of)\s+(?P<old>" + PERSON + r"))?$",
    re.I,
)


_EACH_RE = re.compile(
    r"^(?:each|every|an?|one)\s+(?P<who>[a-z]+)\s+(?:now\s+)?(?:handles|closes|takes|works|does|gets|sells|makes|"
    r"answers|resolves|has|holds|owns|should\s+\w+|must\s+\w+|can\s+\w+|is\s+expected\s+to\s+\w+)\s+"
    r"(?P<cap>at\s+most\s+|up\s+to\s+|no\s+more\s+than\s+|a\s+maximum\s+of\s+)?(?:about\s+)?"
    r"(?P<n>" + NUMBER + r")\s+(?P<unit>[a-z]+(?:\s+[a-z]+)?)"
    r"(?:\s+(?:a|per|each|every)\s+(?P<per>day|week|month|quarter|year|shift))?$",
    re.I,
)
_PER = {
    "day": "daily",
    "week": "weekly",
    "month": "monthly",
    "quarter": "quarterly",
    "year": "yearly",
    "shift": "shift",
}


def form_facts(clause: str, conf: float, *, make: MakeFact, clean: Callable[[str], str],
               valid: Callable[[str], bool]) -> list[Fact]:  # fmt: skip
    """The facts of `clause` when it has one of the forms above; [] otherwise."""
    clause = clean(clause)  # trailing "now", "these days" were read by the caller
    rules = (
        _count_change,
        _count,
        _people_on,
        _rate,
        _each,
        _days_at,
        _sits,
        _work_from,
        _contact,
        _assigned,
        _for_what,
    )
    for rule in rules:
        if found := rule(clause, conf, make, clean, valid):
            return found
    return []


def _slot_words(text: str) -> str:
    """A predicate from the words that say what is counted and where ("reps", "in the Nordics")."""
    words = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in ("the", "a", "an", "our", "my")]
    return "_".join(words[:5])


def _count_fact(make: MakeFact, conf: float, clean: Callable[[str], str], n: str, unit: str, where: str | None,
                old: str | None) -> list[Fact]:  # fmt: skip
    unit, place = unit.lower(), clean(where or "")
    # What is counted and where make the slot; a count of a team alone is the team's size.
    bare_place = _PLACE_PREP_RE.sub("", place)
    predicate = _slot_words(f"{unit} {bare_place}") if bare_place else "team_size"
    value = f"{n} {unit}"
    statement = f"We have {value}{' ' + place if place else ''}"
    return [make("we", predicate, value, "fact", conf, statement, exclusive=True, category="work",
                 contradicts=f"{old} {unit}" if old else None)]  # fmt: skip


def _count(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    m = _COUNT_RE.match(clause)
    if not m or m["unit"].lower() in ("of", "to", "been", "no", "more", "less", "times"):
        return []
    # "we are down to 4 reps": the team's size; "we have 25 VPN licences": a kind of thing counted; "we have 3 kids"
    # (one bare word) is no count of the team's.
    if not m["where"] and not m["dir"]:
        if len(m["unit"].split()) != 2 or not m["unit"].lower().endswith("s"):
            return []
        # The thing counted is its own slot ("vpn_licences"), never the team's size.
        value = f"{m['n']} {m['unit']}"
        return [make("we", _slot_words(m["unit"]), value, "fact", conf, f"We have {value}", exclusive=True,
                     category="work")]  # fmt: skip
    return _count_fact(make, conf, clean, m["n"], m["unit"], m["where"], None)


def _count_change(clause: str, conf: float, make: MakeFact, clean: Callable[[str], str],
                  valid: Callable[[str], bool]) -> list[Fact]:  # fmt: skip
    m = _COUNT_CHANGE_RE.match(clause)
    if not m:
        return []
    who = m["who"].lower()
    where = m["where"] or ("" if who in ("we", "i") else "on " + _OWNER_RE.sub("", who))
    return _count_fact(make, conf, clean, m["n"], m["unit"], where, m["old"])


def _people_on(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "There are 4 of us on the service desk", "we are 6 on the service desk now": how many people are there."""
    m = _PEOPLE_ON_RE.match(clause)
    return _count_fact(make, conf, clean, m["n"], m["unit"] or "people", m["where"], None) if m else []


def _rate(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "My team closes about 40 deals a month", "we're closing closer to 55 deals a month": one rate at a time."""
    m = _RATE_RE.match(clause)
    if not m or m["verb"].lower() in ("have", "has", "are", "am", "is", "got", "need", "want"):
        return []
    unit, per = m["unit"].lower(), m["per"].lower()
    verb = re.sub(r"(?:ing|es|s)$", "", m["verb"].lower())  # "closes", "closing", "close": one slot
    value = f"{m['n']} {unit} a {per}"
    return [make("we", f"{_PER[per]}_{unit}", value, "fact", conf, f"We {verb}{'e' if verb.endswith('s') else ''} "
                 f"about {value}", exclusive=True, category="work")]  # fmt: skip


def _days_at(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "I'm in the office Mondays and Wednesdays": the user's days at a place, one set at a time."""
    m = _DAYS_AT_RE.match(clause)
    if not m:
        return []
    place, days = m["place"].lower(), m["days"]
    return [make("user", f"days_in_{place}", days, "fact", conf, f"The user is in the {place} on {days}",
                 exclusive=True, category="work")]  # fmt: skip


def _assigned(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "They moved me from the north desk to the south desk" (read as "I am now assigned to the south desk")."""
    m = _ASSIGNED_RE.match(clause)
    new, old = (clean(m["o"]), clean(m["old"] or "")) if m else ("", "")
    if not m or not valid(new):
        return []
    was = f" (moved from {old})" if old else ""
    return [make("user", "assigned_to", new, "fact", conf, f"The user is assigned to {new}{was}", exclusive=True,
                 contradicts=old or None, category="work")]  # fmt: skip


def _for_what(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "For lunch I usually get sushi": what the user has for something, one thing at a time."""
    m = _FOR_MEAL_RE.match(clause)
    obj = clean(m["o"]) if m else ""
    if not m or not valid(obj):
        return []
    what, verb = m["what"].lower(), " ".join(m["verb"].lower().split())
    verb3 = {"have": "has", "go for": "goes for"}.get(verb, verb + "s")
    return [make("user", f"{what.replace(' ', '_')}_choice", obj, "preference", conf,
                 f"For {what} the user usually {verb3} {obj}", exclusive=True)]  # fmt: skip


def _each(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "Each agent handles 30 tickets a day": a quota, named as "the daily ticket quota" would name it."""
    m = _EACH_RE.match(clause)
    if not m or not (m["per"] or m["cap"]):
        return []
    unit, who = m["unit"].lower(), m["who"].lower()
    single = re.sub(r"(?<=[^s])s$", "", unit)
    # "takes at most 15 open tickets": a cap, as "the open ticket cap per agent" names it; "30 a day": a quota.
    thing = f"{single} cap per {who}" if not m["per"] else f"{_PER[m['per'].lower()]} {single} quota"
    if not m["per"]:
        return [make("we", thing.replace(" ", "_"), m["n"], "fact", conf, f"Our {thing} is {m['n']}", exclusive=True,
                     category="work")]  # fmt: skip
    value = f"{m['n']} per {who}"
    statement = f"Our {thing} is {value}"
    return [make("we", thing.replace(" ", "_"), value, "fact", conf, statement, exclusive=True, category="work")]


def _sits(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    m = _SITS_RE.match(clause)
    obj = clean(m["o"]) if m else ""
    if not m or not valid(obj):
        return []
    thing = re.sub(r"^(?:the|our|my)\s+", "", m["x"].lower())
    value = re.sub(r"^(?:on|in|at)\s+", "", obj, flags=re.I)
    subject, whose = ("user", "The user's") if m["x"].lower().startswith("my ") else ("we", "Our")
    return [make(subject, re.sub(r"[\s-]+", "_", thing), value, "fact", conf, f"{whose} {thing} is {obj}",
                 exclusive=True, category="work")]  # fmt: skip


def _work_from(clause: str, conf: float, make: MakeFact, clean: Callable[[str], str],
               valid: Callable[[str], bool]) -> list[Fact]:  # fmt: skip
    old = None
    if tail := _WORK_FROM_OLD_RE.search(clause):  # "... the X hub now instead of Y": Y is the place it replaces
        old, clause = clean(tail["old"]), clause[: tail.start()]
    m = _WORK_FROM_RE.match(_NOW_END_RE.sub("", clause))
    place = clean(m["o"]) if m else ""
    if not m or not valid(place) or place.lower() in ("home", "here", "there"):
        return []
    replaced = re.sub(r"^(?:the|our)\s+|\s+(?:office|branch|site|hub|campus)$", "", old, flags=re.I) if old else None
    return [make("user", "lives_in", place, "fact", conf, f"The user is based in {place}", exclusive=True,
                 contradicts=replaced if replaced and valid(replaced) else None, category="personal")]  # fmt: skip


def _contact(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    m = _CONTACT_RE.match(clause)
    if not m:
        return []
    what, who = clean(m["what"] or m["what2"]).lower(), m["who"] or m["who2"]
    if not valid(what) or who.split()[0].lower() in ("i", "we", "the", "it", "them", "me", "us", "you"):
        return []
    return [make(what, "handled_by", who, "fact", conf, f"{what[:1].upper() + what[1:]} go to {who}", exclusive=True,
                 contradicts=m["old"], category="work")]  # fmt: skip
