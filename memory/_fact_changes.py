"""Change-aware rules of the offline `extract_facts` role: a new value of something said before.

Read by `memory._fact_rules.read_facts` before its other rules. Each rule recognises a change by its shape,
not by its topic: "no longer" / "not ... anymore" / "stopped", "switched (from A) to B", "B instead of A",
"raised / changed / moved / cut ... (from A) to B", a diet, and a first-person habit marked as current
("now", "these days"). A change names the subject and the slot (predicate) it changes, is `exclusive` (one
value at a time) and names the old value in `contradicts` when it was said, so `FactStore.upsert`
supersedes the older fact instead of keeping both.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cognicore.memory._fact_shapes import MEMBER_NOUNS
from cognicore.memory._fact_words import PERSON_ROLES

Fact = dict[str, Any]
MakeFact = Callable[..., Fact]

# Words that name a diet: "I am vegan", "I went pescatarian", "a keto diet".
DIETS = frozenset(
    "vegetarian vegan pescatarian pescetarian keto ketogenic paleo gluten-free dairy-free lactose-free low-carb "
    "low-fat flexitarian omnivore omnivorous carnivore halal kosher plant-based raw mediterranean".split()
)
_DIET_ALT = "|".join(re.escape(d) for d in sorted(DIETS, key=len, reverse=True))
_CHANGE_VERBS = (
    r"raised|increased|upped|bumped(?:\s+up)?|doubled|lowered|reduced|cut|decreased|dropped|trimmed|slashed|"
    r"changed|moved|shifted|pushed(?:\s+back)?|brought\s+forward|postponed|delayed|extended|shortened|updated|"
    r"revised|adjusted|set|reset|switched|renamed|relaxed|tightened|loosened|eased|capped|expanded|widened|"
    r"narrowed|stretched|halved|boosted|hiked|scaled(?:\s+(?:back|down|up))?"
)
_INTRANSITIVE = (
    r"moved|changed|shifted|slipped|grew|rose|fell|dropped|went\s+up|went\s+down|went|increased|decreased|jumped"
)
# Whose thing: "my", "our", "the", or a possessive ("next quarter's", "our team's").
_WHOSE = (
    r"(?P<owner>(?:(?:my|our|the)\s+)?[a-z]+(?:\s+[a-z]+)?'s|my|our|the)\s+"
    r"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,5}?)"
    # "my max discount on the Pro plan": the qualifier is told, the slot stays "max discount" (as possession reads
    # "my max discount on the Pro plan is 15%"), so the change lands on the stated fact.
    r"(?:\s+(?P<qual>(?:for|in|on|of)\s+(?:the\s+|next\s+|this\s+|my\s+|our\s+)?[\w-]+(?:\s+[\w-]+){0,2}?))?"
)
_FROM_TO = (
    r"(?:\s+(?:up|down|back|forward))?(?:\s+by\s+(?:[\w$%.,-]+\s+){0,3}?[\w$%.,-]+)?(?:\s+from\s+(?P<old>.+?))?"
    r"\s+to\s+(?P<new>.+?)(?:\s+from\s+(?P<old2>.+))?$"
)
# "We raised the budget to $55k", "I changed my diet from vegetarian to vegan", "the board cut our budget to
# $5k": whoever changed it, the thing is the user's or their team's.
_ACTIVE_CHANGE_RE = re.compile(
    r"^(?P<subj>I|we|[a-z]+(?:\s+[a-z]+){0,2}?)\s+(?:has\s+|have\s+|just\s+|finally\s+|now\s+)*(?:"
    + _CHANGE_VERBS
    + r")\s+"
    + _WHOSE
    + _FROM_TO,
    re.I,
)
# "The budget was raised to $55k", "our deadline has moved to June", "my rent went up to 1,200".
_PASSIVE_CHANGE_RE = re.compile(
    r"^" + _WHOSE + r"\s+(?:(?:has|have|had)\s+been|was|were|is|are|got|has|have|just|now|\s)*\s*"
    r"(?:" + _CHANGE_VERBS + r"|" + _INTRANSITIVE + r")" + _FROM_TO,
    re.I,
)
# "I switched from tea to coffee", "we moved from Jira to Linear", "I swapped tea for coffee".
_SWITCH_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:have\s+|just\s+|finally\s+|recently\s+)*(?P<verb>switched|changed|migrated|went|gone|moved|"
    r"converted|transitioned|shifted)(?:\s+over|\s+back)?\s+from\s+(?P<old>.+?)\s+to\s+(?P<new>.+)$"
    r"|^(?P<subj2>I|we)\s+(?:have\s+|just\s+|finally\s+|recently\s+)*(?:switched|changed|migrated|"
    r"converted|transitioned|shifted)(?:\s+over|\s+back)?\s+to\s+(?P<new2>.+?)(?:\s+from\s+(?P<old2>.+))?$"
    r"|^(?P<subj3>I|we)\s+(?:have\s+|just\s+)*(?P<verb3>swapped|traded|exchanged|replaced|substituted|dropped|"
    r"ditched)\s+(?P<old3>.+?)\s+(?P<prep3>for|with)\s+(?P<new3>.+)$",
    re.I,
)
# "swap/trade/exchange X with Ben": a trade with someone named, not X replaced by a thing ("replaced X with Y").
_WITH_SOMEONE_RE = re.compile(r"^(?i:swapped|traded|exchanged) (?i:with) [A-Z][a-z]+(?:$|,)")
# "I am not vegetarian anymore", "we are no longer a startup".
_NO_LONGER_STATE_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:am|are)\s+(?P<neg>not|no\s+longer)\s+(?:an?\s+)?(?P<obj>.+)$", re.I
)
# "I no longer eat meat", "I do not eat meat anymore", "we stopped using Trello".
_NO_LONGER_DO_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:(?:no\s+longer|do\s+not|never)\s+(?P<verb>[a-z]+)\s+(?P<obj>.+?)"
    r"|(?:have\s+|just\s+)*(?:stopped|quit)\s+(?P<ving>[a-z]+ing)\s+(?P<obj2>.+?))$",
    re.I,
)
# "I have been drinking rooibos", "we have been using Notion": a current habit in the continuous tense.
_BEEN_DOING_RE = re.compile(
    r"^(?P<subj>I|we)\s+(?:(?:have|had)\s+been|(?:have\s+)?(?:started|begun|began|taken\s+up|took\s+up)|"
    r"am\s+now|are\s+now)\s+(?P<ving>[a-z]{2,}ing)\s+(?P<obj>.+)$",
    re.I,
)
# Diet statements: "I am vegan (now)", "I went vegetarian", "I follow a keto diet", "I eat plant-based".
_DIET_RE = re.compile(
    r"^I\s+(?:am|have\s+become|became|went|turned|have\s+gone|have\s+turned|am\s+going|eat|now\s+eat)\s+"
    r"(?:now\s+|fully\s+|completely\s+|strictly\s+|mostly\s+)*(?:an?\s+)?(?P<o>" + _DIET_ALT + r")(?:\s+diet)?$"
    r"|^I\s+(?:follow|keep|am\s+on|stick\s+to|eat|have|am\s+following|am\s+eating|started)\s+(?:an?\s+|the\s+)?"
    r"(?P<o2>(?:[\w-]+\s+){0,2}?[\w-]+)\s+diet$",
    re.I,
)
# A first-person habit marked as current or replacing another: "I take the bus now", "we meet on
# Tuesdays instead of Mondays". The verb is any word but these, which speak about the conversation.
_HABIT_RE = re.compile(
    # any adverb in -ly before the verb ("I basically live on coffee"), not a verb in -ply ("I apply", "we supply")
    r"^(?P<subj>I|we)\s+(?:(?:now|mostly|usually|mainly|only|always|often|typically|normally|generally|also|"
    r"(?![a-z]*ply\b)[a-z]{4,}ly)\s+)*"
    r"(?P<verb>[a-z]+)\s+(?P<obj>.+)$",
    re.I,
)
_NOT_HABIT_VERBS = frozenset(
    """am are was were be been have has had do does did will would shall should can could may might must need
    needs want wanted wish hope think thought guess believe mean meant know knew see saw understand wonder
    asked ask said say told tell get got agree disagree feel felt forgot remember like love hate prefer enjoy
    decided chose picked assume expect plan planned am not no never also just really still appreciate suppose
    went took made said ran ate drank saw gave came found lost sent wrote bought sold won brought left met paid
    kept held felt heard built began told thought understood became fell forgot""".split()
)
_INSTEAD_RE = re.compile(r",?\s+(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?P<old>.+)$", re.I)
_PREPOSITION_RE = re.compile(r"^(?P<p>on|at|in|by|from|with|to|for)\s+", re.I)


def change_facts(clause: str, conf: float, *, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool],
                 drink_words: frozenset[str], current: bool) -> list[Fact]:  # fmt: skip
    """The facts of `clause` when it states a change; `current`: the clause said "now", "anymore", "instead"..."""
    ctx = _Ctx(conf, make, clean, valid, drink_words, current)
    clause = clean(clause)  # trailing "now", "anymore", "last month" were read into `current`
    for rule in (_diet, _no_longer_state, _no_longer_do, _switch, _active_change, _passive_change, _been_doing):
        if found := rule(clause, ctx):
            return found
    return []


def habit_facts(clause: str, conf: float, *, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool],
                drink_words: frozenset[str], current: bool) -> list[Fact]:  # fmt: skip
    """A first-person habit (read after every other rule): one value at a time when said to be current."""
    return _habit(clause, _Ctx(conf, make, clean, valid, drink_words, current))


class _Ctx:
    """What the rules share: the confidence and the fact helpers of `_fact_rules`."""

    __slots__ = ("clean", "conf", "current", "drinks", "make", "valid")

    def __init__(self, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool],
                 drinks: frozenset[str], current: bool) -> None:  # fmt: skip
        self.conf, self.make, self.clean, self.valid, self.drinks = conf, make, clean, valid, drinks
        self.current = current

    def head(self, text: str) -> str:
        words = re.findall(r"[a-z-]+", text.lower())
        return words[-1] if words else ""


def _who(subj: str) -> tuple[str, str, str]:
    """(subject key, sentence subject, possessive) for "I" or "we"."""
    return ("user", "The user", "The user's") if subj.lower() == "i" else ("we", "We", "Our")


def _diet_fact(ctx: _Ctx, diet: str, old: str | None = None) -> Fact:
    diet = diet.lower()
    statement = f"The user follows {'an' if diet[:1] in 'aeiou' else 'a'} {diet} diet"
    return ctx.make("user", "diet", diet, "fact", ctx.conf, statement, exclusive=True, contradicts=old,
                    category="food_drink")  # fmt: skip


def _diet(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _DIET_RE.match(clause)
    if not m:
        return []
    diet = ctx.clean(m["o"] or m["o2"])
    return [_diet_fact(ctx, diet)] if ctx.valid(diet) else []


def _no_longer_state(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _NO_LONGER_STATE_RE.match(clause)
    # "I am not on call anymore, Ben swapped with me": what ended stops at the comma.
    obj = ctx.clean(m["obj"].split(",")[0]) if m else ""
    # "I am not X" alone is a plain negative; with "anymore" (or "no longer") it ends what was true.
    if (
        not m
        or not (ctx.current or m["neg"].lower() != "not")
        or not ctx.valid(obj)
        or obj.lower().startswith(("sure", "certain", "happy", "able", "going"))
    ):
        return []
    subject, who, _ = _who(m["subj"])
    be = "is" if subject == "user" else "are"
    if obj.lower() in DIETS:  # no longer on that diet: the slot is left without a known value
        statement = f"The user no longer follows a {obj.lower()} diet"
        return [ctx.make("user", "not_diet", obj.lower(), "fact", ctx.conf, statement, contradicts=obj.lower(),
                         category="food_drink")]  # fmt: skip
    statement = f"{who} {be} no longer {obj}"
    return [ctx.make(subject, "is_not", obj, "fact", ctx.conf, statement, contradicts=obj)]


def _no_longer_do(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _NO_LONGER_DO_RE.match(clause)
    if not m:
        return []
    verb = (m["verb"] or m["ving"]).lower()
    obj = ctx.clean((m["obj"] or m["obj2"]).split(",")[0])
    if verb == "being":  # "I quit being vegetarian": a state that ended, as "I am no longer vegetarian" says it
        return _no_longer_state(f"{m['subj']} am no longer {obj}", ctx)
    negated_now = m["obj2"] is not None or "no" in clause.lower().split()[1:3] or ctx.current
    if verb in _NOT_HABIT_VERBS or not negated_now or not ctx.valid(obj):
        return []  # "I do not know X": not a habit; "I do not eat fish" without "anymore": left to other rules
    subject, who, _ = _who(m["subj"])
    if m["ving"]:  # "stopped using Trello"
        verb3, statement = verb, f"{who} stopped {verb} {obj}"
    else:
        verb3 = verb if subject == "we" else _third(verb)
        statement = f"{who} no longer {verb3} {obj}"
    drink = verb in ("drink", "drinking") or ctx.head(obj) in ctx.drinks
    # "stopped eating sugar" and "do not eat sugar anymore" end the same habit: one predicate for both.
    predicate = "does_not_drink" if drink else f"no_longer_{_third(base_form(verb) if m['ving'] else verb)}"
    return [ctx.make(subject, predicate, obj, "fact", ctx.conf, statement, contradicts=obj)]


def _slot_for(ctx: _Ctx, new: str, old: str | None) -> str:
    """The predicate a switch changes, read from its values: a drink, a diet, or something used."""
    heads = {ctx.head(new), ctx.head(old or "")}
    if heads & ctx.drinks:
        return "drinks"
    if {new.lower(), (old or "").lower()} & DIETS or heads & {"diet"}:
        return "diet"
    return "uses"


def _switch(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _SWITCH_RE.match(clause)
    if not m:
        return []
    subj = m["subj"] or m["subj2"] or m["subj3"]
    new = ctx.clean(m["new"] or m["new2"] or m["new3"])
    old_raw = m["old"] or m["old2"] or m["old3"]
    old = ctx.clean(old_raw) if old_raw else None
    if not ctx.valid(new) or (_PREPOSITION_RE.match(new) and not old):
        return []
    if _WITH_SOMEONE_RE.match(f"{m['verb3']} {m['prep3']} {m['new3']}") if m["subj3"] else False:
        return []  # "I swapped on-call with Ben": a trade with a person (or a thing: which is not said)
    old = old if old and ctx.valid(old) else None
    subject, who, _ = _who(subj)
    if subject == "user" and (m["verb"] or "").lower() == "moved":  # "I moved from Lisbon to Berlin"
        return [ctx.make("user", "lives_in", new, "fact", ctx.conf, f"The user lives in {new}", exclusive=True,
                         contradicts=old, category="personal")]  # fmt: skip
    if re.fullmatch(MEMBER_NOUNS, ctx.head(new), re.I):  # "I switched to the early shift": one shift at a time
        noun, value = ctx.head(new), re.sub(r"^(?:the|a|an)\s+", "", new, flags=re.I)
        told = f"{who} {'is' if subject == 'user' else 'are'} on the {value}"
        return [ctx.make(subject, noun, value, "fact", ctx.conf, told, exclusive=True, contradicts=old,
                         category="work")]  # fmt: skip
    slot = _slot_for(ctx, new, old)
    if slot == "diet":
        return [_diet_fact(ctx, re.sub(r"\s+diet$", "", new, flags=re.I), old)]
    was = f" instead of {old}" if old else ""
    if slot == "drinks":
        return [ctx.make("user", "drinks", new, "preference", ctx.conf, f"The user prefers to drink {new}{was}",
                         exclusive=True, contradicts=old)]  # fmt: skip
    verb = "use" if subject == "we" else "uses"
    # Without the old value a switch says nothing about what else is used: only the old value is replaced. The switch
    # is said ("We use HubSpot (switched)"), so an answer about what it may have replaced sees a change.
    was = was or f" ({m['verb'] or m['verb3'] or 'switched'})".lower()
    return [ctx.make(subject, "uses", new, "fact", ctx.conf, f"{who} {verb} {new}{was}", contradicts=old)]


# Why or after what a value changed, said after it ("to $820k after the reforecast", "to 20 because two people are
# out"): no part of the new value.
_OCCASION_RE = re.compile(
    r"\s+(?:after|because|following|due\s+to|thanks\s+to|given|since)\s+(?:the|a|an|of|we|they|\w+'s)\b.*$", re.I
)


def _thing_fact(
    ctx: _Ctx, owner: str, subj: str | None, thing: str, new: str, old: str | None, verb: str, qual: str | None = None
) -> list[Fact]:
    thing = re.sub(r"^(?:the|a|an)\s+", "", thing.strip(), flags=re.I)
    told = f" {qual.strip()}" if qual and not re.search(r"\b(?:my|our)\b", qual, re.I) else ""
    qualifier = ""
    if owner.lower().endswith("'s"):  # "next quarter's budget" is our budget, for next quarter
        whose = owner[:-2].strip()
        qualifier = "" if re.fullmatch(r"(?:(?:my|our|the)\s+)?(?:team|company)", whose, re.I) else f" for {whose}"
        owner = "my" if re.match(r"my\b", whose, re.I) else "our"
    new, old = ctx.clean(_OCCASION_RE.sub("", new)), ctx.clean(old) if old else None
    if not ctx.valid(new) or not thing:
        return []
    words = thing.split()
    if len(words) > 1 and words[-1][:1].isupper() and words[-2].lower() in PERSON_ROLES:
        return []  # "my colleague Sam switched to ...": a person named, who moved; no thing of the user's changed
    old = old if old and ctx.valid(old) else None
    mine = owner.lower() == "my" or (owner.lower() == "the" and (subj or "").lower() == "i")
    subject, _, whose = _who("i" if mine else "we")
    if thing.lower() == "diet" and mine:
        return [_diet_fact(ctx, re.sub(r"\s+diet$", "", new, flags=re.I), old)]
    predicate = re.sub(r"[\s-]+", "_", thing.lower())
    since = f" ({verb} from {old})" if old else f" ({verb})"
    statement = f"{whose} {thing.lower()}{qualifier}{told} is {new}{since}"
    category = "personal" if subject == "user" else "project"
    return [ctx.make(subject, predicate, new, "fact", ctx.conf, statement, exclusive=True, contradicts=old,
                     category=category)]  # fmt: skip


def _active_change(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _ACTIVE_CHANGE_RE.match(clause)
    if not m:
        return []
    said = re.match(
        r"\s*(?:(?:has|have|just|finally|now)\s+)*(" + _CHANGE_VERBS + r")\b", clause[m.end("subj") :], re.I
    )
    verb = " ".join(said.group(1).lower().split()) if said else "changed"
    return _thing_fact(ctx, m["owner"], m["subj"], m["thing"], m["new"], m["old"] or m["old2"], verb, m["qual"])


_RETURNED_RE = re.compile(r"^\s+(?:went|was\s+sent|got\s+sent|got\s+returned|was\s+returned)\s+back\s+to\b", re.I)


def _passive_change(clause: str, ctx: _Ctx) -> list[Fact]:
    m = _PASSIVE_CHANGE_RE.match(clause)
    if not m:
        return []
    changed = re.search(r"\b(" + _CHANGE_VERBS + r"|" + _INTRANSITIVE + r")\b", clause[m.end("thing") :], re.I)
    verb = changed.group(1).lower() if changed else "changed"
    if _RETURNED_RE.match(clause[m.end("thing") :]) and m["owner"].lower() == "the":
        return []  # "the ThinkPad went back to IT": a thing handed back to a place, no value of a slot
    return _thing_fact(ctx, m["owner"], None, m["thing"], m["new"], m["old"] or m["old2"], verb, m["qual"])


def _habit(clause: str, ctx: _Ctx) -> list[Fact]:
    """A first-person habit said to be current or to replace another: its verb is the slot, one value."""
    m = _HABIT_RE.match(clause)
    if not m:
        return []
    having = m["verb"].lower() in ("have", "has") and ctx.head(ctx.clean(_INSTEAD_RE.sub("", m["obj"]))) in ctx.drinks
    if not having and (m["verb"].lower() in _NOT_HABIT_VERBS or m["verb"].lower().endswith(("ed", "ing"))):
        return []
    rest, old = m["obj"], None
    if tail := _INSTEAD_RE.search(rest):
        old, rest = ctx.clean(tail["old"]), rest[: tail.start()]
    obj = ctx.clean(rest)
    if not ctx.valid(obj):
        return []
    if old and (prep := _PREPOSITION_RE.match(obj)) and not _PREPOSITION_RE.match(old):
        old = f"{prep['p']} {old}"  # "on Tuesdays instead of Mondays": the old value is "on Mondays"
    old = old if old and ctx.valid(old) else None
    subject, who, _ = _who(m["subj"])
    verb = m["verb"].lower()
    verb3 = verb if subject == "we" else _third(verb)
    if verb in ("drink", "have") or ctx.head(obj) in ctx.drinks:
        return [ctx.make("user", "drinks", obj, "preference", ctx.conf, f"The user prefers to drink {obj}",
                         exclusive=True, contradicts=old)]  # fmt: skip
    instead = f" instead of {old}" if old else ""
    # "I eat fish" may sit beside "I eat rice"; "I eat fish now" / "instead of" replaces what was eaten.
    marked = ctx.current or old is not None
    # The predicate is the verb's third person whoever speaks, so "we meet" and "the team meets" share it.
    return [ctx.make(subject, _third(verb), obj, "fact", ctx.conf, f"{who} {verb3} {obj}{instead}", exclusive=marked,
                     contradicts=old)]  # fmt: skip


def _third(verb: str) -> str:
    """The third-person singular of a base verb ("eat" -> "eats", "go" -> "goes", "carry" -> "carries")."""
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")


def _been_doing(clause: str, ctx: _Ctx) -> list[Fact]:
    """ "I have been drinking rooibos", "we started using Notion": the habit of the base verb, current."""
    m = _BEEN_DOING_RE.match(clause)
    if not m:
        return []
    base = base_form(m["ving"].lower())
    if base in _NOT_HABIT_VERBS:
        return []
    return _habit(f"{m['subj']} {base} {m['obj']}", _Ctx(ctx.conf, ctx.make, ctx.clean, ctx.valid, ctx.drinks, True))


def base_form(ving: str) -> str:
    """The base verb of an -ing form, by spelling rules ("drinking" -> "drink", "using" -> "use")."""
    base = ving[:-3]
    if len(base) >= 3 and base[-1] == base[-2] and base[-1] not in "lsz":
        return base[:-1]  # "running" -> "run"
    if len(base) <= 2 or (len(base) <= 4 and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", base)):
        return base + "e"  # "using" -> "use", "driving" -> "drive", "making" -> "make"
    return base
