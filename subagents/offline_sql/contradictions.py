"""Conditions of a mapping that contradict each other, so the query would keep no row whatever the data holds.

"status is closed and status is not closed", "assigned to nobody" read as both empty and set: such a query returns
"no rows", which states a misreading as a fact; each contradiction is named instead, and the mapping is unsure.
"""

from __future__ import annotations

from cognicore.subagents.offline_sql.mapping import Mapping
from cognicore.subagents.offline_sql.query import ref_name


def contradictions(q: Mapping) -> list[str]:
    """What `q` asks of one column that no row can be at once: a value and its negation, a value and empty, empty
    and not empty."""
    found = []
    for ref, values in q.filters.items():
        if set(values) <= set(q.excluded.get(ref, [])) or ref in q.missing:
            said = " or ".join(values)
            negated = "empty" if ref in q.missing else f"not {said}"
            found.append(f"{ref_name(ref)} as both {said} and {negated}")
    found += [f"{ref_name(ref)} as both empty and not empty" for ref in q.missing if ref in q.present]
    return found
