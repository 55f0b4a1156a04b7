"""Where the user is placed (a shift, a team, a queue, a patch of accounts) and a move of the user to another place.

"I'm working the night shift this month" is the user's shift, read from the grammar (a verb of doing or covering,
then "the <modifier> <noun>"), not from a list of shifts. "I swapped to early shifts, no more nights for me" and
"I've been moved over to the Benelux team, so Iberia isn't mine anymore" move the user: the place they leave
is the one known placement the message names as ended ("no more nights", "Iberia isn't mine anymore"), or the one
known placement with the same head noun ("shifts" for "the night shift"), or the only known placement of the user.
Two candidates, or none: nothing is linked, and the move is kept as told.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.memory._fact_keys import lemma, lemmas, predicate_key, subject_key
from cognicore.memory._fact_slot_values import ADDED
from cognicore.memory._fact_word_classes import ARTICLES, FIRST_POSSESSIVES
from cognicore.memory._fact_words import CALENDAR_WORDS, PAST_DATED, SUPPOSED, TEMPORARY

__all__ = ["UNSURE_RE", "handled_by_user", "is_placement", "moved_place", "moved_user", "placement_of"]

_I = r"(?:i'm|i\s+am|i've\s+been|i\s+have\s+been|i've|i\s+have|i\s+was|i)"
# Verbs of doing or covering a piece of work ("working the night shift", "covering the weekend shift"), or being on it.
_HOLD_RE = re.compile(
    rf"\b{_I}\s+(?:now\s+|currently\s+|mostly\s+|still\s+)?(?:working|covering|doing|pulling|running|manning|staffing|on)"
    r"\s+(?:the\s+|our\s+)(?P<place>[\w-]+(?:\s+[\w-]+)?\s+(?P<head>shift|rota|queue|desk|patch|beat|line))s?\b",
    re.I,
)
# The user moved: "I swapped to", "I've been moved over to", "they moved me across to", "I transferred to".
_MOVE_RE = re.compile(
    rf"(?:(?:\b{_I}\s+|^\W*|[.;:]\s+)(?:(?:just|now|been|got)\s+)*"
    r"(?:switched|swapped|moved|transferred|shifted|rotated|reassigned)"
    r"|(?:they|\w+)\s+(?:have\s+|has\s+|just\s+)*(?:moved|put|shifted|switched|swapped|transferred|reassigned)\s+me)"
    r"(?:\s+(?:over|across|back))?\s+(?:to|onto|into|(?<=put\sme\s)on)\s+(?:the\s+|an?\s+)?(?P<place>[^,.;!?]+)",
    re.I,
)
# Two clauses, the old place left and the new one joined ("I left the network team and joined desktop support").
_LEFT_JOINED_RE = re.compile(
    r"(?:^\W*|\bI\s+(?:have\s+|'ve\s+|just\s+)*)(?:left|quit)\s+[^,.;!?]+?(?:\s+and|,)\s+(?:then\s+)?(?:i(?:'ve|\s+have)?\s+)?(?:just\s+)?"
    r"(?:joined|moved\s+(?:over\s+|across\s+)?to|went\s+(?:over\s+|across\s+)?to)\s+(?:the\s+)?(?P<place>[^,.;!?]+)",
    re.I,
)
# The user's place now, said without a verb of moving ("I'm doing lates now", "I'm now on the laptop queue").
_NOW_ON_RE = re.compile(
    rf"\b{_I}\s+(?:now\s+(?:on|doing|working|covering)\s+|(?:on|doing|working|covering)\s+(?=[^,.;!?]*\bnow\b))"
    r"(?:the\s+)?(?P<place>[^,.;!?]+)",
    re.I,
)
# Where a place's words end: a time, a reason, another clause.
_PLACE_END_RE = re.compile(
    r"\s+(?:as\s+of|from|since|starting|this|last|next|for|so|and|but|because|instead|now|today|yesterday|"
    r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|at|in|with|after|before|team\s+now)\b.*$",
    re.I,
)
# An old place said as ended: "no more nights for me", "Iberia isn't mine anymore", "weekends are done for me".
_ENDED_RES = (
    re.compile(r"\bno\s+more\s+(?P<old>[\w-]+(?:\s+[\w-]+)?)(?=\s+for\s+me|\s*[,.;!?]|$)", re.I),
    re.compile(r"\bno\s+longer\s+(?:on|doing|working|covering)\s+(?:the\s+)?(?P<old>[\w-]+)(?=\s*[,.;!?]|$)", re.I),
    re.compile(
        r"(?:^\W*|\bI\s+(?:have\s+|'ve\s+|just\s+)*)(?:left|quit)\s+(?:the\s+|my\s+|our\s+)?(?P<old>[\w-]+(?:\s+[\w-]+){0,2}?)"
        r"(?=\s*(?:[,.;!?]|$|\s+(?:and|last|this|in|on|to|so|but|after|before)\b))",
        re.I,
    ),
    re.compile(
        r"\b(?P<old>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)*|[\w-]+)\s+(?:is|are|isn't|aren't|is\s+not|are\s+not)\s+"
        r"(?:no\s+longer\s+)?(?:mine|done\s+for\s+me|over\s+for\s+me|off\s+my\s+plate|my\s+problem)",
        re.I,
    ),
)
# A plan, a doubt, history, a move for a while ("for three weeks", "while Chloe is off", `TEMPORARY`) or a place
# kept ("same team").
UNSURE_RE = re.compile(
    rf"\b(?:if|might|maybe|may|will|going\s+to|next|tomorrow|tonight|only|{TEMPORARY}|"
    rf"same|still|{SUPPOSED}|{PAST_DATED})\b|\?",
    re.I,
)
# Predicates that say where the user is placed, in general English.
_PLACED = frozenset(
    "works works_on works_in works_for team is_on on region territory patch shift queue rota desk accounts "
    "department group handled_by covers looks_after deals handles manages owns supports responsible_for "
    "sits sits_on based_in based located_in floor office site location".split()
)
_SMALL = ARTICLES | FIRST_POSSESSIVES
# Kinds of place a user holds one of at a time, each apart from the others (a shift is no office).
_PLACE_KINDS = frozenset(
    "shift queue rota desk office site floor team region territory patch department location".split()
)
# Places a user works from, one at a time: a move to one named replaces the known work base.
# A stay for a purpose or a while ("for the workshop", "temporarily", "until March"): a visit, the base holds.
_VISIT_RE = re.compile(
    r"\bfor\s+(?:the|a|an|our|my)\s+(?!(?:foreseeable|long|time)\b)[\w-]+|\b(?:temporarily|for\s+now|until|till)\b",
    re.I,
)
_WORKPLACES = frozenset("office site location hub campus building branch".split())
# A verb that only moves a person between teams, and the relations that say which team the user is in.
_TRANSFERRED_RE = re.compile(r"\b(?:transferred|reassigned|rotated|seconded)\b", re.I)
_MEMBERSHIP = frozenset("works works_on works_in works_for team is_on on department group".split())
# Verbs that move a person to another place, not a thing to another choice ("switched to decaf").
_PLACED_BY_MOVE = re.compile(r"\b(?:moved|transferred|reassigned|rotated|shifted)\b", re.I)
# The user moved by someone else ("I've been moved over to", "I got transferred", "they moved me across to"): an
# assignment at work. "I moved to Lisbon" or "I moved to Salesforce" may be a home or a tool: a place by its name
# alone is no placement of the user unless they were moved there.
_MOVED_BY_OTHERS_RE = re.compile(
    r"\b(?:(?:been|got|get|was|were|being)\s+(?:\w+\s+)?(?:moved|transferred|shifted|rotated|reassigned|seconded|"
    r"switched|swapped|put)|(?:moved|put|shifted|switched|swapped|transferred|reassigned|rotated)\s+me|"
    r"reassigned|seconded)\b",
    re.I,
)
# Where a move came from ("moved to Salesforce from HubSpot"): the old place said, unless it is a time ("from today").
_FROM_RE = re.compile(r"\bfrom\s+(?:the\s+|my\s+|our\s+)?(?P<old>[\w-]+)", re.I)
_FROM_TIMES = frozenset(("today", "tomorrow", "now", "then", "next", "this", "last", *CALENDAR_WORDS))
# What a team by its work does, in general English ("desktop support", "field services", "enterprise sales"): a
# transfer to "a new pension provider" or "the evening MBA programme" is no move between teams.
_WORK_OF_TEAM = frozenset(
    "support sales service engineering operation ops finance marketing security infrastructure development design "
    "research product qa testing billing accounting legal procurement logistics hr it helpdesk compliance network "
    "networking analytics platform onboarding escalation triage dispatch admin administration recruiting".split()
)


def placement_of(message: str) -> dict[str, Any] | None:
    """The user's shift, rota or queue from "I'm working the <X> shift": a fact of its head noun, or None."""
    m = _HOLD_RE.search(message)
    if m is None or UNSURE_RE.search(message):
        return None
    place = " ".join(m["place"].split()).lower()
    return _fact(lemma(m["head"].lower()), place, f"The user is on the {place}.", exclusive=not ADDED.search(message))


