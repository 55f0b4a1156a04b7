"""Words said of the rows a request names: none of them ("have no"), a table's name used as a verb ("did each
region order"), rows that came in ("new tickets")."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.lexicon import singular
from cognicore.subagents.offline_sql.mapping import Mapping, Text

_NONE = re.compile(r"\b(?:have|has|had|with|got|get|gets|made|make|makes|saw|see|sees|recorded)\s+(no|zero)\s+$")


def none_before(t: Text, q: Mapping, pos: int) -> None:
    """ "have no", "got zero" right before the rows (or the figure) named: only the groups with none are asked."""
    if none := _NONE.search(t.read[:pos]):
        q.zero_rows = True
        t.s = t.s[: none.start(1)] + " " * len(none.group(1)) + t.s[none.end(1) :]
        # "no open tickets left (at all)": what remains of them is what "no" already counts
        if left := re.match(r"((?: +[a-z0-9_-]+){0,3}? +)(left|remaining)(?: at all)?\b", t.s[pos:]):
            start = pos + left.end(1)
            t.s = t.s[:start] + " " * (pos + left.end() - start) + t.s[pos + left.end() :]


def said_as_verb(t: Text, pos: int, words: str) -> bool:
    """ "which products did each region order", "how much did Europe order": a table's name in the singular after
    "did/do/does" and its subject, with no article, is the verb of the clause, not the table's rows."""
    last = words.split()[-1] if words.split() else ""
    asked = re.search(r"\b(?:did|do|does|will|would|can)(?: [a-z0-9_-]+){1,3}\s+$", t.read[:pos])
    owned = re.search(r"\b(?:the|a|an|each|per|by|our|my|your|their|its)\s+$", t.read[:pos])  # "did our order count"
    return singular(last) == last and asked is not None and not owned


def new_rows(t: Text, pos: int) -> None:
    """ "new tickets", "incoming orders": the rows as they came in; the word says no more of them."""
    if new := re.search(r"\b(new|incoming|fresh)\s+$", t.s[:pos]):
        t.s = t.s[: new.start(1)] + " " * len(new.group(1)) + t.s[new.end(1) :]
