"""Sentence shapes about people: who is responsible for what, roles, reporting lines, membership, duty.

Read through `_fact_shapes.shape_facts`. "Anna handles billing tickets", "Jonas took over the key accounts from
Marta", "printer tickets are handled by Ben" -> subject the thing, predicate `handled_by`, object the person;
"Lisa is my new manager", "I report to Lisa", "Tom replaced Anna as our account manager", "I got promoted to team
lead", "I joined the platform team", "I'm on call", "Tomas is on call this week". Each names one slot, so a later
holder in other words supersedes the earlier one. The words are generic English, never a domain's vocabulary.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cognicore.memory._fact_words import NOT_A_NAME, NOT_NAMES, PERSON_ROLES

if TYPE_CHECKING:  # _fact_shapes imports the rules below: no import cycle at run time
    from cognicore.memory._fact_shapes import Fact, ShapeCtx

_PERSON_ALT = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
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
    + r")\s+(?P<what>.+?)(?:\s+from\s+(?P<old>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?|me|us))?$"
)
_HANDLED_BY_RE = re.compile(
    r"^(?:the\s+)?(?P<what>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:is|are)\s+(?:now\s+)?(?:handled|owned|managed|run|covered|led|serviced|maintained|"
    r"looked\s+after|taken\s+care\s+of|dealt\s+with)\s+by\s+(?P<who>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"
    r"(?:\s*,?\s*(?:instead\s+of|not)\s+(?P<old>[A-Z][\w'-]*))?$"
)
# What one belongs to, one at a time ("the night shift", "the EU team"); also read by `_fact_changes`.
MEMBER_NOUNS = r"shift|team|rotation|schedule|plan|contract|squad|project|tier|department|group|crew|desk|queue|region"


_COPULA_RE = re.compile(r"(?:is|are|was|were|am|be)\b", re.I)


def a_name(who: str) -> bool:
    """Can `who`, a sentence's first words, be a person's name (not "I", "the", "so")?"""
    return who.split()[0].lower() not in NOT_A_NAME


def bare_thing(text: str) -> str:
    """A thing as a subject: no leading article or possessive, no trailing punctuation."""
    return re.sub(r"^(?:the|a|an|our|my)\s+", "", text.strip(), flags=re.I).strip(" ,.")


def _responsibility(
    ctx: ShapeCtx, who: str, what: str, old: str | None, took_over: bool, *, person: bool = True
) -> list[Fact]:
    what = bare_thing(ctx.clean(what))
    old = None if old is not None and old.lower() in ("me", "us") else old  # "took X over from me": the user's, ended
    # "Support handles 200 tickets a day" is a workload, not a responsibility; "my team lead is Aisha" names a
    # role ("lead" is no verb there): a thing handled never starts with a copula.
    if _COPULA_RE.match(what) or (person and not a_name(who)) or not ctx.valid(what):
        return []
    if len(what.split()) > 8 or what[:1].isdigit():
        return []
    since = f" (took over from {old})" if old and took_over else ""
    statement = f"{who} is responsible for {what}{since}"
    return [ctx.make(what, "handled_by", who, "fact", ctx.conf, statement, exclusive=True, contradicts=old,
                     category="work")]  # fmt: skip


def responsible(clause: str, ctx: ShapeCtx) -> list[Fact]:
    m = _RESPONSIBLE_RE.match(clause)
    if not m:
        return []
    took_over = "over" in m["verb"].lower()
    found = _responsibility(ctx, m["who"], m["what"], m["old"], took_over)
    if re.search(r"\balso\b|\b(?:too|as\s+well)$", clause, re.I):  # "Kofi also looks after X": beside its holder
        return [{**f, "exclusive": False} for f in found]
    return found


# "I handle the Wi-Fi tickets now", "my team looks after the laptop queue", "I'm the owner of the payroll queue".
_SELF_RESPONSIBLE_RE = re.compile(
    r"^(?P<who>I|we|my\s+team|our\s+team)\s+(?:now\s+|also\s+|currently\s+)?(?P<verb>(?:handle|own|manage|run|"
    r"cover|lead|head\s+up|oversee|heads\s+up|oversees|look\s+after|take\s+care\s+of|deal\s+with|handles|owns|manages|runs|covers|leads|looks\s+after|"
    r"takes\s+care\s+of|deals\s+with|took\s+over)|(?:am|are|is)\s+(?:now\s+)?(?:responsible\s+for|in\s+charge\s+of|"
    # "covering for ben" stands in for a person: no thing of the user's ("responsible for for ben")
    r"the\s+owners?\s+of|the\s+contacts?\s+for|handling|covering|looking\s+after))\s+(?!for\b)(?P<what>.+?)"
    r"(?:\s+from\s+(?P<old>" + _PERSON_ALT + r"))?$",
    re.I,
)


# "EMEA is mine now", "the Benelux accounts are all ours from today": a thing named first, then whose it is.
_MINE_RE = re.compile(
    r"^(?!(?:it|that|this|these|those|which|what)\b)(?P<what>[\w&/-]+(?:\s+[\w&/-]+){0,4}?)\s+(?:is|are)\s+"
    r"(?:now\s+|all\s+)*(?P<who>mine|ours)(?:\s+(?:now|from\s+today|as\s+of\s+today))?$",
    re.I,
)


# "Ana replaced Ben on the printer queue", "the printer queue now belongs to Ana".
_REPLACED_ON_RE = re.compile(
    r"^(?P<who>" + _PERSON_ALT + r")\s+(?:has\s+)?(?:replaced|succeeded|took\s+over\s+from)\s+(?P<old>" + _PERSON_ALT
    + r")\s+(?:on|for)\s+(?P<what>.+)$"
    r"|^(?:the\s+)?(?P<what2>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:now\s+)?(?:belongs|belong|goes|go)\s+to\s+(?:now\s+)?"
    r"(?P<who2>" + _PERSON_ALT + r")$"
)  # fmt: skip


def replaced_on(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """A colleague who takes over a queue or an area from another, or whom it now belongs to."""
    m = _REPLACED_ON_RE.match(ctx.clean(clause))
    if not m:
        return []
    if m["who"]:
        return _responsibility(ctx, m["who"], m["what"], m["old"], True)
    return _responsibility(ctx, m["who2"], m["what2"], None, False)


# "I'm the account manager for Iberia", "I'm the regional sales lead for <area>", "I'm the go-to person for badge
# tickets": a role the user holds over a thing (the role's noun a person's role, general English). A member of a
# group ("I'm a member of the network team") belongs to it and is read by `joined` and its kin, not here.
_ROLE_OVER_RE = re.compile(
    r"^I(?:'m|\s+am)\s+(?:now\s+|currently\s+|also\s+|still\s+)?(?:the|an?|our|their)\s+"
    r"(?P<role>(?:[\w-]+\s+){0,3}?(?P<noun>[\w-]+))\s+(?:for|of|over)\s+(?P<what>.+)$",
    re.I,
)
# "I'm the Email queue owner", "I'm the DACH account lead": a role named after the thing it is over (a name).
_NAMED_ROLE_RE = re.compile(
    r"^I(?:'m|\s+am)\s+(?:now\s+|currently\s+|also\s+|still\s+)?(?:the|our)\s+"
    r"(?P<what>(?:[\w-]+\s+){0,2}?(?-i:[A-Z])[\w-]*(?:\s+[\w-]+){0,2}?)\s+(?P<noun>[\w-]+)$",
    re.I,
)
# "Iberia is the territory I manage", "Benelux is the region I cover": a thing named first, then the user's.
_MINE_BY_VERB_RE = re.compile(
    r"^(?!(?:it|that|this|these|those|which|what)\b)(?P<what>[\w&/-]+(?:\s+[\w&/-]+){0,4}?)\s+(?:is|are)\s+"
    r"(?:the|my)\s+[\w-]+\s+(?:that\s+)?I\s+(?:now\s+)?(?:manage|cover|run|handle|own|lead|look\s+after)$",
    re.I,
)
# Belonging to a group, or standing in for or beside a person ("the backup for Ben"): no role over a thing.
_NOT_A_ROLE = frozenset(
    "member part backup deputy assistant buddy mentor coach partner teammate colleague coworker sponsor hire".split()
)


def role_over(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """The user's role over a thing ("I'm the account manager for Iberia"): the user is responsible for it, so a
    hand-over of the thing later ends it as it ends "I look after Iberia"."""
    if (named := _MINE_BY_VERB_RE.match(ctx.clean(clause))) is not None:
        return _responsibility(ctx, "The user", named["what"], None, False, person=False)
    m = _ROLE_OVER_RE.match(ctx.clean(clause)) or _NAMED_ROLE_RE.match(ctx.clean(clause))
    noun = m["noun"].lower() if m else ""
    if m is None or noun in _NOT_A_ROLE or (noun not in PERSON_ROLES and noun != "person"):
        return []
    if m.re is _NAMED_ROLE_RE and not any(w[:1].isupper() and w.lower() not in NOT_NAMES for w in m["what"].split()):
        return []  # "I'm the Monday on-call engineer": a day, no thing's name
    # The role's words stay out of the statement: "manager" of "account manager" would name the slot of "my manager
    # covers <area>", another person's.
    return _responsibility(ctx, "The user", m["what"], None, False, person=False)


def self_responsible(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """The user or their team as the one responsible: the same slot a colleague's name fills later."""
    m = _SELF_RESPONSIBLE_RE.match(ctx.clean(clause))
    if not m and (mine := _MINE_RE.match(ctx.clean(clause))) is not None:
        # "EMEA is mine now", "the Benelux accounts are ours": the thing is the user's (or the team's) to handle
        who = "The user" if mine["who"].lower() == "mine" else "Our team"
        return _responsibility(ctx, who, mine["what"], None, False, person=False)
    if not m:
        return []
    who = "The user" if m["who"].lower() == "i" else "Our team"
    return _responsibility(ctx, who, m["what"], m["old"], "over" in m["verb"].lower(), person=False)