def moved_user(message: str, known_facts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The user's new place when `message` moves the user and exactly one known placement is the one left."""
    m = _MOVE_RE.search(message)
    # "no longer on earlies, I'm doing lates now", "I left X and joined Y": the old place must be named as ended
    ended_only = m is None
    m = m or _LEFT_JOINED_RE.search(message) or _NOW_ON_RE.search(message)
    if m is None or UNSURE_RE.search(message) or ADDED.search(message):
        return None
    place = _place(m)
    words = [w for w in place.split() if w.lower() not in _SMALL]
    if not words or len(words) > 4:
        return None
    head = lemma(words[-1].lower()) if words[-1].islower() and len(words) > 1 else ""
    placed = [k for k in known_facts if k.get("status", "active") == "active" and is_placement(k)]
    only = not ended_only and bool(_PLACED_BY_MOVE.search(m[0]))
    left = _left(message, placed, "" if ended_only else head, only=only, by_name=words[0][:1].isupper())
    if left is None or _from_elsewhere(m["place"], left):
        return None
    handled = predicate_key(str(left.get("predicate", ""))) == "handled_by"
    if handled and head not in _PLACE_KINDS:  # a thing the user handled ("<Region> accounts"): the new one too
        return {**handled_by_user(place), "contradicts": str(left.get("statement") or "")}
    same_head = head and head in lemmas(str(left.get("statement", "")))
    predicate = head if same_head or handled else predicate_key(str(left.get("predicate", ""))) or "placement"
    where = f"the {place}" if head and not place.lower().startswith("the ") else place
    fact = _fact(predicate, place, f"The user moved to {where}.", exclusive=True)
    return {**fact, "contradicts": str(left.get("statement") or "")}


def handled_by_user(place: str) -> dict[str, Any]:
    """A thing the user handles, in the shape "I look after <it>" is stored ("The user is responsible for <it>")."""
    thing = re.sub(r"^(?:the|my|our)\s+", "", place.strip(), flags=re.I)
    return {
        **_fact("handled_by", "The user", f"The user is responsible for {thing}.", exclusive=True),
        "subject": thing,
    }


def moved_place(clause: str) -> str:
    """The place a clause moves the user to, by its name ("I've moved over to <Region> now"), else ""."""
    m = _MOVE_RE.search(clause)
    if m is None or UNSURE_RE.search(clause) or ADDED.search(clause):
        return ""
    place = _place(m)
    words = [w for w in place.split() if w.lower() not in _SMALL]
    return place if words and len(words) <= 4 and words[0][:1].isupper() else ""


def _place(m: re.Match[str]) -> str:
    """The words of the place a move names, without a time, a reason or another clause after them."""
    return _PLACE_END_RE.sub("", re.split(r"\s[-\u2013\u2014]\s", m["place"])[0]).strip(" -")


def _left(message: str, placed: list[dict[str, Any]], head: str, *, only: bool, by_name: bool) -> dict[str, Any] | None:
    """The one known placement the move leaves: named as ended, else of the same head noun, else (with `only`, a
    verb that moves a person, not "switched to") the only one."""
    for ended in _ENDED_RES:
        for m in ended.finditer(message):
            old = {lemma(w.lower()) for w in m["old"].split()}
            named = [k for k in placed if old <= lemmas(str(k.get("statement", "")))]
            if len(named) == 1:
                return named[0]
    if head:
        same = [k for k in placed if head in lemmas(str(k.get("statement", "")))]
        if same:
            return same[0] if len(same) == 1 else None
    if len(placed) != 1 or not only:
        return None
    known = placed[0]
    if head == "team" and by_name and _named_place(known) and _MOVED_BY_OTHERS_RE.search(message):
        return known  # "I've been moved over to the <Region> team" after "I'm the account manager for <area>"
    if head in _WORKPLACES and by_name and _work_base(known) and not _VISIT_RE.search(message):
        return known  # "they moved me to the <Town> office" after "I'm at the <Town> site": the work base moved
    if head in _PLACE_KINDS:  # "I moved to the Berlin office" after "I'm on the night shift": the shift holds
        return known if head in lemmas(str(known.get("statement", ""))) else None
    if not head:  # a place by its name ("I've been moved over to <Region>") replaces a place known by a name, not
        # a shift, and only when someone moved the user there (not "I moved to Lisbon", a home, or to a tool)
        return known if _named_place(known) and _MOVED_BY_OTHERS_RE.search(message) else None
    # "I transferred over to desktop support": a team by its work, after a verb that only moves a person
    return (
        known
        if head in _WORK_OF_TEAM
        and _TRANSFERRED_RE.search(message)
        and predicate_key(str(known.get("predicate", ""))) in _MEMBERSHIP
        else None
    )


def _from_elsewhere(place: str, left: dict[str, Any]) -> bool:
    """Does the move say it came from another place than the one it would end ("moved to Salesforce from HubSpot"
    after "I look after the Nordics accounts")?"""
    m = _FROM_RE.search(place)
    if m is None or m["old"].lower() in _FROM_TIMES:
        return False
    return lemma(m["old"].lower()) not in lemmas(str(left.get("statement", "")))


def _named_place(known: dict[str, Any]) -> bool:
    """Is a known placement's place written as a name ("Nordics accounts handled_by user")?"""
    place = str(
        known.get("subject") if predicate_key(str(known.get("predicate", ""))) == "handled_by" else known.get("object")
    )
    return any(w[:1].isupper() for w in place.split() if w.lower() not in ("the", "user"))


def is_placement(known: dict[str, Any]) -> bool:
    """Is a known fact where the user is placed (the user's team, shift, region, work base; a thing the user
    handles)?"""
    subject, predicate = subject_key(str(known.get("subject", ""))), predicate_key(str(known.get("predicate", "")))
    if predicate == "handled_by":
        return subject_key(str(known.get("object", ""))) == "user"
    return subject == "user" and (predicate in _PLACED or _work_base(known))


def _work_base(known: dict[str, Any]) -> bool:
    """ "The user is based in Leeds." (said "I'm at the Leeds site"): where the user works from, not a home."""
    return predicate_key(str(known.get("predicate", ""))) == "lives_in" and bool(
        re.search(r"\bbased\s+(?:in|at|out\s+of)\b", str(known.get("statement", "")), re.I)
    )


def _fact(predicate: str, place: str, statement: str, *, exclusive: bool) -> dict[str, Any]:
    return {
        "subject": "user",
        "predicate": predicate,
        "object": place,
        "kind": "fact",
        "confidence": 0.9,
        "category": "work",
        "statement": statement,
        "exclusive": exclusive,
    }
