"""Sentence shapes of the offline `extract_facts` role that name a slot without a change verb.

Read by `memory._fact_rules` after the change rules (`_fact_changes`) and before its own table. Each rule
recognises the SHAPE of a statement, not its topic, and names the slot (subject and predicate) so that a
later statement in other words lands on the same key and `FactStore.upsert` supersedes the older value:

- a person's responsibility: "Anna handles billing tickets", "Jonas took over the key accounts from Marta",
  "printer tickets are handled by Ben" -> subject the thing, predicate `handled_by`, object the person;
- the size of a team: "my sales team has 4 people", "we're 6 people now" -> `we` / `team_size`;
- when something happens: "my shift starts at 7am", "we hold the standup at 9:30" -> the thing / its time;
- a name to use: "I'd rather go by Bob", "you can call me Sam" -> `user` / `name`;
- a kind of person: "I'm a big espresso drinker" -> `drinks`; "I'm a jazz fan" -> `likes`;
- membership: "I'm on the day shift", "I'm in the platform team" -> the noun (`shift`, `team`);
- a way of getting somewhere: "I cycle to the office", "I take the train to work" -> `gets_to_<place>`.
- roles and states: "Lisa is my new manager", "I report to Lisa", "Tom replaced Anna as our account manager",
  "I got promoted to team lead", "I handle the Wi-Fi tickets" (the user as the one responsible), "I'm on call".

A little over 400 lines on purpose: a table of small independent rules, read top to bottom.

`settle` then folds what other rules found into the same keys (a team's size said as "our team is 7 people",
"a lot of cola" as "cola"). Words used here are generic English (verbs of responsibility, times of day,
units), never a domain's vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_keys import predicate_key

Fact = dict[str, Any]
MakeFact = Callable[..., Fact]

_PERSON_ALT = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
_NUMBER_WORDS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen twenty thirty"
_COUNT = r"(?P<n>\d+|" + "|".join(_NUMBER_WORDS.split()) + r")"
# Words that start a sentence but never name the person who handles something.
_NOT_A_NAME = frozenset(
    "i we my our the this that these those it they he she you everyone nobody someone somebody anyone there "
    "here what who which when where why how please so and but also now then today tomorrow yesterday".split()
)
_RESPONSIBLE_VERBS = (
    r"handles|owns|manages|runs|covers|leads|coordinates|supports|services|maintains|looks\s+after|takes\s+care\s+of|"
    r"deals\s+with|"
    r"is\s+(?:now\s+)?(?:responsible\s+for|in\s+charge\s+of|the\s+owner\s+of|the\s+contact\s+for|"
    r"handling|covering|managing|running|leading|looking\s+after|taking\s+care\s+of|taking\s+over)|"
    r"took\s+over|has\s+taken\s+over|takes\s+over|will\s+(?:handle|own|manage|run|cover|lead|take\s+over|"
    r"look\s+after|take\s+care\s+of|be\s+responsible\s+for|be\s+in\s+charge\s+of)"
)
# Case-sensitive on purpose: the person is a capitalised name ("Anna", "Ben Ortiz").
_RESPONSIBLE_RE = re.compile(
    r"^(?P<who>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\s+(?:now\s+|also\s+|currently\s+)?(?P<verb>"
    + _RESPONSIBLE_VERBS
    + r")\s+(?P<what>.+?)(?:\s+from\s+(?P<old>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))?$"
)
_HANDLED_BY_RE = re.compile(
    r"^(?:the\s+)?(?P<what>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:is|are)\s+(?:now\s+)?(?:handled|owned|managed|run|covered|led|serviced|maintained|"
    r"looked\s+after|taken\s+care\s+of|dealt\s+with)\s+by\s+(?P<who>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
    r"(?:\s*,?\s*(?:instead\s+of|not)\s+(?P<old>[A-Z][\w'-]*))?$"
)
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
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|week|month|quarter|year)\b",
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
# What one belongs to, one at a time ("the night shift", "the EU team"); also read by `_fact_changes`.
MEMBER_NOUNS = r"shift|team|rotation|schedule|plan|contract|squad|project|tier|department|group|crew|desk|queue|region"
_MEMBER_NOUNS = MEMBER_NOUNS
_MEMBER_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:am|are)\s+(?:now\s+|currently\s+|still\s+|mostly\s+|mainly\s+|usually\s+|normally\s+)?(?:on|in|part\s+of)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+(?P<n>" + _MEMBER_NOUNS + r")$",
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
    ctx = _Ctx(conf, make, clean, valid, drink_words)
    rules = (_responsible, _handled_by, _self_responsible, _replaced_on, _replaced, _person_is_my, _reports_to,
             _team_size, _name, _kind_of_person, _promoted, _on_duty, _member, _joined, _starts, _hold,
             _commute)  # fmt: skip
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


class _Ctx:
    """The confidence and the fact helpers of `_fact_rules`, shared by the rules."""

    __slots__ = ("clean", "conf", "drinks", "make", "valid")

    def __init__(self, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool],
                 drinks: frozenset[str]) -> None:  # fmt: skip
        self.conf, self.make, self.clean, self.valid, self.drinks = conf, make, clean, valid, drinks


def _a_name(who: str) -> bool:
    return who.split()[0].lower() not in _NOT_A_NAME


def _thing(text: str) -> str:
    """A thing as a subject: no leading article or possessive, no trailing punctuation."""
    return re.sub(r"^(?:the|a|an|our|my)\s+", "", text.strip(), flags=re.I).strip(" ,.")


def _responsibility(
    ctx: _Ctx, who: str, what: str, old: str | None, took_over: bool, *, person: bool = True
) -> list[Fact]:
    what = _thing(ctx.clean(what))
    # "Support handles 200 tickets a day" is a workload, not a responsibility.
    if (person and not _a_name(who)) or not ctx.valid(what) or len(what.split()) > 8 or what[:1].isdigit():
        return []
    since = f" (took over from {old})" if old and took_over else ""
    statement = f"{who} is responsible for {what}{since}"
    return [ctx.make(what, "handled_by", who, "fact", ctx.conf, statement, exclusive=True, contradicts=old,
                     category="work")]  # fmt: skip


def _responsible(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _RESPONSIBLE_RE.match(clause)
    if not m:
        return []
    took_over = "over" in m["verb"].lower()
    return _responsibility(ctx, m["who"], m["what"], m["old"], took_over)


# "I handle the Wi-Fi tickets now", "my team looks after the laptop queue", "I'm the owner of the payroll queue".
_SELF_RESPONSIBLE_RE = re.compile(
    r"^(?P<who>I|we|my\s+team|our\s+team)\s+(?:now\s+|also\s+|currently\s+)?(?P<verb>(?:handle|own|manage|run|"
    r"cover|lead|look\s+after|take\s+care\s+of|deal\s+with|handles|owns|manages|runs|covers|leads|looks\s+after|"
    r"takes\s+care\s+of|deals\s+with|took\s+over)|(?:am|are|is)\s+(?:now\s+)?(?:responsible\s+for|in\s+charge\s+of|"
    r"the\s+owners?\s+of|the\s+contacts?\s+for|handling|covering|looking\s+after))\s+(?P<what>.+?)"
    r"(?:\s+from\s+(?P<old>" + _PERSON_ALT + r"))?$",
    re.I,
)


# "Ana replaced Ben on the printer queue", "the printer queue now belongs to Ana".
_REPLACED_ON_RE = re.compile(
    r"^(?P<who>" + _PERSON_ALT + r")\s+(?:has\s+)?(?:replaced|succeeded|took\s+over\s+from)\s+(?P<old>" + _PERSON_ALT
    + r")\s+(?:on|for)\s+(?P<what>.+)$"
    r"|^(?:the\s+)?(?P<what2>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:now\s+)?(?:belongs|belong|goes|go)\s+to\s+(?:now\s+)?"
    r"(?P<who2>" + _PERSON_ALT + r")$"
)  # fmt: skip


def _replaced_on(clause: str, ctx: _Ctx) -> list[Fact]:
    """A colleague who takes over a queue or an area from another, or whom it now belongs to."""
    m = _REPLACED_ON_RE.match(ctx.clean(clause))
    if not m:
        return []
    if m["who"]:
        return _responsibility(ctx, m["who"], m["what"], m["old"], True)
    return _responsibility(ctx, m["who2"], m["what2"], None, False)


def _self_responsible(clause: str, ctx: _Ctx) -> list[Fact]:
    """The user or their team as the one responsible: the same slot a colleague's name fills later."""
    m = _SELF_RESPONSIBLE_RE.match(ctx.clean(clause))
    if not m:
        return []
    who = "The user" if m["who"].lower() == "i" else "Our team"
    return _responsibility(ctx, who, m["what"], m["old"], "over" in m["verb"].lower(), person=False)


