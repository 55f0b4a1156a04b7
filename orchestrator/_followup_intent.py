"""The intent of a follow-up-shaped request, offline: resolved against the session's previous request, or said to be
unbound (no earlier request, a period or a change that means nothing there) with what was not understood."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from cognicore.memory.text import STOPWORDS, words
from cognicore.orchestrator._followup_pointing import as_possessive, points_back, reworks_previous
from cognicore.orchestrator._followup_pronouns import Referral, carried, refer_back
from cognicore.orchestrator._followup_values import is_known, known_in
from cognicore.orchestrator.followup import (
    Change,
    binds_previous,
    followup_change,
    names_period,
    previous_request,
    resolve,
)
from cognicore.orchestrator.honesty import topic
from cognicore.orchestrator.intent_decision import IntentDecision

__all__ = ["followup_decision", "stands_alone"]

# The words that frame a follow-up's change ("ok and", "what about", "the same again but", "break that down by",
# "the ones"): what is left of a request without them and the change is what it says of its own.
_FRAME = frozenset(
    "ok okay right now then hmm um well oh alright also about same again thing things instead rather but "
    "ones one break broken down split repeat show give get make do let see please pls thanks many much numbers "
    "figures result results table".split()
)
# Changes that are parameters whatever their words: a grouping, an artefact, a ranking, rows dropped or counted.
_PARAMETERS = frozenset("by per as rank top drop excluding share figure count list that period".split())
_OF_THEM = re.compile(r"\b(of|among|amongst)\s+(?:them|these)\b", re.IGNORECASE)
# A value's possessive before a word that names no thing ("Cargo's most", "Harbour's best"): a reading of no request.
_NO_THING = re.compile(r"'s\s+(?:most|least|best|worst|fewest|top|bottom|highest|lowest|biggest|smallest)\b", re.I)
_GROUPED = re.compile(
    r"\b(?:by|per)\s+(?:each\s+)?(?P<dim>[a-z][\w-]*(?:\s+(?!(?:for|of|on|in|to|from)\b)[a-z][\w-]*)?)", re.IGNORECASE
)
_GROUPING = frozenset("split splits breakdown breakdowns broken by per each those these them it for of on".split())
_OWN_WORDS = 2  # "By what time does an order have to ship ...": two words of its own ask something alone


def stands_alone(request: str, change: Change, entities: Sequence[str] = ()) -> bool:
    """Whether a follow-up-shaped `request` says enough beyond its change to be read alone: with no earlier request,
    "what about the restocking fee for opened items?" is a question, while "and for Europe?" only changes a parameter
    (a period, a grouping, one of the data's `entities`), which means nothing without the request it changes."""
    parameter = change.prep in _PARAMETERS or names_period(change.value) or is_known(change.value, entities)
    changed = words(change.value) if parameter else [w for m in known_in(change.value, entities) for w in words(m[0])]
    own = {w for w in words(request) if w not in changed and w not in STOPWORDS and w not in _FRAME}
    return len(own) >= _OWN_WORDS


def followup_decision(
    request: str,
    history: Sequence[dict[str, str]],
    *,
    entities: Sequence[str],
    columns: Mapping[str, str],
    correct: Callable[[str], str],
    rules: Callable[[str], IntentDecision],
) -> IntentDecision | None:
    """The decision for `request` read as a follow-up, or None when it is none (or its change binds nothing there and
    the request is read alone). `correct` respells the previous request; `rules` reads a request that stands alone.

    The check at the end: a request read alone keeps no word that points back at the previous one ("split that across
    the regions", "how many of those", "over the same stretch"); read alone, that word would stand for nothing and the
    answer would drop what the previous request named, so the reading is unsure, naming the previous request."""
    read = partial(
        _followup_decision, history=history, entities=entities, columns=columns, correct=correct, rules=rules
    )
    # "how many of them were S1?": "them" after "of" is the previous rows, never the owner of a value
    followed = read(_OF_THEM.sub(r"\g<1> those", request))
    if followed is None and (owned := as_possessive(request)) is not None:
        followed = read(owned)  # "what's the unit count for it?" as "what's its unit count?"
    if followed is not None and _NO_THING.search(followed.resolved_request):
        followed = None  # "who placed the most of them?" read as "who placed Cargo's most": a possessive of no thing
    previous = previous_request(history)
    if followed is not None or previous is None or (pointer := points_back(request)) is None:
        return followed
    if (grouped := _GROUPED.search(request)) is not None and not _own_words(request, grouped.group("dim")):
        # "what's the split by component for those?": nothing of its own but a grouping of the previous rows
        if (regrouped := read(f"and by {grouped.group('dim')}")) is not None:
            return regrouped
    alone = rules(request)
    refused = alone.out_of_scope and not reworks_previous(request)  # "redo that as ...": the data agent's work
    if alone.intent == "statement" or refused or alone.changes_data or alone.language or not alone.sure:
        return alone  # nothing answered from the request alone: the pointer drops nothing
    reason = (
        f"it points back at the previous request ({topic(previous)!r}) with {pointer.strip()!r}, but I could not "
        "tell which part of that request it changes; ask the whole request"
    )
    return IntentDecision(intent="question", reason=reason, confidence=0.3)


def _followup_decision(
    request: str,
    history: Sequence[dict[str, str]],
    *,
    entities: Sequence[str],
    columns: Mapping[str, str],
    correct: Callable[[str], str],
    rules: Callable[[str], IntentDecision],
) -> IntentDecision | None:
    """The decision of `followup_decision` before its check."""
    referred = _referred(request, history, entities, columns, correct)
    if isinstance(referred, IntentDecision):
        return referred
    last = correct(previous_request(history) or "") if referred else ""
    request, change = _read_referred(referred, last, entities, columns) if referred else (request, None)
    change = change or (None if referred else followup_change(request, entities, columns))
    if change is None:
        if referred is None or (referred.without and not referred.owner):
            return None  # "those" alone, read as a request of its own, would name no rows at all
        # "what was their average order value?": a request of its own once the pronoun says the previous request's
        # value, with the previous request's other filters and period, which it keeps
        whole = carried(request, last, entities, columns) if referred.owner else request
        if whole is None:
            reason = "it points back by a pronoun at a request whose filters I could not carry over; ask it whole"
            return IntentDecision(intent="question", reason=reason, confidence=0.3)
        request = whole
        inner = rules(request)
        reason = f"a follow-up naming the previous request's value ({inner.reason})"
        return inner.model_copy(update={"resolved_request": request, "followup": True, "reason": reason})
    previous = previous_request(history, change.topic)
    if previous is None:
        if stands_alone(request, change, entities):
            return None  # a first question that only opens like a follow-up ("By what time ...", "And who ...")
        return IntentDecision(
            intent="question",
            reason=f"it reads as a follow-up ({change.value!r}) but this session has no earlier request",
            confidence=0.2,
        )
    # The previous request as the classifier reads it (its typos corrected too).
    resolved = resolve(correct(previous), change, entities, columns=columns)
    if resolved is not None:
        text, sure = resolved
        inner = rules(text)
        return inner.model_copy(
            update={
                "resolved_request": inner.resolved_request or text,
                "followup": True,
                "confidence": min(sure, inner.confidence),
                "reason": f"a follow-up of the previous request ({inner.reason})",
            }
        )
    if names_period(change.value):
        # "what about the quarter before?" after a request with no period of its own: say what was not bound.
        reason = (
            f"it reads as a follow-up of the previous request ({topic(previous)!r}), but I could not tell "
            f"which period {change.value!r} stands for there; name the period (e.g. a quarter and its year)"
        )
        return IntentDecision(intent="question", reason=reason, confidence=0.3)
    if binds_previous(change):
        # "just the top 3" after a request with no ranking to resize it means nothing alone (D8)
        reason = (
            f"it reads as a follow-up of the previous request ({topic(previous)!r}), but I could not tell "
            f"what {change.value!r} changes there; ask the whole request"
        )
        return IntentDecision(intent="question", reason=reason, confidence=0.3)
    return None


def _own_words(request: str, dimension: str) -> list[str]:
    """The words of `request` beyond a grouping by `dimension` of the previous rows and the words framing it."""
    framing = STOPWORDS | _FRAME | _GROUPING | set(words(dimension))
    return [w for w in words(request) if w not in framing]


def _referred(
    request: str,
    history: Sequence[dict[str, str]],
    entities: Sequence[str],
    columns: Mapping[str, str],
    correct: Callable[[str], str],
) -> Referral | IntentDecision | None:
    """`request` with its pronoun read as the previous request's value ("break hers down" -> "break those down"), an
    unsure decision naming the values it could point at, or None when it points at none."""
    previous = previous_request(history)
    referral = refer_back(request, correct(previous), entities, columns) if previous else None
    if referral is not None and referral.unsure:
        return IntentDecision(intent="question", reason=f"{referral.unsure}; name it", confidence=0.3)
    return referral


def _read_referred(
    referred: Referral, last: str, entities: Sequence[str], columns: Mapping[str, str]
) -> tuple[str, Change | None]:
    """The reading of a follow-up with its pronoun read and the change it makes: "break hers down by status" as
    "break those down ..." (else without the pronoun); "what about its P1s" without the pronoun, a change keeping the
    previous filters; "what was its revenue that year", whose change rebuilds the request, with the value named."""
    if referred.owner:
        change = followup_change(referred.without, entities, columns)
        if change is not None and change.prep != "that":
            return referred.without, change
        return referred.text, followup_change(referred.text, entities, columns)
    found = [(t, c) for t in (referred.text, referred.without) if t and (c := followup_change(t, entities, columns))]
    # "and what about theirs for 2024": the reading whose change binds to the previous request ("for 2024", not
    # "those for 2024")
    bound = [(t, c) for t, c in found if resolve(last, c, entities, columns=columns) is not None]
    text, change = (bound or found)[0] if found else (referred.text, None)
    return text, change
