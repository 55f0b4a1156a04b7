"""Sentence shapes of the offline `extract_facts` role that name a slot without a change verb.

Read by `memory._fact_rules` after the change rules (`_fact_changes`) and before its own table. Each rule
recognises the SHAPE of a statement, not its topic, and names the slot (subject and predicate) so that a
later statement in other words lands on the same key and `FactStore.upsert` supersedes the older value:

- people (in `_fact_roles`): who handles what, roles, reporting lines, joining a team, being on call;
- the size of a team: "my sales team has 4 people", "we're 6 people now" -> `we` / `team_size`;
- when something happens: "my shift starts at 7am", "we hold the standup at 9:30" -> the thing / its time;
- a name to use: "I'd rather go by Bob", "you can call me Sam" -> `user` / `name`;
- a kind of person: "I'm a big espresso drinker" -> `drinks`; "I'm a jazz fan" -> `likes`;
- membership: "I'm on the day shift", "I'm in the platform team" -> the noun (`shift`, `team`);
- a way of getting somewhere: "I cycle to the office", "I take the train to work" -> `gets_to_<place>`.

The rules form a table of small independent rules, read top to bottom (`shape_facts`).

`settle` then folds what other rules found into the same keys (a team's size said as "our team is 7 people",
"a lot of cola" as "cola"). Words used here are generic English (verbs of responsibility, times of day,
units), never a domain's vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_keys import predicate_key
from cognicore.memory._fact_roles import (
    MEMBER_NOUNS,
    bare_thing,
    handled_by,
    joined,
    on_duty,
    person_is_my,
    promoted,
    replaced,
    replaced_on,
    reports_to,
    responsible,
    role_over,
    self_responsible,
)
from cognicore.memory._fact_words import CALENDAR

Fact = dict[str, Any]
MakeFact = Callable[..., Fact]

_NUMBER_WORDS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen twenty thirty"
_COUNT = r"(?P<n>\d+|" + "|".join(_NUMBER_WORDS.split()) + r")"
_TEAM_SIZE_RE = re.compile(
    r"^(?:(?:my|our|the)\s+(?P<team>(?:[\w-]+\s+){0,2}(?:team|group|squad|department|staff|crew|unit|desk))\s+"
    r"(?:now\s+)?(?:has|is|counts|consists\s+of|is\s+made\s+up\s+of|numbers|has\s+grown\s+to|grew\s+to|"
    r"shrank\s+to|is\s+down\s+to|is\s+up\s+to)"
    r"|we\s+(?:are|have|number)|there\s+are)\s+(?:now\s+)?" + _COUNT + r"(?:\s+(?!of\b|on\b|in\b)(?P<unit>[a-z]+))?"
    r"(?:\s+of\s+us)?(?:\s+(?:on|in)\s+(?:the|my|our)\s+team)?$",
    re.I,
)
_TIMEISH = re.compile(
    r"\d|\b(?:noon|midnight|mornings?|afternoons?|evenings?|nights?|weekdays?|weekends?|daily|weekly|monthly|"
    + CALENDAR
    + r"|week|month|quarter|year)\b",
    re.I,
)
_STARTS_RE = re.compile(
    r"^(?P<owner>my|our|the)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+"
    r"(?P<verb>starts|begins|ends|finishes|is\s+held|takes\s+place|happens|is\s+scheduled)\s+(?P<o>.+)$",
    re.I,
)
_HOLD_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:now\s+|usually\s+|always\s+)?(?:hold|have|do|run|schedule|take|meet\s+for)\s+"
    r"(?:the\s+|our\s+|my\s+|a\s+|an\s+)?(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?P<o>(?:at|on|every)\s+.+)$",
    re.I,
)
_INSTEAD_RE = re.compile(r",?\s+(?:instead\s+of|rather\s+than|not)\s+(?P<old>.+)$", re.I)
_NAME_RE = re.compile(
    r"^(?:I\s+(?:would\s+(?:rather|prefer\s+to|like\s+to)|prefer\s+to|like\s+to|want\s+to|will)\s+"
    r"(?:go\s+by|be\s+called|be\s+addressed\s+as)|(?:you\s+can|you\s+may|you\s+should|please|just)\s+call\s+me|"
    r"I\s+go\s+by|my\s+(?:nick)?name\s+is\s+now)\s+(?P<o>.+)$",
    re.I,
)
_PROPER = re.compile(r"^[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}$")
_INTENSIFIERS = (
    r"big|heavy|huge|keen|massive|avid|serious|daily|real|total|true|proper|committed|devoted|lifelong|great|"
    r"passionate|occasional|regular"
)
_KIND_OF_PERSON_RE = re.compile(
    r"^I\s+am\s+(?:an?\s+)?(?:(?:" + _INTENSIFIERS + r")\s+)*(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+"
    r"(?P<n>drinker|lover|fan|addict|enthusiast|person)$",
    re.I,
)
_MEMBER_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:am|are)\s+(?:now\s+|currently\s+|still\s+|mostly\s+|mainly\s+|usually\s+|normally\s+)?(?:on|in|part\s+of)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+(?P<n>" + MEMBER_NOUNS + r")$",
    re.I,
)
_COMMUTE_RE = re.compile(
    r"^I\s+(?:now\s+|usually\s+|mostly\s+|normally\s+)*(?P<how>cycle|bike|walk|drive|run|jog|"
    r"ride\s+(?:my\s+|a\s+|the\s+)?[\w-]+|take\s+(?:the\s+|a\s+)?[\w-]+|commute\s+by\s+[\w-]+|go\s+by\s+[\w-]+|"
    r"get\s+the\s+[\w-]+)\s+(?:in\s+)?to\s+(?P<to>(?:the\s+|my\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?)$",
    re.I,
)
_QUANTITY_RE = re.compile(
    r"^(?:(?:to\s+)?(?:have|drink|drinking|having)\s+)?(?:(?:a\s+lot\s+of|lots\s+of|plenty\s+of|loads\s+of|"
    r"tons\s+of|a\s+cup\s+of|cups\s+of|a\s+glass\s+of|a\s+mug\s+of|some)\s+)?(?=\S)",
    re.I,
)
_TEAMISH = re.compile(r"(?:^|_)(?:team|group|squad|department|staff|crew|unit|desk|headcount)$")
_SIZE_VALUE = re.compile(r"^" + _COUNT + r"(?:\s+[a-z]+)?$", re.I)


def shape_facts(clause: str, conf: float, *, make: MakeFact, clean: Callable[[str], str],
                valid: Callable[[str], bool], drink_words: frozenset[str]) -> list[Fact]:  # fmt: skip
    """The facts of `clause` when it has one of the shapes above; [] otherwise."""
    ctx = ShapeCtx(conf, make, clean, valid, drink_words)
    rules = (responsible, handled_by, self_responsible, role_over, replaced_on, replaced, person_is_my, reports_to,
             _team_size, _name, _kind_of_person, promoted, on_duty, _member, joined, _starts, _hold,
             _commute, _routed, _thing_does)  # fmt: skip
    for rule in rules:
        if found := rule(clause, ctx):
            return found
    return []


def is_time(value: str) -> bool:
    """Does `value` name a time or a day ("at 9:15", "on Mondays", "every week")?"""
    return bool(_TIMEISH.search(value))


def settle(fact: Fact, drink_words: frozenset[str]) -> Fact:
    """One key for one slot whatever rule read it: a team's size, a drink without "a lot of"."""
    predicate, obj = str(fact["predicate"]), str(fact["object"])
    if _TEAMISH.search(predicate) and fact["subject"] in ("we", "user") and _SIZE_VALUE.match(obj):
        return {**fact, "subject": "we", "predicate": "team_size", "exclusive": True, "category": "work"}
    if predicate_key(predicate) == "drinks" and predicate != "drinks":  # "coffee is my go-to drink"
        fact = {**fact, "subject": "user", "predicate": "drinks", "object": obj.lower(), "exclusive": True,
                "kind": "preference", "statement": f"The user prefers to drink {obj.lower()}."}  # fmt: skip
        predicate, obj = "drinks", obj.lower()
    if predicate in ("drinks", "does_not_drink"):
        bare = _QUANTITY_RE.sub("", obj).strip()
        if bare and bare != obj:
            return {**fact, "object": bare, "statement": str(fact["statement"]).replace(obj, bare)}
    return fact


