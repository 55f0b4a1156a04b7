"""Errands no agent does, read before the statement and data rules of the offline classifier: an order on the text
that follows it ("translate this into Spanish: ...") and an errand led by a word the data also uses ("Order pizza for
the team tonight"). English shapes and the deployment's own words only."""

from __future__ import annotations

import re

from cognicore.memory.text import words
from cognicore.orchestrator.intent_decision import IntentDecision
from cognicore.orchestrator.mood import noun_first, strip_markers
from cognicore.orchestrator.scope import IMPERATIVE, Scope
from cognicore.orchestrator.telling import is_question

__all__ = ["data_word_errand", "order_on_text"]

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
    """ "Order pizza for the team tonight": a word of the data first, but what follows it is nothing the deployment
    holds, in an errand's shape, so the first word is a verb ("order volume by region" stays a data question)."""
    first, after = ([*words(request), "", ""])[:2]
    if not _ERRAND.search(request) or first.endswith("s") or is_question(request) or not after:
        return None
    if not noun_first(request, nouns) or not scope.unheld(after, [], ""):
        return None
    reason = f"asks to {first} something none of the agents has ({after})"
    return IntentDecision(intent="task", reason=reason, confidence=0.8, out_of_scope=True)
