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
# A day or month is when something happens, never a tool: "we moved the standup from Monday to Thursday".
_WHEN_WORD = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|"
    r"august|september|october|november|december|mon|tue|wed|thu|fri|sat|sun)\b"
)
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.I), r)
    for p, r in (
        # "Correction: the maintenance window is ...": a correction is about what the user said before: ours.
        (r"^(?:correction|actually|update)\s*[,:-]?\s+the\s+", "our "),
        # "pricing review got pushed back to 17 June": a bare thing that changed is the user's team's.
        (
            r"^(?!(?:I|we|they|he|she|it|you|my|our|the|this|that|there|someone|everyone)\b)(?P<x>[a-z][\w-]*"
            r"(?:\s+[a-z][\w-]*)?)\s+(?=(?:got|has\s+been|have\s+been|was|were)\s+(?:pushed|moved|postponed|delayed|"
            r"brought|rescheduled|changed|raised|cut|lowered|increased|reduced|bumped|slashed)\b)",
            r"our \g<x> ",
        ),
        # "Bruno handed the pager over to Lucia": the one it was handed to took it over from the other.
        (
            r"^(?P<old>" + _PERSON + r")\s+(?:has\s+|just\s+)*(?:handed|passed|gave)\s+(?:over\s+)?"
            r"(?P<x>(?:the|our|his|her)\s+[\w-]+(?:\s+(?!over\b|to\b)[\w-]+)?)\s+(?:over\s+)?to\s+(?P<who>" + _PERSON
            + r")(?:\s+(?:today|now|yesterday|(?:this|last)\s+\w+))?(?=[.!]?\s*$)",
            r"\g<who> took over \g<x> from \g<old>",
        ),
        # "we migrated incident tracking from Jira to ServiceNow": the new tool for that thing, not the old one.
        (
            r"^(?P<s>I|we)\s+(?:have\s+|just\s+|finally\s+)*(?:migrated|switched|transitioned|converted|"
            r"moved(?=\s+(?:\S+\s+){0,3}?over\s+from\b))\s+"
            r"(?:our\s+|the\s+|my\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:over\s+)?from\s+"
            r"(?!" + _WHEN_WORD + r")(?P<old>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)\s+(?:over\s+)?to\s+"
            r"(?!" + _WHEN_WORD + r")(?P<new>(?-i:[A-Z])[\w.-]*(?:\s+(?-i:[A-Z])[\w.-]*)?)(?=[.!]?\s*$)",
            r"\g<s> use \g<new> for \g<what> instead of \g<old>",
        ),
        # "first line is 11 people now", "inside sales is down to 8 reps": a group's headcount, as a team's.
        # "We hired two more, first line is 11 people now": the headcount is a statement of its own.
        (
            r"(?<=\w),\s+(?=[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:team\s+)?is\s+(?:now\s+)?(?:down\s+to\s+|up\s+to\s+)?"
            r"(?:\d+|" + _NUMBER + r")\s+(?:people|persons|reps|agents|engineers|technicians|analysts|members)\b)",
            "; ",
        ),
        (
            r"(?:^|(?<=;\s))(?:(?:after|since|with)\s+[^,]{2,40}?,?\s+)?(?!(?:it|this|that|there|he|she|which|what|the|a|an)\b)"
            r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:team\s+)?is\s+(?:now\s+)?(?:down\s+to\s+|up\s+to\s+)?"
            r"(?P<n>\d+|" + _NUMBER + r")\s+(?P<u>people|persons|reps|agents|engineers|technicians|analysts|members)"
            r"(?:\s+(?:now|strong|these\s+days))?(?=[.!]?\s*$)",
            r"our \g<x> team has \g<n> \g<u>",
        ),
        (r"\bI\s+have\s+given\s+up\b", "I gave up"),
        # "I've come round to line charts": a preference reached, as "I prefer line charts" says it.
        (r"\bI\s+(?:have\s+)?(?:come\s+(?:a)?round\s+to|warmed\s+(?:up\s+)?to|got\s+into|gotten\s+into)\b", "I prefer"),
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
        # "no more sushi for me, it's salads now": the new value replaces the one said to be over.
        (
            r"^(?P<neg>(?:no\s+more|not|never|off|quit|gave\s+up|given\s+up|dropped)\s+(?P<old>[^,;]+?))"
            r"(?:\s+for\s+me)?\s*[,;]\s*(?:but\s+|so\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>[^,;]+?)"
            r"(?:\s+for\s+me)?(?:\s+now)?(?=[.!]?\s*$)",
            r"I prefer \g<new> instead of \g<old>",
        ),
        (
            r"^(?P<first>I\s+(?:have\s+)?(?:given\s+up|gave\s+up|quit|stopped|dropped)\s+(?P<old>[^,;]+?))\s*[,;]\s*"
            r"(?:but\s+|so\s+)?(?:now\s+)?it\s+is\s+(?:now\s+)?(?P<new>[^,;]+?)(?:\s+for\s+me)?(?:\s+now)?(?=[.!]?\s*$)",
            r"\g<first>. I prefer \g<new> instead of \g<old>",
        ),
        # "They moved me from the north desk to the south desk": the user's assignment changed.
        (
            r"^(?:they|management|my\s+manager|my\s+boss|the\s+company|[A-Z]\w+)\s+(?:have\s+|has\s+)?(?:moved|switched|"
            r"transferred|reassigned|put)\s+me\s+(?:from\s+(?:the\s+)?(?P<old>.+?)\s+)?(?:to|onto|on|into)\s+(?:the\s+)?"
            r"(?P<new>.+?)(?=[.!]?\s*$)",
            r"I am now assigned to \g<new>, not \g<old>",
        ),
        # "Backups run every night at 1am": when something recurring happens, as "our backups happen at" says it.
        (
            r"^(?:the\s+|our\s+)?(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:run|runs|happen|happens|take\s+place|"
            r"takes\s+place|go\s+out|goes\s+out)\s+(?=(?:now\s+)?(?:every\s+\w+\s+)?(?:at|on)\s)",
            r"our \g<x> happens ",
        ),
        # "im more into laptops these days": a preference, as "I am into laptops" says it.
        (r"\bI\s+am\s+(?:much\s+|a\s+lot\s+|way\s+|a\s+bit\s+)?more\s+into\b", "I am into"),
        # "Our team uses Salesforce": the team is "we".
        (
            r"^(?:our|the)\s+(?:team|company|department|group)\s+(?P<v>uses|has|tracks|meets|works|agreed|decided|"
            r"opted|chose)\b",
            r"we \g<v>",
        ),
        # "Marco left the company, Sofia owns the account" / "lukas quit, the vpn is owned by Mei": two statements.
        (
            r"^(?P<a>[^,;]{2,60}?\b(?:left|quit|retired|resigned|moved\s+on|is\s+gone|has\s+gone|dropped|ditched|stepped\s+down)\b[^,;]{0,40}?)\s*,\s*"
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
    r"^(?:we|I)\s+(?:have|employ|count|are)\s+(?:now\s+)?(?P<n>" + _NUMBER + r")\s+(?P<unit>[a-z][\w-]*"
    r"(?:\s+(?!(?:on|in|at|for)\b)[a-z][\w-]*)?)(?:\s+(?P<where>(?:on|in|at|for)\s+.+))?$",
    re.I,
)
_PEOPLE_ON_RE = re.compile(
    r"^(?:there\s+are|we\s+are)\s+(?:now\s+)?(?P<n>" + _NUMBER + r")(?:\s+of\s+us|\s+people|\s+persons)?\s+"
    r"(?P<where>(?:on|in|at)\s+.+)$",
    re.I,
)
_RATE_RE = re.compile(
    r"^(?:(?:my|our)\s+(?:team|group|department|desk)|we|I)\s+(?:are\s+|am\s+)?(?P<verb>[a-z]+)\s+"
    r"(?:about\s+|around\s+|roughly\s+|approximately\s+|closer\s+to\s+|close\s+to\s+|nearly\s+|almost\s+|"
    r"over\s+|under\s+|up\s+to\s+)?(?P<n>" + _NUMBER + r")\s+(?P<unit>[a-z]+)\s+(?:a|per|each|every)\s+"
    r"(?P<per>day|week|month|quarter|year)$",
    re.I,
)
_DAYS = r"(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)"
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
    r"answers|resolves|has|holds|owns|should\s+\w+|must\s+\w+|can\s+\w+|is\s+expected\s+to\s+\w+)\s+"
    r"(?P<cap>at\s+most\s+|up\s+to\s+|no\s+more\s+than\s+|a\s+maximum\s+of\s+)?(?:about\s+)?"
    r"(?P<n>" + _NUMBER + r")\s+(?P<unit>[a-z]+(?:\s+[a-z]+)?)"
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


def _people_on(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "There are 4 of us on the service desk", "we are 6 on the service desk now": how many people are there."""
    m = _PEOPLE_ON_RE.match(clause)
    return _count_fact(make, conf, clean, m["n"], "people", m["where"], None) if m else []


def _rate(
    clause: str, conf: float, make: MakeFact, clean: Callable[[str], str], valid: Callable[[str], bool]
) -> list[Fact]:
    """ "My team closes about 40 deals a month", "we're closing closer to 55 deals a month": one rate at a time."""
    m = _RATE_RE.match(clause)
    if not m or m["verb"].lower() in ("have", "has", "are", "am", "is", "get", "got", "need", "want"):
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