class ShapeCtx:
    """The confidence and the fact helpers of `_fact_rules`, shared by the rules."""

    __slots__ = ("clean", "conf", "drinks", "make", "valid")

    def __init__(self, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool],
                 drinks: frozenset[str]) -> None:  # fmt: skip
        self.conf, self.make, self.clean, self.valid, self.drinks = conf, make, clean, valid, drinks


def _team_size(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _TEAM_SIZE_RE.match(ctx.clean(clause))
    if not m:
        return []
    unit = (m["unit"] or "people").lower()
    if unit in ("of", "on", "in"):
        unit = "people"
    team = (m["team"] or "team").lower()
    value = f"{m['n']} {unit}"
    statement = f"{'Our ' + team if m['team'] else 'The team'} has {value}"
    return [ctx.make("we", "team_size", value, "fact", ctx.conf, statement, exclusive=True, category="work")]


def _name(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _NAME_RE.match(clause)
    name = ctx.clean(m["o"]) if m else ""
    if not m or not _PROPER.match(name):  # "call me later" names nobody
        return []
    return [ctx.make("user", "name", name, "fact", ctx.conf, f"The user's name is {name}", exclusive=True,
                     category="personal")]  # fmt: skip


def _kind_of_person(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _KIND_OF_PERSON_RE.match(clause)
    if not m:
        return []
    obj, noun = ctx.clean(m["o"]), m["n"].lower()
    if not ctx.valid(obj):
        return []
    head = obj.lower().split()[-1]
    if noun == "drinker" or head in ctx.drinks:
        return [ctx.make("user", "drinks", obj, "preference", ctx.conf, f"The user prefers to drink {obj}",
                         exclusive=True)]  # fmt: skip
    return [ctx.make("user", "likes", obj, "preference", ctx.conf, f"The user likes {obj} (a {obj} {noun})")]


def _member(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _MEMBER_RE.match(ctx.clean(clause))
    if not m:
        return []
    noun = m["n"].lower()
    value = f"{ctx.clean(m['o'])} {noun}"
    subject, who = ("user", "The user is") if m["subj"].lower() == "i" else ("we", "We are")
    return [ctx.make(subject, noun, value, "fact", ctx.conf, f"{who} on the {value}", exclusive=True,
                     category="work")]  # fmt: skip


def _time_value(text: str, ctx: ShapeCtx) -> tuple[str, str | None] | None:
    """The time a thing happens (and the old one after "instead of"), or None when it names no time."""
    old = None
    if tail := _INSTEAD_RE.search(text):
        old, text = ctx.clean(tail["old"]), text[: tail.start()]
    value = ctx.clean(re.sub(r"^at\s+", "", text.strip(), flags=re.I))
    if not _TIMEISH.search(value) or not ctx.valid(value) or len(value.split()) > 5:
        return None
    if old is not None:
        old = re.sub(r"^at\s+", "", old, flags=re.I)
    return value, old if old and ctx.valid(old) else None


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def _slot_of(thing: str) -> str:
    words = thing.lower().split()
    return "_".join([*words[:-1], _singular(words[-1])])


def _starts(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _STARTS_RE.match(clause)
    found = _time_value(m["o"], ctx) if m else None
    if not m or not found:
        return []
    value, old = found
    owner, thing, verb = m["owner"].lower(), m["thing"].lower(), " ".join(m["verb"].lower().split())
    subject = "user" if owner == "my" else "we"
    predicate = _slot_of(thing) + ("_end" if verb in ("ends", "finishes") else "")
    whose = "The user's" if subject == "user" else "Our"
    at = "" if re.match(r"(?:on|every|from|in|for|at)\b", value, re.I) else "for " if "scheduled" in verb else "at "
    plural = thing.endswith("s") and not thing.endswith("ss") and verb == "happens"  # "our backups happen"
    statement = f"{whose} {thing} {'happen' if plural else verb} {at}{value}"
    return [ctx.make(subject, predicate, value, "fact", ctx.conf, statement, exclusive=True, contradicts=old,
                     category="personal" if subject == "user" else "work")]  # fmt: skip


def _hold(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _HOLD_RE.match(clause)
    found = _time_value(m["o"], ctx) if m else None
    if not m or not found:
        return []
    value, old = found
    thing = m["thing"].lower()
    if thing in ("it", "them", "one", "time", "lunch", "dinner", "breakfast"):
        return []
    subject = "user" if m["subj"].lower() == "i" else "we"
    at = "" if re.match(r"(?:on|every|from|in)\b", value, re.I) else "at "
    whose = "The user's" if subject == "user" else "Our"
    since = f" (instead of {old})" if old else ""
    statement = f"{whose} {_singular(thing)} is {at}{value}{since}"
    return [ctx.make(subject, _slot_of(thing), value, "fact", ctx.conf, statement, exclusive=True, contradicts=old,
                     category="work")]  # fmt: skip


def _commute(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _COMMUTE_RE.match(ctx.clean(clause))
    if not m:
        return []
    how, to = " ".join(m["how"].lower().split()), ctx.clean(m["to"])
    place = bare_thing(to).lower().split()[-1]
    first, _, rest = how.partition(" ")
    verb3 = first + ("es" if first.endswith(("s", "sh", "ch", "x", "o")) else "s")
    said = f"{verb3} {rest}".strip().replace(" my ", " their ")
    statement = f"The user {said} to {to}"
    return [ctx.make("user", f"gets_to_{place}", how, "fact", ctx.conf, statement, exclusive=True,
                     category="personal")]  # fmt: skip


# "Escalations go to Tier 2", "refund requests are routed to the billing queue": where a kind of thing goes, one
# place at a time, so "escalations go to the vendor now" replaces it. Read after every other shape: a person as
# the target ("P1 incidents go to Ana") is a responsibility, read earlier.
_ROUTED_RE = re.compile(
    r"^(?:all\s+|the\s+|our\s+)?(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:now\s+)?(?:go|goes|are\s+routed|is\s+routed|"
    r"get\s+routed|are\s+sent|is\s+sent|get\s+sent|are\s+escalated|get\s+escalated|are\s+forwarded|get\s+forwarded)"
    r"\s+(?:now\s+)?(?:straight\s+|directly\s+)?to\s+(?P<where>.+)$",
    re.I,
)


def _routed(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _ROUTED_RE.match(ctx.clean(clause))
    if not m:
        return []
    what, where = bare_thing(m["what"]), ctx.clean(m["where"])
    first = what.split()[0].lower()
    if first in ("i", "we", "you", "he", "she", "it", "they", "this", "that", "everyone", "everything") or not what:
        return []
    if len(what.split()) == 1 and not what.lower().endswith("s"):  # "Ana goes to the gym": a person, not a kind
        return []
    if not ctx.valid(where) or len(where.split()) > 6:
        return []
    return [ctx.make(what.lower(), "goes_to", where, "fact", ctx.conf, f"{what[0].upper()}{what[1:]} go to {where}",
                     exclusive=True, category="work")]  # fmt: skip


# "My laptop runs Windows 11", "our VPN uses WireGuard": what one of the user's things runs, uses, costs. The slot
# is the thing and the verb, so "my desktop runs Ubuntu" is a near fact, and "my laptop runs Ubuntu now" a change.
_THING_DOES_RE = re.compile(
    r"^(?P<owner>my|our)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:now\s+|still\s+)?"
    r"(?P<verb>runs|uses|costs|takes|lasts|holds|weighs|supports)\s+(?P<o>.+)$",
    re.I,
)
# One value at a time: a thing runs one system and has one price; it may use or support several things.
_ONE_VALUE_VERBS = frozenset("runs costs takes lasts weighs".split())


def _thing_does(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _THING_DOES_RE.match(ctx.clean(clause))
    if not m:
        return []
    obj, thing, verb = ctx.clean(m["o"]), m["thing"].lower(), m["verb"].lower()
    if not ctx.valid(obj) or len(obj.split()) > 6 or thing in ("team", "company", "group"):
        return []
    subject, whose = ("user", "The user's") if m["owner"].lower() == "my" else ("we", "Our")
    return [ctx.make(subject, f"{_slot_of(thing)}_{verb}", obj, "fact", ctx.conf, f"{whose} {m['thing']} {verb} {obj}",
                     exclusive=verb in _ONE_VALUE_VERBS, category="work")]  # fmt: skip
