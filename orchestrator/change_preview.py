"""An honest acknowledgement of a statement (offline engine): before saying "Noted", preview read-only what the
queued extraction will do with it, so a change that replaces a known fact is reported, and a change the rules
could not link to anything is said to be unlinked instead of confidently acknowledged."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from cognicore.memory._fact_clause_owners import owned_clauses
from cognicore.memory._fact_keys import normalize, predicate_key, subject_key
from cognicore.memory._fact_notes import is_note
from cognicore.memory._fact_qualifiers import another_qualifier
from cognicore.memory._fact_slot import UNCLEAR_OBJECT
from cognicore.memory._fact_slot_values import ADDED, another_thing
from cognicore.memory._fact_words import CHANGE_CUES, NOT_NAMES, PAST_DATED, PERSON_MOVED, PERSON_ROLES, SUPPOSED
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor
from cognicore.memory.fact_types import Fact
from cognicore.memory.facts import FactStore
from cognicore.memory.jobs import extraction_inputs
from cognicore.memory.text import FIRST_PERSON, terms

__all__ = ["Acknowledgement", "acknowledge", "reads_as_change"]

log = logging.getLogger(__name__)

# General English: a message that says something changed (one list with the extractor's slot rule).
_CHANGE = re.compile(rf"\b(?:{CHANGE_CUES})\b", re.IGNORECASE)
# "Sam moved to ...", "My colleague Sam switched to ...": someone else, named (with the role they have for the user).
_PERSON_MOVED = re.compile(
    rf"^\W*(?:(?P<whose>(?i:my|our)\s+(?i:{'|'.join(sorted(PERSON_ROLES))})\s+))?(?P<name>[A-Z][a-z]+)\s+{PERSON_MOVED}"
)
_MINE = re.compile(rf"\b(?:{FIRST_PERSON})\b", re.IGNORECASE)
_PAST = re.compile(rf"\b(?:{PAST_DATED})\b", re.IGNORECASE)  # "two years ago they cut it": history, no change
# Kinds of value a change and a known fact can share without a word in common: a figure, a day of the week.
_VALUE_KINDS = (
    re.compile(r"\d"),
    re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekends?\b", re.IGNORECASE),
)


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    """What the statement branch says, and its outcome (`unsure` when a change could not be linked)."""

    text: str
    outcome: str


def reads_as_change(message: str) -> bool:
    """Is `message` worded as a change of something ("these days", "no longer", "switched") and not an
    addition ("also", "too"), nor only a possibility, a condition or a wish ("they might cut my target")?"""
    return (
        bool(_CHANGE.search(message))
        and not ADDED.search(message)
        and not _PAST.search(message)
        and not _only_supposed(message)
    )


def _only_supposed(message: str) -> bool:
    """Is every clause that says the change said under a condition, as possible or as a wish? "If anyone asks, my
    extension changed to 2310" and "my target got raised to $1M, which I might not hit" still tell a change."""
    if _WISH.search(message):
        return True
    changed = [c for c in _CLAUSE.split(message) if c and _CHANGE.search(c)]
    return bool(changed) and all(_NOT_SO.search(c) for c in changed)


# General English: a change said as possible, under a condition or as a wish changes nothing yet ("they might cut my
# target", "If my quota got raised ...", "I'd rather use X but it isn't approved").
_NOT_SO = re.compile(
    rf"^\W*(?:if|unless|suppose|say)\b|\b(?:might|(?-i:may)|maybe|perhaps|possibly|{SUPPOSED}|i\s+wish)\b",
    re.IGNORECASE,
)
_WISH = re.compile(r"\b(?:i'd|i\s+would)\s+(?:rather|love\s+to|prefer\s+to)\b.*\b(?:but|not|yet)\b", re.I)
_CLAUSE = re.compile(r"[,;:]|\s[-\u2013\u2014]\s|\b(?:which|but|and)\b", re.IGNORECASE)


async def acknowledge(facts: FactStore, user_id: str, message: str, plain: str) -> Acknowledgement:
    """The acknowledgement of `message`: the fact it replaces named, an honest doubt when it reads as a change
    that replaces nothing found, else `plain`. Never raises: a failed preview acknowledges plainly."""
    try:
        return await _preview(facts, user_id, message, plain)
    except Exception:  # the preview only words the answer; the queued job still does the real write
        log.warning("statement preview failed; plain acknowledgement", exc_info=True)
        return Acknowledgement(plain, "succeeded")


