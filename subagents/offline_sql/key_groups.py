"""A grouping by the counted table's own key beside another grouping: a misreading, dropped.

Counting the rows of a table grouped by its unique key (its primary key, or a unique column) gives 1 in every group,
so "the load per owner (number of items each)" grouped by owner AND item id answered that every row ties at 1 - a
confidently useless answer. When the request names another grouping and says the counted rows "each" ("items each",
"number of items apiece"), that is the count per the other grouping; the key grouping is dropped and the answer says
so. A key grouping alone (each row once) is left as it is: it lists the rows, as "which items has nobody picked up?"
does; so is one asked for its own sake beside a count ("..., and which ones?")."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import singular
from cognicore.subagents.offline_sql.mapping import Mapping, Measure


def drop_counted_key(q: Mapping, request: str) -> None:
    """Remove from `q.dimensions` the counted table's own key when another grouping is asked beside it and the
    request says the counted rows "each" ("number of items each"). The key asked for its own sake stays ("how many
    of A and B are open, and which ones?" lists the rows beside the count)."""
    counted = {m.table.ref: m.table.name for m in q.measures if m.table is not None and _counts_rows(m)}
    each = {ref for ref, name in counted.items() if _each(name, request)}
    keys = [d for d in q.dimensions if isinstance(d, Column) and d.table in each and (d.primary_key or d.unique)]
    others = [d for d in q.dimensions if d not in keys]
    if not keys or not others:
        return
    q.dimensions = others
    names = ", ".join(sorted({k.name.replace("_", " ") for k in keys}))
    q.notes.append(f"Not grouped by {names}: each row is one of its own, so every group would count 1.")


def _each(table: str, request: str) -> bool:
    """Whether `request` says the rows of `table` followed by "each" or "apiece" ("items each")."""
    noun = singular(table).replace("_", " ")
    return re.search(rf"\b{re.escape(noun)}s?\s+(?:each|apiece)\b", request, re.IGNORECASE) is not None


def _counts_rows(m: Measure) -> bool:
    """A count of a table's rows (no column, named measure or age)."""
    return m.aggregate == "count" and m.column is None and m.named is None and not m.age
