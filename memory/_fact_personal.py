"""Preferences, facts about the user and their team, and tools in use, for the offline `extract_facts` role.

Each rule reads one clause (anchored: "I prefer ...", "my X is Y", "we use ...") and returns fact dicts or [].
"""

from __future__ import annotations

import re

from cognicore.memory._fact_shapes import is_time
from cognicore.memory._fact_words import (
    BEVERAGES,
    CATEGORY_BY_PREDICATE,
    JOBS,
    Fact,
    clean,
    conjugate,
    head,
    make_fact,
    subject_of,
    third_person,
    valid_object,
)

_NOT_TAIL_RE = re.compile(r",?\s+(?:and\s+|but\s+)?(?:not|no longer|instead of|rather than)\s+(?P<old>.+)$", re.I)
_FROM_TAIL_RE = re.compile(r",?\s+(?:up|down)\s+from\s+(?P<old>.+)$", re.I)
_OVER_TAIL_RE = re.compile(r"\s+over\s+(?P<old>.+)$", re.I)
_ADVERBS = r"(?:(?:really|absolutely|also|still|now|much|definitely|quite|mostly|usually|generally|just)\s+)*"

_NOT_FACT_THINGS = frozenset("question point problem issue concern guess idea answer request task pleasure".split())
# What "the X is Y" may say about the user's work without a "my" or "our": plans, limits and agreed terms.
_PROJECT_THINGS = frozenset(
    "budget deadline target goal timeline launch scope headcount plan quota cap limit discount sla contact "
    "allowance".split()
)

# --- preferences ----------------------------------------------------------------------------------------

_DISLIKE_RE = re.compile(
    r"^I\s+" + _ADVERBS + r"(?P<verb>hate|dislike|detest|do\s+not\s+(?:really\s+)?like|do\s+not\s+enjoy|"
    r"cannot\s+stand|am\s+not\s+a\s+fan\s+of|am\s+not\s+into|do\s+not\s+drink|no\s+longer\s+drink|"
    r"no\s+longer\s+like|stopped\s+drinking|quit|gave\s+up)\s+(?:drinking\s+)?(?P<obj>.+)$",
    re.I,
)
_LIKE_RE = re.compile(
    r"^I\s+" + _ADVERBS + r"(?P<verb>prefer|like|love|enjoy|adore|drink|am\s+into|am\s+a\s+fan\s+of|"
    r"am\s+fond\s+of|have\s+switched\s+to|switched\s+to)\s+(?P<to>to\s+drink\s+|drinking\s+)?(?P<obj>.+)$",
    re.I,
)


def negative_preference(clause: str, conf: float) -> list[Fact]:
    """ "I hate X", "I no longer drink X", "I gave up X": a dislike, or the end of a habit."""
    m = _DISLIKE_RE.match(clause)
    obj = clean(m["obj"]) if m else ""
    if not m or not valid_object(obj):
        return []
    verb = re.sub(r"\s+", " ", m["verb"].lower())
    stopped = verb in ("quit", "gave up", "stopped drinking", "no longer drink", "do not drink")
    if stopped and ("drink" in verb or head(obj) in BEVERAGES):
        return [make_fact("user", "does_not_drink", obj, "preference", conf, f"The user no longer drinks {obj}",
                      contradicts=obj)]  # fmt: skip
    if verb in ("quit", "gave up"):
        return [make_fact("user", "gave_up", obj, "fact", conf, f"The user gave up {obj}", contradicts=obj)]
    contradicts = obj if "no longer" in verb else None
    statement = f"The user {conjugate(verb)} {obj}"
    return [make_fact("user", "dislikes", obj, "preference", conf, statement, contradicts=contradicts)]


def preference(clause: str, conf: float) -> list[Fact]:
    """ "I prefer X (not Y)", "I drink X": a liking; a drink is one at a time, so a new one supersedes."""
    m = _LIKE_RE.match(clause)
    if not m:
        return []
    verb, rest, old = re.sub(r"\s+", " ", m["verb"].lower()), m["obj"], None
    tail = _NOT_TAIL_RE.search(rest) or (_OVER_TAIL_RE.search(rest) if verb == "prefer" else None)
    if tail:
        old, rest = clean(tail["old"]), rest[: tail.start()]
    obj = clean(re.sub(r"^to\s+", "", rest, flags=re.I))
    if not valid_object(obj):
        return []
    old = old if old and valid_object(old) else None
    if verb == "drink" or m["to"] or head(obj) in BEVERAGES:
        # One current drink: a new one replaces the old ("I drink coffee now, not tea").
        return [make_fact("user", "drinks", obj, "preference", conf, f"The user prefers to drink {obj}",
                      exclusive=True, contradicts=old)]  # fmt: skip
    if "switched" in verb:
        return []  # "I switched to Linux": a tool in use, read by `uses`
    statement = f"The user {conjugate(verb)} {third_person(clean(rest))}" + (f" over {old}" if old else "")
    predicate = "prefers" if verb == "prefer" else "likes"
    return [make_fact("user", predicate, obj, "preference", conf, statement, contradicts=old)]


