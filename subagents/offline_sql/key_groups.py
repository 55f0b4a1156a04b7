"""A grouping by the counted table's own key beside another grouping: a misreading, never built.

Counting the rows of a table grouped by its unique key (its primary key, or a unique column) gives 1 in every group,
so "the load per owner (number of items each)" grouped by owner AND item id answered that every row ties at 1 - a
confidently useless answer. Where the dimensions are placed, a word of the counted table's key that names the rows
counted rather than a grouping ("items each", "items apiece", "the item count", "the number of items") is no grouping
when another grouping is asked; the answer says so. A key grouping alone (each row once) is left as it is: it lists
the rows, as "which items has nobody picked up?" does; so is one asked for its own sake beside a count ("..., and
which ones?", "by item")."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.mapping import Mapping, Measure

# "tickets each", "tickets apiece", "ticket count(s)", "the ticket total": the counted rows, said right before
_COUNT_AFTER = re.compile(r"^\s*\)?\s*(?:each|apiece|counts?|totals?|tally)\b")
_GROUPING_BEFORE = re.compile(r"\b(?:by|per|each|every|across|for each)\s*$")
# "number of tickets", "count of the tickets", "how many tickets": the counted rows, said right after
_COUNT_BEFORE = re.compile(r"\b(?:(?:number|count|total|tally) of(?: the| our| all)?|how many)\s*$")


def names_counted_rows(q: Mapping, dim: Column | str, before: str, after: str) -> bool:
    """Whether a phrase placed as `dim`, said between `before` and `after`, is the counted table's own key named as
    the rows a count of that table counts ("number of tickets each", "just the ticket count")."""
    if not isinstance(dim, Column) or not (dim.primary_key or dim.unique):
        return False
    if _GROUPING_BEFORE.search(before):
        return False  # "by ticket", "per ticket": a grouping said as one
    counted = {m.table.ref for m in q.measures if m.table is not None and _counts_rows(m)}
    return dim.table in counted and (_COUNT_AFTER.match(after) is not None or _COUNT_BEFORE.search(before) is not None)


def not_grouped_note(keys: list[Column | str]) -> str:
    """The note saying why the counted rows' key is no grouping."""
    names = ", ".join(sorted({k.name.replace("_", " ") for k in keys if isinstance(k, Column)}))
    return f"Not grouped by {names}: each row is one of its own, so every group would count 1."


def _counts_rows(m: Measure) -> bool:
    """A count of a table's rows (no column, named measure or age)."""
    return m.aggregate == "count" and m.column is None and m.named is None and not m.age
