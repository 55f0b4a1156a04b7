"""Conditions of a mapping that contradict each other, so the query would keep no row whatever the data holds.

"status is closed and status is not closed", "assigned to nobody" read as both empty and set: such a query returns
"no rows", which states a misreading as a fact; each contradiction is named instead, and the mapping is unsure.
"""

from __future__ import annotations

from cognicore.subagents.offline_sql.mapping import Mapping
from cognicore.subagents.offline_sql.query import ref_name


def contradictions(q: Mapping) -> list[str]:
    """What `q` asks of one column that no row can be at once (a value and its negation, a value and empty, empty
    and not empty, a value and another ruled out), or groups by where it is empty."""
    found = []
    for ref, values in q.filters.items():
        if set(values) <= set(q.excluded.get(ref, [])) or ref in q.missing:
            said = " or ".join(values)
            negated = "empty" if ref in q.missing else f"not {said}"
            found.append(f"{ref_name(ref)} as both {said} and {negated}")
        if (others := q.excluded.get(ref, [])) and not set(values) & set(others):
            # "ben working on (in progress) that aren't closed": a value and another one ruled out of one column, a
            # sign that one word was read twice (a state the verb names, and the one said)
            found.append(f"{ref_name(ref)} as {' or '.join(values)} and also not {' or '.join(others)}")
    found += [f"{ref_name(ref)} as both empty and not empty" for ref in q.missing if ref in q.present]
    # "which assignees aren't handling any VPN tickets" read as the rows with no assignee, grouped by assignee: one
    # empty group, which answers nothing asked
    grouped = {d.ref for d in q.dimensions if not isinstance(d, str)}
    found += [f"grouped by {ref_name(ref)} where it is empty" for ref in q.missing if ref in grouped]
    # "how many products have no orders in 2025" grouped by each order, counting its products: the groups asked are
    # the rows counted, never each row of the other table (whose count of them is never 0)
    counted = {m.table.ref for m in q.measures if m.table is not None}
    keys = [d for d in q.dimensions if not isinstance(d, str) and d.primary_key and counted and d.table not in counted]
    if q.zero_rows and keys:
        found.append(f"which of the {' or '.join(sorted(counted))} rows have none of the {keys[0].table} rows")
    return found
