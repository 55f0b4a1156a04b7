"""Whether a request hands a developer's agent the items it works on, read from the request's structure.

A checking agent (an SLA checker, an overdue-loans lister) takes a set of the data's items ("which tickets to check")
and reports on them. A request that describes one unnamed item instead ("a P2 ticket nobody answered for 6 hours",
"my P1", "a loan two weeks late") gives it no items: it asks what the rule says of that case, which the documents
state, and running the check would list items nobody asked about.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cognicore.memory.text import stem, terms

__all__ = ["describes_one_case", "outside_declared_values"]

# One item, unnamed: an indefinite or possessive determiner, then up to three words, then the item's noun or a code
# of the data ("a P2 ticket", "my P1", "an urgent order", "our oldest loan").
_ONE = re.compile(r"\b(?:a|an|one|my|our|his|her|their|your|this|that)\s+(?P<after>(?:[\w'-]+\s*){1,4})", re.I)
# Items picked or asked for as a set: "which", "any", "list them", "check the ...", "run the check on ...".
_PICKED = re.compile(
    r"\b(?:which|any|anything|all|every|each|list|show|check|checking|run|them|those|these|ones|how\s+many)\b", re.I
)
_CODE = re.compile(r"^[a-z]+\d+$", re.I)
# An item named by its key ("INC-1004", "ord_2291"): the agent can look that one up.
_KEY = re.compile(r"\b[a-z]+[-_]\d{2,}\b", re.I)


def _is_item(word: str, items: frozenset[str]) -> bool:
    """Whether `word`, in the singular, is one of the data's item nouns or a code of its values ("ticket", "p2")."""
    return (stem(word) in items and not word.lower().endswith("s")) or _CODE.match(word) is not None


def _names_set(request: str, items: frozenset[str]) -> bool:
    """Whether the request names the data's items as a set: in the plural ("the open tickets", "the P2s"), picked
    ("which", "any", "list"), or by their key."""
    for word in re.findall(r"[a-z0-9]+", request.lower()):
        if word.endswith("s") and ((stem(word) in items and stem(word) != word) or _CODE.match(word[:-1])):
            return True
    return _PICKED.search(request) is not None or _KEY.search(request) is not None


def describes_one_case(request: str, items: frozenset[str]) -> bool:
    """Does the request describe one unnamed item of the data (`items`: the stems of its item nouns) and name no set
    of them? Then no checking agent has items to work on: the request asks a rule's answer for that case.

    "Nobody has answered a P2 ticket for 6 hours now - already a breach?" and "A P3 blew through its SLA yesterday,
    should I call the duty manager?" describe one case; "which open P1 tickets are past their SLA?", "any P2s overdue?"
    and "is INC-1004 late?" hand the agent its items.
    """
    if _names_set(request, items):
        return False
    described = (re.findall(r"[a-z0-9]+", m.group("after").lower()) for m in _ONE.finditer(request))
    return any(_is_item(word, items) for words in described for word in words)


# A negation just before a value: "tickets that aren't closed", "still not closed" name the other values.
_NEGATED_BEFORE = re.compile(r"(?:\b(?:not|never|no)|n't)\W+(?:\w+\W+)?$", re.I)


def _said(text: str, value: str) -> list[re.Match[str]]:
    """Where `text` names a value of the data, in any form its stems take ("closed" for "close", "in progress")."""
    wanted = terms(value.replace("_", " "))
    if not wanted:
        return []
    return [m for m in re.finditer(r"[A-Za-z0-9]+", text) if stem(m.group(0).lower()) == wanted[0]]


def outside_declared_values(request: str, description: str, values: Mapping[str, str]) -> tuple[str, str] | None:
    """The value the request names (plainly, not negated) of a column whose other value the agent's description
    declares as its scope, with that declared value: "Checks open tickets ..." covers no "closed" tickets ("how many
    tickets did we close within SLA?"); None when the request stays inside what the agent declares."""
    declared = {value: column for value, column in values.items() if _said(description, value)}
    for value, column in values.items():
        if value in declared or column not in declared.values():
            continue
        plain = [m for m in _said(request, value) if not _NEGATED_BEFORE.search(request[: m.start()])]
        scope = [d for d, c in declared.items() if c == column]
        if plain and not any(_said(request, d) for d in scope):
            return value, scope[0]
    return None