async def _preview(facts: FactStore, user_id: str, message: str, plain: str) -> Acknowledgement:
    hits = await extraction_inputs(facts, user_id, message)
    active = [h.fact for h in hits if h.fact.status == "active"]
    if not active:
        return Acknowledgement(plain, "succeeded")  # nothing known it could change
    extracted = await OfflineFactExtractor().extract(
        user_message=message, assistant_message="", known_facts=[h.fact.to_dict() for h in hits], told=True
    )
    replaced = [(c, old) for c in extracted.facts for old in await facts.would_supersede(user_id, c)]
    if replaced:
        candidate, old = replaced[0]
        told = f'"{candidate.statement.strip().rstrip(".")}"'
        before = f'what you told me on {old.valid_from.date().isoformat()} ("{old.statement.strip().rstrip(".")}")'
        if ADDED.search(message):  # "also", yet it takes the old one's place: the user should know
            return Acknowledgement(
                f"Noted: {told}. I am not sure it should replace {before}, as you said it in addition, but that "
                "is how I read it.",
                "unsure",
            )
        if candidate.object.strip() == UNCLEAR_OBJECT:  # the old value ends; the new one is kept in the user's words
            text = f"Noted: that changes {before}; I keep your new words as you said them."
            return Acknowledgement(text, "succeeded")
        return Acknowledgement(f"Noted: {told}. That replaces {before}.", "succeeded")
    # "Ben's locker got moved to 27, mine didn't": only the user's own clauses may change the user's facts
    owned = owned_clauses(message)
    mine = owned.mine if owned is not None else message
    if not reads_as_change(mine) or _someone_moved(mine) or (owned is not None and owned.confirms):
        return Acknowledgement(plain, "succeeded")
    # "my expense limit for hotel stays" is not the one "for client dinners": another one of that kind, no doubt
    active = [f for f in active if not another_qualifier(mine, f.to_dict(), "")]
    # with several owners a link is by words only: the closest fact of the user's may be what another clause is about
    closest = _closest_of_owner(extracted.facts, active) if owned is None else []
    # "Hannah left, and I answer to Victor Lamb now": the user's change, its old value named in another's clause
    near = _about(mine, extracted.facts, active) or closest or (_about(message, [], active) if owned else [])
    if not near:
        return Acknowledgement(plain, "succeeded")
    named = " or ".join(
        f'"{f.statement.strip().rstrip(".")}" (told on {f.valid_from.date().isoformat()})' for f in near
    )
    return Acknowledgement(
        f"Noted, but I could not tell whether this replaces what you told me before: {named}. I am keeping both "
        f'for now. If the old one no longer holds, tell me so, e.g. "{_ending(near[0])}".',
        "unsure",
    )


def _someone_moved(message: str) -> bool:
    """Does `message` tell that a named person moved ("Ben moved to the early shift"), the user not among them?"""
    named = _PERSON_MOVED.match(message)
    rest = message[len(named["whose"] or "") :] if named is not None else message  # "my colleague" is not the user
    return named is not None and named["name"].lower() not in NOT_NAMES and not _MINE.search(rest)


def _about(message: str, candidates: list[FactCandidate], known: list[Fact]) -> list[Fact]:
    """The one or two known facts `message` could be about: sharing a content word with it or with what was read
    from it, a predicate with a candidate, or the kind of value (a figure, a day of the week)."""
    said = set(terms(message)) | {t for c in candidates for t in terms(f"{c.predicate} {c.object}")}
    # Only the name of whom it is about is no link: "Priya moved to marketing" tells a new thing about Priya.
    said -= {t for c in candidates for t in terms(c.subject)}
    opening = normalize(message)
    predicates = {predicate_key(c.predicate) for c in candidates}
    kinds = {i for i, kind in enumerate(_VALUE_KINDS) if kind.search(message)}
    near = [
        f
        for f in known
        if not another_thing(message, f.statement)  # "the marketing team's budget" is not my expense budget
        and (
            predicate_key(f.predicate) in predicates
            or said & _linking_words(f, opening)
            or any(_VALUE_KINDS[i].search(f.object) for i in kinds)
        )
    ]
    return near[:2]


def _closest_of_owner(candidates: list[FactCandidate], known: list[Fact]) -> list[Fact]:
    """A change that shares no word with what it changes ("my bike got stolen, so for now I'm taking the tram"
    after "I cycle to the office"): the known fact of the same owner the search found closest."""
    owners = {subject_key(c.subject) for c in candidates}
    return [f for f in known if subject_key(f.subject) in owners and not is_note(f.to_dict())][:1]


def _linking_words(fact: Fact, opening: str) -> set[str]:
    """The words of `fact` that tie a message to it: not its value when the message opens with it ("Ingrid moved
    ..." after "Our field engineer is Ingrid" tells something new about Ingrid)."""
    own = set(terms(_words_of(fact)))
    return own - set(terms(fact.object)) if opening.startswith(normalize(fact.object)) else own


def _words_of(fact: Fact) -> str:
    """A fact's own words, without the filler of its third-person statement ("The user ...")."""
    return f"{fact.predicate.replace('_', ' ')} {fact.object}"


def _ending(fact: Fact) -> str:
    """A sentence ending `fact` that the offline extractor reads as a change."""
    statement = fact.statement.strip().rstrip(".")
    return f"That is no longer true: {statement[:1].lower()}{statement[1:]}"
