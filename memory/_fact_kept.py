"""Changes that replace nothing: kept in the user's words (a note) instead of ending a known fact.

Another person's or another team's thing ("Omar's standup is at 9:45 now", "the network team's tooling budget got
cut to $30k"), a one-off or a change for a while ("just for tomorrow, standup moved to 11am", "while Chloe is off")
or a change dated in the past ("two years ago the budget was cut to $60k") tells nothing about what holds now for
the user: read as a new value of a known slot, it would be a confident wrong.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import lemma, normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_notes import is_note
from cognicore.memory._fact_owners import others_thing, tokens_of
from cognicore.memory._fact_slot import UNCLEAR_OBJECT
from cognicore.memory._fact_word_classes import FUNCTION_WORDS
from cognicore.memory._fact_words import FOR_A_WHILE_RE, PAST_DATED, PERSON_ROLES, TEMPORARY

if TYPE_CHECKING:
    from cognicore.memory.extraction import FactCandidate

__all__ = ["named_whole", "replaces_nothing"]

_ONE_OFF_RE = re.compile(rf"\b(?:{TEMPORARY}|{PAST_DATED})\b", re.I)
# "the network team's budget", "Sales' quota": a named team or group owning the thing, not "our" or "the" team.
_GROUP_OWNER_RE = re.compile(
    r"\b(?!(?:our|my|the|your|their|this|that)\b)[a-z][\w-]*\s+(?:team|department|group|squad|org)'s\b", re.I
)

# "my team's goal", "our department's budget": the user's group's thing, not the user's own, unless the known fact
# was the group's too ("Our weekly goal is 50 tickets").
_OWN_GROUP_RE = re.compile(r"\b(?:my|our)\s+(?:team|department|group|squad|org)'s\b", re.I)
_GROUP_WORDS_RE = re.compile(r"\b(?:our|we|us|team|department|group|squad|org)\b", re.I)


def replaces_nothing(message: str, facts: list[FactCandidate], known_facts: list[dict[str, Any]]) -> bool:
    """Would one of `facts` replace a known fact though `message` speaks of another owner's thing, of one occasion,
    or of the past?"""
    for fact in facts:
        replaced = fact.contradicts or _slot_holder(fact, known_facts)
        if not replaced:
            continue
        if _ONE_OFF_RE.search(message) or _GROUP_OWNER_RE.search(message):
            return True
        if others_thing(message, replaced) and not _taken_from_user(message, fact, known_facts):
            return True  # "Omar's standup is at 9:45 now"; not "Ana owns the printer queue now", the user's
        if _OWN_GROUP_RE.search(message) and not _GROUP_WORDS_RE.search(replaced):
            return True  # "my team's weekly goal got raised" is not "my weekly goal", the user's own
        if _MAYBE_RE.search(message):
            return True  # "they might cut my target to $700k", "if my quota got raised to 40 ...": nothing happened
        if _someone_elses(message, fact):
            return True  # "Hannah's manager changed to Victor", "my manager's manager is now Victor"
        if subject_key(fact.subject) == "user" and _WE_ONLY_RE.match(message) and not _SINGULAR_RE.search(message):
            return True  # "We ship from the Austin warehouse now instead of Denver": the team's, not where I am
        if predicate_key(fact.predicate) == "handled_by" and FOR_A_WHILE_RE.search(message):
            return True  # "Ana took over Laptop tickets for the holidays": a cover, the user's holds after it
        if _THEIRS_RE.search(message) and not _OURS_RE.search(message):
            return True  # "The finance team moved their forecasting to Adaptive": another team's, none of ours
    return False


# A third party's own thing ("their weekly meeting", "his rota"), said by no first person of ours.
_THEIRS_RE = re.compile(r"\b(?:their|his|her)\s+(?!own\b)[a-z]", re.I)
_OURS_RE = re.compile(r"\b(?:i|i'm|i've|me|my|mine|we|we're|we've|us|our|ours)\b", re.I)


# A change only supposed, wished or feared: said under a condition or with a modal ("might", "could"); a preference
# said with "would" ("I'd rather", "I would like") is no supposition.
_MAYBE_RE = re.compile(
    r"^\W*(?:if|unless|suppose|supposing|imagine|in\s+case)\b|\bmight\b|\bmay\s+(?:be|get|have|cut|raise|move|change)\b"
    r"|\b(?:could|would)\b(?!\s+(?:rather|prefer|like|love))|'d\b(?!\s+(?:rather|prefer|like|love))"
    # expected, not yet so: "my commission is expected to rise to 5% next year", "supposed to go up in Q1"
    r"|\b(?:expected|supposed|scheduled|planned|slated|likely)\s+to\b",
    re.I,
)
_WE_ONLY_RE = re.compile(r"^\W*(?:we|we've|we're|our)\b", re.I)
_SINGULAR_RE = re.compile(r"\b(?:i|i'm|i've|me|my|mine)\b", re.I)
_ROLES = "|".join(sorted(PERSON_ROLES))


def _someone_elses(message: str, fact: FactCandidate) -> bool:
    """Does `message` give the slot's head noun to someone else by a possessive: a name's ("Hannah's manager") or a
    person's of the user's ("my manager's parking bay")?"""
    head = predicate_key(fact.predicate).split("_")[-1]
    if not head or head == "note":
        return False
    owner = rf"(?:(?-i:[A-Z])[\w-]+|(?:my|our)\s+(?:{_ROLES}))'s\s+(?:[\w-]+\s+){{0,2}}?{re.escape(head)}s?\b"
    return re.search(owner, message, re.I) is not None


def _slot_holder(fact: FactCandidate, known_facts: list[dict[str, Any]]) -> str:
    """The statement of the active known fact the store would replace by slot: same subject and predicate, another
    value, when `fact` holds one value (exclusive)."""
    if not fact.exclusive:
        return ""
    keys = (subject_key(fact.subject), predicate_key(fact.predicate), normalize(fact.object))
    for known in known_facts:
        if known.get("status", "active") != "active" or is_note(known):
            continue
        same = (subject_key(str(known.get("subject", ""))), predicate_key(str(known.get("predicate", ""))))
        if same[0] == keys[0] and same_slot(same[1], keys[1]) and normalize(str(known.get("object", ""))) != keys[2]:
            return str(known.get("statement") or "")
    return ""


def _taken_from_user(message: str, fact: FactCandidate, known_facts: list[dict[str, Any]]) -> bool:
    """Is `fact` another holder of a thing the user holds ("Ana owns the printer queue now" after "I own the printer
    queue"): the other person's doing ends the user's?"""
    if predicate_key(fact.predicate) != "handled_by" or subject_key(fact.object) == "user":
        return False
    if fact.object.strip() == UNCLEAR_OBJECT or not named_whole(message, fact.subject):
        return False  # a change not read; "the badge reader firmware" is no "badge readers"
    thing = subject_key(fact.subject)
    return any(
        known.get("status", "active") == "active"
        and predicate_key(str(known.get("predicate", ""))) == "handled_by"
        and subject_key(str(known.get("subject", ""))) == thing
        and subject_key(str(known.get("object", ""))) == "user"
        for known in known_facts
    )


def named_whole(message: str, thing: str) -> bool:
    """Does `message` name `thing` as a whole noun phrase ("the badge readers now"), not as the start of another
    thing's name ("the badge reader firmware")?"""
    words = [lemma(w.lower()) for w in tokens_of(thing)]
    said = tokens_of(message)
    for i in range(len(said) - len(words) + 1):
        if [lemma(w.lower()) for w in said[i : i + len(words)]] == words:
            after = said[i + len(words)].lower() if i + len(words) < len(said) else ""
            if not after or after in FUNCTION_WORDS:
                return True
    return False