def handled_by(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "printer tickets are handled by Ben", "the Q1 forecast was handed over to Omar": the one responsible."""
    if m := _HANDLED_BY_RE.match(ctx.clean(clause)):
        return _responsibility(ctx, m["who"], m["what"], m["old"], False)
    m = _HANDED_TO_RE.match(ctx.clean(clause))
    if not m or m["what"].split()[0].lower() in NOT_A_NAME:  # "I was assigned to Ana's team": no thing handed
        return []
    return _responsibility(ctx, m["who"], m["what"], None, True)


# "Wi-Fi tickets were reassigned to Ana", "the Q1 forecast was handed over to Omar": a hand-over in the passive, the
# person (a capitalised name) the new one responsible.
_HANDED_TO_RE = re.compile(
    r"^(?:[Tt]he\s+)?(?P<what>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:was|were|has\s+been|have\s+been|got|is|are)\s+(?:now\s+)?"
    r"(?:handed(?:\s+over)?|passed(?:\s+on|\s+over)?|reassigned|assigned|given)\s+(?:over\s+)?to\s+"
    r"(?:now\s+)?(?P<who>" + _PERSON_ALT + r")$"
)


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
    r"(?:joined|(?:moved|switched|transferred|went)\s+(?:over\s+|across\s+)?to|"
    r"(?:been|was|were|got)\s+(?:moved|put|assigned|transferred)\s+(?:to|on))\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+(?P<n>" + MEMBER_NOUNS + r")$",
    re.I,
)


def _role_fact(ctx: ShapeCtx, owner: str, thing: str, who: str, old: str | None) -> list[Fact]:
    thing = thing.lower()
    if not a_name(who) or not ctx.valid(thing):
        return []
    subject, whose = ("user", "The user's") if owner.lower() == "my" else ("we", "Our")
    return [ctx.make(subject, re.sub(r"[\s-]+", "_", thing), who, "fact", ctx.conf, f"{whose} {thing} is {who}",
                     exclusive=True, contradicts=old, category="work")]  # fmt: skip


def replaced(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "Tom replaced Anna as our account manager": the role's new holder, the old one named."""
    m = _REPLACED_RE.match(ctx.clean(clause))
    return _role_fact(ctx, m["owner"], m["thing"], m["who"], m["old"]) if m else []


def person_is_my(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "Lisa is my new manager", "Tom is our account manager now"."""
    m = _PERSON_IS_MY_RE.match(ctx.clean(clause))
    return _role_fact(ctx, m["owner"], m["thing"], m["who"], None) if m else []


def reports_to(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "I report to Lisa now": Lisa is the user's manager."""
    m = _REPORTS_TO_RE.match(ctx.clean(clause))
    return _role_fact(ctx, "my", "manager", m["who"], None) if m else []


def promoted(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "I got promoted to team lead", "I became head of support": the user's job, one at a time."""
    m = _PROMOTED_RE.match(ctx.clean(clause))
    role = ctx.clean(m["o"] or m["o2"]) if m else ""
    if not m or not ctx.valid(role) or len(role.split()) > 5:
        return []
    article = "an" if role[:1].lower() in "aeiou" else "a"
    return [ctx.make("user", "works_as", role, "fact", ctx.conf, f"The user works as {article} {role}",
                     exclusive=True, category="work")]  # fmt: skip


def joined(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "I joined the Platform team", "I moved to the night shift": membership, one at a time."""
    m = _JOINED_RE.match(ctx.clean(clause))
    if not m:
        return []
    noun = m["n"].lower()
    value = f"{ctx.clean(m['o'])} {noun}"
    subj = m["subj"]
    if subj.lower() not in ("i", "we") and not a_name(subj):
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


def on_duty(clause: str, ctx: ShapeCtx) -> list[Fact]:
    """ "I'm on call this weekend": a state that "I'm not on call anymore" ends (the same object)."""
    if (named := _NAMED_ON_DUTY_RE.match(clause)) and a_name(named["who"]):
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
