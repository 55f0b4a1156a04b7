"""Errands no agent does, read before the statement and data rules of the offline classifier: an order on the text
that follows it ("translate this into Spanish: ...") and an errand led by a word the data also uses ("Order pizza for
the team tonight"); and which part of a longer message is an errand or a greeting beside what is asked. English
shapes and the deployment's own words only."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from cognicore.memory.text import terms, words
from cognicore.orchestrator._action_shapes import ARTEFACT_NOUNS, POLITE
from cognicore.orchestrator._followup_periods import names_time, without_time
from cognicore.orchestrator.intent_decision import IntentDecision
from cognicore.orchestrator.message_parts import Aside
from cognicore.orchestrator.mood import noun_first, strip_markers
from cognicore.orchestrator.scope import ACTION, ASKS, IMPERATIVE, Scope
from cognicore.orchestrator.telling import WANTS, is_question

__all__ = ["data_word_errand", "order_on_text", "set_aside"]

# Words that only link a period to its clause ("since January", "so far this year").
_TIME_LINKS = frozenset(terms("since until till from as of so far by up to"))
# A phrase that narrows a request rather than asking one: a participle or a preposition of exclusion first.
_MODIFIER = re.compile(r"^\s*(?:[a-z]+(?:ing|ed)|except|without|but\s+not|not|only|just)\b", re.IGNORECASE)
GREETING_WORDS = 3  # "hiya", "morning!", "quick q": too short to ask anything of their own

# An errand's shape: done for someone or by a time ("order pizza for the team tonight", "book tables for us").
_ERRAND = re.compile(r"\bfor\s+(?:me|us|the|my|our|everyone|everybody|all)\b|\b(?:tonight|tomorrow)\b", re.IGNORECASE)
_POINTED_AT = frozenset({"this", "that", "these", "those", "it"})


def order_on_text(request: str, scope: Scope) -> IntentDecision | None:
    """ "translate this into Spanish: the meeting moved": a verb no agent offers done to "this", so the text after it
    is material to work on, never news to store; None otherwise (and for a marker such as "scratch that, ...")."""
    done_to = IMPERATIVE.match(request) if strip_markers(request) == request else None
    if done_to is None or done_to.group("object").lower() not in _POINTED_AT:
        return None
    if (verb := scope.foreign_action(request)) is None:
        return None
    reason = f"asks to {verb} something, which none of the agents does"
    return IntentDecision(intent="task", reason=reason, confidence=0.8, out_of_scope=True)


def data_word_errand(request: str, scope: Scope, nouns: frozenset[str]) -> IntentDecision | None:
    """ "Order pizza for the team tonight", "could you order new business cards for me?": a word of the data first
    (after a polite opening), but what follows it, or the head of that phrase, is nothing the deployment holds, in an
    errand's shape, so the first word is a verb ("order volume by region" stays a data question)."""
    polite = re.match(POLITE, request, re.IGNORECASE)
    text = request[polite.end() :] if polite else request
    first, after = ([*words(text), "", ""])[:2]
    asked = is_question(text) and not (polite and polite.end())  # "could you ...?" asks for the errand politely
    if not _ERRAND.search(text) or first.endswith("s") or asked or not after:
        return None
    head = words(_ERRAND.split(text, maxsplit=1)[0])[-1:]  # "new business cards" ends on "cards"
    missing = scope.unheld(" ".join(head), [], "") or scope.unheld(after, [], "")
    if not noun_first(text, nouns) or not missing:
        return None
    reason = f"asks to {first} something none of the agents has ({missing[0]})"
    return IntentDecision(intent="task", reason=reason, confidence=0.8, out_of_scope=True)


# A word that makes a value of the data a filter ("the partner channel only", "just Europe").
_ONLY = frozenset({"only", "just", "solely", "exclusively"})


def _narrows(part: str, values: frozenset[str], names_data: Callable[[str], bool]) -> bool:
    """Whether `part` names a value of the data as a filter: with "only"/"just" beside it ("the partner channel
    only") or with a word of the data after it ("the Europe region"); "the Europe team" names a team."""
    said = words(part)
    for i, word in enumerate(said):
        if not set(terms(word)) or not set(terms(word)) <= values:
            continue
        near = said[max(0, i - 1) : i + 3]
        after = said[i + 1] if i + 1 < len(said) else ""
        if _ONLY & set(near) or (after and not set(terms(after)) <= values and names_data(after)):
            return True
    return False


def set_aside(
    part: str,
    decision: IntentDecision,
    *,
    scope: Scope,
    names_data: Callable[[str], bool],
    history: Sequence[dict[str, str]] = (),
    memory: str = "",
) -> Aside | None:
    """How a part of a longer message is passed over: `named` for an errand no agent does ("book me a meeting room
    for 3pm") or a question about nothing the deployment holds ("whats the weather like in lisbon"), `quiet` for a
    greeting, a remark, something told or a preface that asks nothing and names no data ("hiya", "quick one before
    my 1:1"); None for a part to answer (or a change to data, refused). A topic of the session's `history` or the
    user's `memory` is held."""
    if decision.changes_data or not set(terms(without_time(part))) - _TIME_LINKS:
        return None  # "Since January, what ...", "Yesterday: how many ...": the request's own period
    if (decision.intent == "task" or set(terms(part)) & (ACTION | ARTEFACT_NOUNS)) and not decision.out_of_scope:
        return None  # "short report - monthly revenue ...": what an agent does is never set aside
    if scope.social_remark(part) or scope.about_you(part):
        return "quiet"
    if _MODIFIER.match(part):
        return None  # "excluding the annual checks": part of the request it follows
    if decision.intent == "statement" and len(words(part)) >= GREETING_WORDS:
        return None  # "fyi I'm off tomorrow": told, neither stored nor said if passed over; the message is read whole
    if _narrows(part, scope.values, names_data):
        return None  # "... to discuss the partner channel only": a filter of the data, never dropped in silence
    if decision.out_of_scope:
        return "named"
    asks = bool(is_question(part) or ASKS.match(part) or IMPERATIVE.match(part) or WANTS.search(part))
    if scope.unheld(part, history, memory) or scope.unheld_head(part, history, memory):
        return "named" if asks else "quiet"
    if decision.intent == "statement":
        return "quiet"  # told things are still remembered from the message as typed
    if names_data(part) or names_time(part) or re.search(r"\d", part):
        return None  # "jobs per site - S1 only", "Yesterday: how many ...": part of the request
    if not asks:
        return "quiet"
    return "quiet" if len(words(part)) < GREETING_WORDS else None
