"""A new value of a known slot said in other words: a taste said against an earlier one, a slot renamed.

Read by `_fact_known.named_changes` after the old values a change names: "im more into laptops these days"
after one favourite; "the new-hire laptop" after "our standard laptop for new hires"; "my discount limit"
after "the max discount I can offer". Each names the known fact as contradicted only when exactly one fits.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_slot import UNCLEAR_OBJECT, content_words, in_slot_of, stems, value_of

if TYPE_CHECKING:  # extraction imports the readers of changes: no import cycle at run time
    from cognicore.memory.extraction import FactCandidate


# "im more into laptops these days", "I'd rather have X now": a taste said against an earlier one.
_COMPARATIVE_RE = re.compile(
    r"\b(?:more\s+into|more\s+of\s+a|rather|come\s+(?:a)?round\s+to|prefer)\b.*"
    r"\b(?:now|these\s+days|nowadays|lately|anymore|any\s+more|instead)\b",
    re.I,
)


def comparative_taste(candidate: FactCandidate, message: str, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """A taste said as a comparison ("more into X these days") replaces the user's one favourite thing, when there
    is exactly one: "my favourite product line is tablets", later "im more into laptops these days". With no
    favourite, or several, nothing is guessed."""
    if candidate.contradicts or subject_key(candidate.subject) != "user" or not _COMPARATIVE_RE.search(message):
        return candidate
    if not predicate_key(candidate.predicate).startswith(("likes", "prefers")):
        return candidate
    tastes = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and subject_key(str(k.get("subject", ""))) == "user"
        and predicate_key(str(k.get("predicate", ""))).startswith(_TASTES)
        and value_of(k) != UNCLEAR_OBJECT
    ]  # fmt: skip
    # Only the user's one and only taste, and only a favourite: with two, which one changed is a guess.
    favourites = [k for k in tastes if predicate_key(str(k.get("predicate", ""))).startswith("favourite_")]
    if len(tastes) != 1 or len(favourites) != 1 or normalize(value_of(favourites[0])) == normalize(candidate.object):
        return candidate
    moved = in_slot_of(favourites[0], candidate.object)
    return moved.model_copy(update={"confidence": min(candidate.confidence, 0.7)})  # inferred, said less plainly


def same_thing(candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """A new value of a known slot named in other words: "the new-hire laptop" after "our standard laptop for new
    hires". Same subject, same head noun, and every other word of the new slot is in the known statement, so
    "the marketing budget" never names "our travel budget". Two such slots ("my gym membership number", "my
    library membership number" for "my membership number"): which one is not known, nothing is named."""
    if candidate.contradicts or not candidate.exclusive:
        return candidate
    words = stems(predicate_key(candidate.predicate))
    if len(words) < 2:
        return candidate
    named = []
    for known in known_facts:
        slot = stems(predicate_key(str(known.get("predicate", ""))))
        said = set(stems(f"{known.get('statement', '')}"))
        if (
            known.get("status", "active") == "active"
            and subject_key(str(known.get("subject", ""))) == subject_key(candidate.subject)
            and slot
            and slot != words
            and slot[-1] == words[-1]
            and set(words) <= said
            and normalize(str(known.get("object", ""))) != normalize(candidate.object)
        ):
            named.append(str(known.get("statement") or ""))
    return candidate.model_copy(update={"contradicts": named[0]}) if len(named) == 1 else candidate


# Words that name one limit of a slot ("discount limit", "max discount", "discount cap").
_SAME_WORD = {"maximum": "max", "limit": "max", "cap": "max", "ceiling": "max", "minimum": "min", "floor": "min"}


def same_word(candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """ "commission's 6% from this quarter" after "My commission rate is 5%": a thing named in one word, read as the
    team's because no "my" or "our" was said, is the one known slot (the user's or the team's) holding that word;
    "my discount limit" after "the max discount I can offer" is the same slot in other words (same subject)."""
    if candidate.contradicts or not candidate.exclusive or subject_key(candidate.subject) not in ("user", "we"):
        return candidate
    words = stems(predicate_key(candidate.predicate))
    if re.search(rf"\b{re.escape(candidate.predicate.replace('_', ' '))}\s+for\s+\w", candidate.statement, re.I):
        return candidate  # "the marketing team's budget" read as a budget for that team: a holder was named
    same = {_SAME_WORD.get(w, w) for w in words}
    if len(words) != 1 and len(same) < 2:
        return candidate
    holding = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and subject_key(str(k.get("subject", ""))) in ("user", "we")
        and predicate_key(str(k.get("predicate", ""))) != predicate_key(candidate.predicate)
        # one word read as the team's is in the known slot; several are the known slot's words in another order
        # or another word for a limit ("discount limit" and "max discount")
        and (
            (subject_key(candidate.subject) == "we" and words[0] in _named_by(predicate_key(str(k.get("predicate")))))
            if len(words) == 1
            else subject_key(str(k.get("subject", ""))) == subject_key(candidate.subject)
            and {_SAME_WORD.get(w, w) for w in stems(predicate_key(str(k.get("predicate", ""))))} == same
        )
        and normalize(value_of(k)) != normalize(candidate.object)
        and value_of(k) != UNCLEAR_OBJECT
    ]  # fmt: skip
    if len(holding) != 1:
        return candidate
    moved = in_slot_of(holding[0], candidate.object)
    return moved.model_copy(update={"confidence": min(candidate.confidence, 0.8)})


def _named_by(predicate: str) -> list[str]:
    """The words one word can name a slot by: any of its own, but a deadline's thing only by its head noun ("the
    QBR" names no "deadline_for_qbr_deck")."""
    words = stems(predicate)
    return words[-1:] if predicate.startswith("deadline_for_") else words


_TASTES = ("likes", "prefers", "favourite_", "drinks")


def replacing_taste(candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """A new taste said as a change names the user's known taste of the same kind of thing: "I've come round to
    line charts" after "I like bar charts best" (both charts), so the older one ends."""
    if candidate.contradicts or subject_key(candidate.subject) != "user":
        return candidate
    if not predicate_key(candidate.predicate).startswith(_TASTES):
        return candidate
    head = (content_words(candidate.object) or [""])[-1]
    for known in known_facts:
        same_kind = predicate_key(str(known.get("predicate", ""))).startswith(_TASTES)
        held = content_words(str(known.get("object", "")))
        if (
            known.get("status", "active") == "active"
            and subject_key(str(known.get("subject", ""))) == "user"
            and same_kind
            and len(head) >= 3
            and head in held
            and normalize(str(known.get("object", ""))) != normalize(candidate.object)
        ):
            return candidate.model_copy(update={"contradicts": str(known.get("statement") or "")})
    return candidate


_OWNER_SAID_RE = re.compile(r"\b(?:our|we|us|team|company|my|i|me|mine)\b", re.I)


def owner_from_known(message: str, candidate: FactCandidate, known_facts: Sequence[dict[str, Any]]) -> FactCandidate:
    """ "the one-on-ones are on thursdays" after "my one-on-one is on Tuesdays": a thing said with "the" is read as the
    team's, but with no owner said ("my", "our", "we") it is the one known slot of that name, whoever holds it. Near
    facts stay apart: "our standup" after "my standup" names its owner, and with two known holders nothing moves."""
    if candidate.contradicts or not candidate.exclusive or subject_key(candidate.subject) != "we":
        return candidate
    if _OWNER_SAID_RE.search(message):
        return candidate
    slot = predicate_key(candidate.predicate)
    holders = [
        k for k in known_facts
        if k.get("status", "active") == "active"
        and subject_key(str(k.get("subject", ""))) in ("user", "we")
        and same_slot(predicate_key(str(k.get("predicate", ""))), slot)
        and value_of(k) != UNCLEAR_OBJECT
    ]  # fmt: skip
    if len(holders) != 1 or subject_key(str(holders[0].get("subject", ""))) == "we":
        return candidate
    if normalize(value_of(holders[0])) == normalize(candidate.object):
        return candidate
    return in_slot_of(holders[0], candidate.object)