# --- facts about the user, their team and what they use -------------------------------------------------

_ABOUT_USER = [
    (re.compile(p, re.I), predicate, template)
    for p, predicate, template in (
        (r"^I\s+(?:now\s+|currently\s+)?(?:live|reside|am\s+(?:now\s+|currently\s+)?(?:living|based|located))\s+"
         r"in\s+(?P<o>.+)$",
         "lives_in", "The user lives in {o}"),
        (r"^I\s+(?:have\s+)?(?:just\s+|recently\s+)?(?:moved|relocated)\s+(?:back\s+)?to\s+(?P<o>.+)$", "lives_in",
         "The user lives in {o}"),
        (r"^I\s+am\s+(?:originally\s+)?from\s+(?P<o>.+)$", "is_from", "The user is from {o}"),
        (r"^(?:call\s+me|I\s+am\s+called|people\s+call\s+me|I\s+go\s+by)\s+(?!(?:a|an|the|some)\s)(?P<o>.+)$", "name",
         "The user's name is {o}"),
        (r"^I\s+(?:now\s+|currently\s+)?work\s+(?:at|for)\s+(?P<o>.+)$", "works_at", "The user works at {o}"),
        (r"^I\s+(?:now\s+|currently\s+)?work\s+as\s+(?:an?\s+)?(?P<o>.+)$", "works_as",
         "The user works as {a} {o}"),
        (r"^I\s+(?:now\s+|currently\s+)?work\s+in\s+(?P<o>.+)$", "works_in", "The user works in {o}"),
        (r"^I\s+am\s+(?:an?\s+)?(?P<o>vegetarian|vegan|pescatarian|gluten-free|lactose intolerant)$", "diet",
         "The user is {o}"),
        (r"^I\s+am\s+allergic\s+to\s+(?P<o>.+)$", "allergic_to", "The user is allergic to {o}"),
        (r"^I\s+am\s+(?:an?\s+)?(?P<o>.+\b(?:" + "|".join(sorted(JOBS)) + r"))$", "works_as",
         "The user works as {a} {o}"),
    )
]  # fmt: skip
_MULTI_VALUED_ABOUT = frozenset({"allergic_to"})
# "I'm based out of the Lisbon office", "I'm working remotely from Valencia", "I'm in the Porto office": where the
# user works from, a place by its name (capitalised), so "I am in a meeting" or "in the sales team" says no place.
_BASED_RE = re.compile(
    r"^I\s+am\s+(?:now\s+|currently\s+|mostly\s+|usually\s+)?(?:(?P<how>based|working|located|sitting|stationed)"
    r"\s+(?:remotely\s+|mostly\s+)?)?(?:in|at|out\s+of|from)\s+(?:the\s+|our\s+)?"
    r"(?P<o>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)(?P<site>\s+(?:office|branch|site|hub|campus|HQ))?$",
    re.I,
)
# "..., not Lisbon anymore": the place it replaces, after a comma.
_NOT_BEFORE_RE = re.compile(r"\s*,\s*(?:and\s+|but\s+)?(?:not|no\s+longer)\s+(?:in\s+|at\s+)?(?P<old>.+)$", re.I)


def _based(clause: str, conf: float) -> list[Fact]:
    """Where the user works from (read as where they are based), with the place it replaces when one is named."""
    old = None
    if tail := _NOT_BEFORE_RE.search(clause):
        old, clause = clean(tail["old"]), clause[: tail.start()]
    m = _BASED_RE.match(clean(clause))
    # "I am from Spain" is where the user comes from: only "working from" or "based ... from" is a place of work.
    if not m or (clause.lower().startswith("i am from") and not m["how"]) or not (m["how"] or m["site"] or old):
        return []
    place = m["o"]
    old = re.sub(r"\s+(?:office|branch|site|hub|campus)$", "", old, flags=re.I) if old else None
    return [make_fact("user", "lives_in", place, "fact", conf, f"The user is based in {place}", exclusive=True,
                      contradicts=old if old and valid_object(old) else None, category="personal")]  # fmt: skip


def about_user(clause: str, conf: float) -> list[Fact]:
    """Where the user lives, is from, works, their name, diet, allergies and job."""
    if based := _based(clause, conf):
        return based
    for pattern, predicate, template in _ABOUT_USER:
        if m := pattern.match(clause):
            obj = clean(m["o"])
            if not valid_object(obj):
                return []
            statement = template.format(o=obj, a="an" if obj[:1].lower() in "aeiou" else "a")
            exclusive = predicate not in _MULTI_VALUED_ABOUT
            return [make_fact("user", predicate, obj, "fact", conf, statement, exclusive=exclusive)]
    return []


