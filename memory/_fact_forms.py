"""More sentence forms of the offline `extract_facts` role: rewrites to known shapes, counts and places.

`rewrite` turns wordings into shapes the other rules read ("now it's Oskar on call" -> "Oskar is on call";
"the sync isn't on Monday anymore, now it's Thursday" -> "the sync is on Thursday, not on Monday";
"I don't drink X anymore, switched to Y" -> "..., I switched to Y"; "our team uses X" -> "we use X").
`form_facts` reads a few shapes no other rule reads: a count with what it counts ("we have 10 reps in the
Nordics", "we've gone from 10 to 14 reps in the Nordics"), where something sits ("the service desk sits on
floor 3"), where the user works from ("I work out of the Berlin office"), and who a kind of thing goes to
("for storage escalations I contact Ruth", "storage escalations go to Kwame, not Ruth"). Each names the
slot the same way whatever the wording, so a later value supersedes the earlier one. Generic English only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Fact = dict[str, Any]
MakeFact = Callable[..., Fact]

_PERSON = r"(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
_NUMBER = r"\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty"
_CHANGE_VERB = (
    r"(?:went|has\s+gone|have\s+gone|gone|grew|has\s+grown|have\s+grown|rose|increased|jumped|dropped|fell|"
    r"shrank|decreased|was\s+cut|were\s+cut|was\s+raised|were\s+raised|moved)"
)
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.I), r)
    for p, r in (
        # "change of plan, now ...": an opening that says a change follows, nothing itself.
        (r"^\s*(?:change\s+of\s+plans?|small\s+change|quick\s+update|update|correction|heads\s+up)\s*[,:-]\s*", ""),
        (r"^\s*(?:(?:it\s+)?turns\s+out|as\s+it\s+turns\s+out)(?:\s+that)?\s*,?\s+", ""),
        # "now it's Oskar on call": a cleft sentence naming who is (on call, in charge ...).
        (
            r"\b(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<who>" + _PERSON + r")\s+(?:who\s+is\s+)?(?P<rest>(?:on|in)\s+\w)",
            r"\g<who> is now \g<rest>",
        ),
        # "the sync is not on Monday anymore, now it is Thursday at 2pm": the new value, not the old.
        (
            r"^(?P<x>(?:the|our|my)\s+[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:is\s+not|is\s+no\s+longer)\s+(?P<p>(?:on|at|in)\s+)?"
            r"(?P<old>[^,;]+?)(?:\s+any\s*more)?\s*[,;]\s*(?:but\s+|and\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>[^,;]+?)(?=[.!]?\s*$)",
            r"\g<x> is \g<p>\g<new>, not \g<p>\g<old>",
        ),
        # "I do not drink X anymore, switched to Y": the second clause keeps the first one's subject.
        (
            r"^(?P<s>I|we)\b(?P<mid>[^,;]+)[,;]\s+(?:and\s+|but\s+|so\s+)?(?:now\s+)?(?P<v>switched|moved|changed|swapped|"
            r"went|started|replaced|relocated)\b",
            r"\g<s>\g<mid>, \g<s> \g<v>",
        ),
        # "im more into laptops these days": a preference, as "I am into laptops" says it.
        (r"\bI\s+am\s+(?:much\s+|a\s+lot\s+|way\s+|a\s+bit\s+)?more\s+into\b", "I am into"),
        # "Our team uses Salesforce": the team is "we".
        (r"^(?:our|the)\s+(?:team|company|department|group)\s+(?P<v>uses|has|tracks|meets|works)\b", r"we \g<v>"),
        # "Marco left the company, Sofia owns the account" / "lukas quit, the vpn is owned by Mei": two statements.
        (
            r"^(?P<a>[^,;]{2,60}?\b(?:left|quit|retired|resigned|moved\s+on|is\s+gone|has\s+gone)\b[^,;]{0,40}?)\s*,\s*"
            r"(?P<b>\S)",
            r"\g<a>. \g<b>",
        ),
        # "I work the early shift": on a shift, as "I am on the early shift" says it.
        (
            r"^I\s+(?:work|do|cover)\s+(?:the\s+|a\s+)?(?P<o>[\w-]+\s+(?:shift|rotation))(?=[.!]?\s*$)",
            r"I am on the \g<o>",
        ),
        # "I want reports in Excel now": a preference said as a wish, marked as current.
        (
            r"\bI\s+(?:want|would\s+like|need)\s+(?P<x>[^,;.]+?)\s+(?P<t>now|from\s+now\s+on|instead|these\s+days)\b",
            r"I prefer \g<x> \g<t>",
        ),
    )
)
_PLACE_PREP_RE = re.compile(r"^(?:on|in|at|for)\s+", re.I)
_OWNER_RE = re.compile(r"^(?:the|our|my)\s+", re.I)
_VERB_3RD = {"uses": "use", "has": "have", "tracks": "track", "meets": "meet", "works": "work"}


def rewrite(text: str) -> str:
    """`text` with the wordings above turned into shapes the sentence rules read."""
    for pattern, repl in _REWRITES:
        text = pattern.sub(repl, text)
    return re.sub(r"^we (uses|has|tracks|meets|works)\b", lambda m: "we " + _VERB_3RD[m[1].lower()], text, flags=re.I)


_COUNT_RE = re.compile(
    r"^(?:we|I)\s+(?:have|employ|count|are)\s+(?:now\s+)?(?P<n>" + _NUMBER + r")\s+(?P<unit>[a-z][\w-]*)"
    r"(?:\s+(?P<where>(?:on|in|at|for)\s+.+))?$",
    re.I,
)
_COUNT_CHANGE_RE = re.compile(
    r"^(?P<who>we|I|(?:the\s+|our\s+|my\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+" + _CHANGE_VERB + r"\s+"
    r"(?:up\s+|down\s+)?from\s+(?P<old>" + _NUMBER + r")\s+to\s+(?P<n>" + _NUMBER + r")\s+(?P<unit>[a-z][\w-]*)"
    r"(?:\s+(?P<where>(?:on|in|at|for)\s+.+?))?(?:\s+(?:after|because|since|due\s+to|following)\s+.+)?$",
    re.I,
)
_SITS_RE = re.compile(
    r"^(?P<x>(?:the|our|my)\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:sits|is\s+located|is\s+based|is\s+housed|lives)\s+"
    r"(?P<o>(?:on|in|at)\s+.+)$",
    re.I,
)
_WORK_FROM_RE = re.compile(
    r"^I\s+(?:now\s+)?work\s+(?:out\s+of|from)\s+(?:the\s+|our\s+)?(?P<o>.+?)(?:\s+office)?$", re.I
)
_CONTACT_RE = re.compile(
    r"^for\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s*,?\s+(?:I|we)\s+(?:always\s+|usually\s+|now\s+)?"
    r"(?:contact|call|ping|ask|email|go\s+to|escalate\s+to|talk\s+to|reach\s+out\s+to)\s+(?P<who>" + _PERSON + r")$"
    r"|^(?:the\s+|our\s+|my\s+)?(?P<what2>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:now\s+)?(?:go|goes|get\s+routed|"
    r"are\s+routed|is\s+routed|are\s+escalated|get\s+escalated)\s+(?:now\s+)?to\s+(?P<who2>" + _PERSON + r")"
    r"(?:\s*,?\s*(?:not|instead\s+of)\s+(?P<old>" + _PERSON + r"))?$",
    re.I,
)


_EACH_RE = re.compile(
    r"^(?:each|every|an?|one)\s+(?P<who>[a-z]+)\s+(?:now\s+)?(?:handles|closes|takes|works|does|gets|sells|makes|"
    r"answers|resolves|should\s+\w+|must\s+\w+|is\s+expected\s+to\s+\w+)\s+(?:up\s+to\s+|about\s+)?"
    r"(?P<n>" + _NUMBER + r")\s+(?P<unit>[a-z]+)\s+(?:a|per|each|every)\s+(?P<per>day|week|month|quarter|year|shift)$",
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
    for rule in (_count_change, _count, _each, _sits, _work_from, _contact):
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
    if not m or not m["where"] or m["unit"].lower() in ("of", "to", "been", "no", "more", "less", "times"):
        return []
    return _count_fact(make, conf, clean, m["n"], m["unit"], m["where"], None)


def _count_change(clause: str, conf: float, make: MakeFact, clean: Callable[[str], str],
                  valid: Callable[[str], bool]) -> list[Fact]:  # fmt: skip
    m = _COUNT_CHANGE_RE.match(clause)
    if not m:
        return []
    who = m["who"].lower()
    where = m["where"] or ("" if who in ("we", "i") else "on " + _OWNER_RE.sub("", who))
    return _count_fact(make, conf, clean, m["n"], m["unit"], where, m["old"])


def _each(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "Each agent handles 30 tickets a day": a quota, named as "the daily ticket quota" would name it."""
    m = _EACH_RE.match(clause)
    if not m:
        return []
    unit, per, who = m["unit"].lower(), m["per"].lower(), m["who"].lower()
    thing = f"{_PER[per]} {re.sub(r'(?<=[^s])s$', '', unit)} quota"
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
    return [make("we", re.sub(r"[\s-]+", "_", thing), value, "fact", conf, f"Our {thing} is {obj}", exclusive=True,
                 category="work")]  # fmt: skip


def _work_from(clause: str, conf: float, make: MakeFact, clean: Callable[[str], str],
               valid: Callable[[str], bool]) -> list[Fact]:  # fmt: skip
    m = _WORK_FROM_RE.match(clause)
    place = clean(m["o"]) if m else ""
    if not m or not valid(place) or place.lower() in ("home", "here", "there"):
        return []
    return [make("user", "lives_in", place, "fact", conf, f"The user is based in {place}", exclusive=True,
                 category="personal")]  # fmt: skip


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