def _handled_by(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _HANDLED_BY_RE.match(ctx.clean(clause))
    return _responsibility(ctx, m["who"], m["what"], m["old"], False) if m else []


_PERSON = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
_ROLE_OF = r"(?P<owner>my|our)\s+(?:new\s+|current\s+)?(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
_REPLACED_RE = re.compile(
    r"^(?P<who>" + _PERSON + r")\s+(?:has\s+)?(?:replaced|succeeded|took\s+over\s+from)\s+(?P<old>" + _PERSON
    + r")\s+as\s+" + _ROLE_OF + r"$"
)  # fmt: skip
_PERSON_IS_MY_RE = re.compile(r"^(?P<who>" + _PERSON + r")\s+is\s+(?:now\s+)?" + _ROLE_OF + r"$")
_REPORTS_TO_RE = re.compile(r"^I\s+(?:now\s+)?report\s+(?:directly\s+)?to\s+(?P<who>" + _PERSON + r")$")
_PROMOTED_RE = re.compile(
    r"^I\s+(?:have\s+been\s+|got\s+|was\s+|just\s+got\s+)promoted\s+to\s+(?:an?\s+|the\s+)?(?P<o>.+)$"
    r"|^I\s+(?:became|have\s+become|am\s+now|am)\s+(?:the\s+|an?\s+)?(?P<o2>(?:[\w-]+\s+)?(?:lead|manager|head|"
    r"director|owner|coordinator|supervisor|chair|captain))$",
    re.I,
)
_JOINED_RE = re.compile(
    r"^(?P<subj>I|we|" + _PERSON_ALT + r")\s+(?:have\s+|just\s+)*"
    r"(?:joined|moved\s+to|switched\s+to|transferred\s+to|went\s+to|(?:been|was|were|got)\s+(?:moved|put|assigned|"
    r"transferred)\s+(?:to|on))\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+(?P<n>" + _MEMBER_NOUNS + r")$",
    re.I,
)


def _role_fact(ctx: _Ctx, owner: str, thing: str, who: str, old: str | None) -> list[Fact]:
    thing = thing.lower()
    if not _a_name(who) or not ctx.valid(thing):
        return []
    subject, whose = ("user", "The user's") if owner.lower() == "my" else ("we", "Our")
    return [ctx.make(subject, re.sub(r"[\s-]+", "_", thing), who, "fact", ctx.conf, f"{whose} {thing} is {who}",
                     exclusive=True, contradicts=old, category="work")]  # fmt: skip


def _replaced(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "Tom replaced Anna as our account manager": the role's new holder, the old one named."""
    m = _REPLACED_RE.match(ctx.clean(clause))
    return _role_fact(ctx, m["owner"], m["thing"], m["who"], m["old"]) if m else []


def _person_is_my(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "Lisa is my new manager", "Tom is our account manager now"."""
    m = _PERSON_IS_MY_RE.match(ctx.clean(clause))
    return _role_fact(ctx, m["owner"], m["thing"], m["who"], None) if m else []


def _reports_to(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "I report to Lisa now": Lisa is the user's manager."""
    m = _REPORTS_TO_RE.match(ctx.clean(clause))
    return _role_fact(ctx, "my", "manager", m["who"], None) if m else []


def _promoted(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "I got promoted to team lead", "I became head of support": the user's job, one at a time."""
    m = _PROMOTED_RE.match(ctx.clean(clause))
    role = ctx.clean(m["o"] or m["o2"]) if m else ""
    if not m or not ctx.valid(role) or len(role.split()) > 5:
        return []
    article = "an" if role[:1].lower() in "aeiou" else "a"
    return [ctx.make("user", "works_as", role, "fact", ctx.conf, f"The user works as {article} {role}",
                     exclusive=True, category="work")]  # fmt: skip


def _joined(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "I joined the Platform team", "I moved to the night shift": membership, one at a time."""
    m = _JOINED_RE.match(ctx.clean(clause))
    if not m:
        return []
    noun = m["n"].lower()
    value = f"{ctx.clean(m['o'])} {noun}"
    subj = m["subj"]
    if subj.lower() not in ("i", "we") and not _a_name(subj):
        return []
    subject, who = {"i": ("user", "The user is"), "we": ("we", "We are")}.get(subj.lower(), (subj, f"{subj} is"))
    return [ctx.make(subject, noun, value, "fact", ctx.conf, f"{who} on the {value}", exclusive=True,
                     category="work")]  # fmt: skip


_ON_DUTY_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:am|are)\s+(?:now\s+)?(?P<o>on\s+(?:call|duty|leave|holiday|vacation|sick\s+leave|"
    r"parental\s+leave|standby)|out\s+of\s+(?:the\s+)?office|off\s+sick|away)(?P<when>\s+.+)?$",
    re.I,
)


# "Tomas is on call this week": a rota with one person at a time, so the next name supersedes this one.
_NAMED_ON_DUTY_RE = re.compile(
    r"^(?P<who>" + _PERSON_ALT + r")\s+(?i:is|will\s+be)\s+(?i:now\s+)?(?P<o>(?i:on\s+(?:call|duty|standby)))"
    r"(?P<when>\s+.+)?$"
)


def _on_duty(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "I'm on call this weekend": a state that "I'm not on call anymore" ends (the same object)."""
    if (named := _NAMED_ON_DUTY_RE.match(clause)) and _a_name(named["who"]):
        state = " ".join(named["o"].lower().split())
        return [ctx.make(state, "handled_by", named["who"], "fact", ctx.conf, f"{named['who']} is {state}",
                         exclusive=True, category="work")]  # fmt: skip
    m = _ON_DUTY_RE.match(clause)
    if not m:
        return []
    state = " ".join(m["o"].lower().split())
    subject, who = ("user", "The user is") if m["subj"].lower() == "i" else ("we", "We are")
    when = ctx.clean(m["when"] or "")
    return [ctx.make(subject, "is", state, "fact", ctx.conf, f"{who} {state}{' ' + when if when else ''}",
                     category="work")]  # fmt: skip


def _team_size(clause: str, ctx: _Ctx) -> list[Fact]:
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


def _name(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _NAME_RE.match(clause)
    name = ctx.clean(m["o"]) if m else ""
    if not m or not _PROPER.match(name):  # "call me later" names nobody
        return []
    return [ctx.make("user", "name", name, "fact", ctx.conf, f"The user's name is {name}", exclusive=True,
                     category="personal")]  # fmt: skip


def _kind_of_person(clause: str, ctx: _Ctx) -> list[Fact]:
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


def _member(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _MEMBER_RE.match(ctx.clean(clause))
    if not m:
        return []
    noun = m["n"].lower()
    value = f"{ctx.clean(m['o'])} {noun}"
    subject, who = ("user", "The user is") if m["subj"].lower() == "i" else ("we", "We are")
    return [ctx.make(subject, noun, value, "fact", ctx.conf, f"{who} on the {value}", exclusive=True,
                     category="work")]  # fmt: skip


def _time_value(text: str, ctx: _Ctx) -> tuple[str, str | None] | None:
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


def _starts(clause: str, ctx: _Ctx) -> list[Fact]:
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


def _hold(clause: str, ctx: _Ctx) -> list[Fact]:
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


def _commute(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _COMMUTE_RE.match(ctx.clean(clause))
    if not m:
        return []
    how, to = " ".join(m["how"].lower().split()), ctx.clean(m["to"])
    place = _thing(to).lower().split()[-1]
    first, _, rest = how.partition(" ")
    verb3 = first + ("es" if first.endswith(("s", "sh", "ch", "x", "o")) else "s")
    said = f"{verb3} {rest}".strip().replace(" my ", " their ")
    statement = f"The user {said} to {to}"
    return [ctx.make("user", f"gets_to_{place}", how, "fact", ctx.conf, statement, exclusive=True,
                     category="personal")]  # fmt: skip
