"""Rows kept by whether an amount was applied to them: "lines that got a discount", "discounted orders" (the rate
above zero), "lines with no discount", "undiscounted" (zero). Only for a column of a rate or fraction of each row
(by its name or comment), so "regions with revenue" is never read as revenue above zero.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise
from cognicore.subagents.offline_sql.mapping import Mapping, Text

__all__ = ["claim_amount_filters", "rate_column"]

_FRACTION = re.compile(r"\b(?:fraction|rate|ratio|percent|percentage|pct|share|proportion)\b|\b0 ?(?:-|to) ?1\b")
_GIVEN = r"(?:with|got|get|gets|getting|had|has|have|having|at|given|carrying|carried|received|receiving|on)"
_NONE = r"(?:no|without|zero|not given|never given|not getting|never got|not on)"


def rate_column(column: Column) -> bool:
    """A column holding a rate or fraction of each row (its name or comment says so), which no sum may add up."""
    return _FRACTION.search(f"{column.name} {column.comment}".lower().replace("_", " ")) is not None


def _rates(lex: Lexicon) -> dict[str, Column]:
    """The rate columns by their name's last word ("discount"), when that word names one column only."""
    found: dict[str, list[Column]] = {}
    for table in lex.catalogue.tables:
        for c in table.columns:
            if c.kind == "numeric" and not c.is_key and rate_column(c):
                found.setdefault(normalise(c.name).split()[-1], []).append(c)
    return {w: cs[0] for w, cs in found.items() if len(cs) == 1}


def claim_amount_filters(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "got a discount" / "discounted": the rate above zero; "without a discount" / "undiscounted": zero."""
    for word, column in _rates(lex).items():
        forms = rf"{word}s?"
        done = f"{word}ed" if not word.endswith("e") else f"{word}d"
        for pattern, above in (
            (rf"\b{_NONE}(?: an?| any)? {forms}\b|\bun{done}\b|\bnon {done}\b", False),
            (rf"\b{_GIVEN}(?: an?| any| some)? {forms}\b|\b{done}\b", True),
        ):
            if column.ref not in q.nonzero and t.take(pattern) is not None:
                q.nonzero[column.ref] = above