_POSSESSION_RE = re.compile(
    r"^(?P<owner>my|our|the)\s+(?P<fav>(?:absolute\s+)?(?:favou?rite|preferred)\s+)?"
    r"(?P<thing>[a-z][a-z0-9-]*(?:\s+[a-z][a-z0-9-]*){0,2}?)"
    # "our budget for the spring campaign is ...": the qualifier is told, the slot stays "budget".
    r"(?P<qual>\s+(?:for|of|on|in)\s+(?:the\s+|our\s+|my\s+|this\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?"
    r"|\s+(?:this|next|last)\s+(?:year|quarter|month|week)|\s+(?:for|in)\s+\d{4})?\s+"
    r"(?:is\s+now|is|are|will\s+be|has\s+been\s+set\s+to|was\s+set\s+to|has\s+become)\s+(?P<o>.+)$",
    re.I,
)


def possession(clause: str, conf: float) -> list[Fact]:
    """ "my X is Y", "our budget is Y", "my favourite X is Y": one value at a time, so exclusive."""
    m = _POSSESSION_RE.match(clause)
    if not m:
        return []
    owner, rest = m["owner"].lower(), m["o"]
    # "my new manager", "my favourite drink these days": the slot is "manager", "favourite drink".
    thing = re.sub(r"^(?:new|current|latest|updated|revised|present)\s+", "", m["thing"].lower())
    thing = re.sub(r"\s+(?:these\s+days|nowadays|currently|right\s+now|at\s+the\s+moment)$", "", thing)
    rest = re.sub(r"^(?:called|named)\s+", "", rest, flags=re.I)  # "my daughter is called Emma"
    old = None
    if tail := _NOT_TAIL_RE.search(rest) or _FROM_TAIL_RE.search(rest):  # "is Omar now, instead of Priya"
        old, rest = clean(tail["old"]), rest[: tail.start()]
    obj = clean(rest)
    last = thing.split()[-1]
    if last in _NOT_FACT_THINGS or not valid_object(obj) or obj.lower().startswith("that "):
        return []
    qualifier = (m["qual"] or "").lower()
    if owner == "the" and re.search(r"\b(?:our|my)\b", qualifier):
        owner = "my" if re.search(r"\bmy\b", qualifier) else "our"  # "the allowance for our team is ..."
    # "The Oslo office printer is a Ricoh": a thing named by a proper name is one the user knows of, not small talk.
    named = m["owner"].lower() == "the" and any(w[:1].isupper() for w in m["thing"].split()) and not m["fav"]
    timed = is_time(obj) and re.match(r"(?:at|on)\s", obj, re.I)
    if owner == "the" and last not in _PROJECT_THINGS and not timed and not named:
        return []  # "the weather is nice": not about the user or their work; "the standup is at 9:15" is
    if m["fav"]:
        if thing in ("drink", "beverage", "hot drink"):
            statement = f"The user prefers to drink {obj}"
            return [make_fact("user", "drinks", obj, "preference", conf, statement, exclusive=True)]
        predicate = "favourite_" + thing.replace(" ", "_")
        statement = f"The user's favourite {thing} is {obj}"
        return [make_fact("user", predicate, obj, "preference", conf, statement, exclusive=True)]
    predicate = re.sub(r"[\s-]+", "_", thing)
    subject, whose = ("user", "The user's") if owner == "my" else ("we", "Our")
    category = "project" if last in _PROJECT_THINGS or owner != "my" else "personal"
    category = CATEGORY_BY_PREDICATE.get(predicate, category)
    told = "" if re.search(r"\b(?:our|my)\b", qualifier) else qualifier  # "for our team" is said by "Our"
    statement = f"{whose} {m['thing'] if named else thing}{told} is {obj}"  # "Our Oslo office printer is a Ricoh"
    old = old if old and valid_object(old) else None
    return [
        make_fact(subject, predicate, obj, "fact", conf, statement, category=category, exclusive=True, contradicts=old)
    ]


_USES_RE = re.compile(
    r"^(?P<subj>we|I)\s+(?:now\s+|currently\s+|mostly\s+|mainly\s+)?(?P<neg>no\s+longer\s+|do\s+not\s+|"
    r"stopped\s+)?(?:use|using|are\s+using|am\s+using|have\s+switched|switched|rely\s+on)\s+"
    r"(?:from\s+(?P<old>.+?)\s+)?(?:to\s+)?(?P<o>.+)$",
    re.I,
)


def uses(clause: str, conf: float) -> list[Fact]:
    """ "We use X (instead of Y)", "I no longer use X": a tool in use, or one dropped."""
    m = _USES_RE.match(clause)
    if not m:
        return []
    rest, old = m["o"], m["old"]
    if not old and (tail := _NOT_TAIL_RE.search(rest)):
        old, rest = tail["old"], rest[: tail.start()]
    obj = clean(rest)
    if not valid_object(obj):
        return []
    subject = subject_of(m["subj"])
    who, verb = ("We", "use") if subject == "we" else ("The user", "uses")
    if m["neg"]:
        statement = f"{who} no longer {'use' if subject == 'we' else 'uses'} {obj}"
        return [make_fact(subject, "does_not_use", obj, "fact", conf, statement, contradicts=obj)]
    old = clean(old) if old else None
    statement = f"{who} {verb} {obj}" + (f" instead of {old}" if old else "")
    return [make_fact(subject, "uses", obj, "fact", conf, statement, contradicts=old)]
