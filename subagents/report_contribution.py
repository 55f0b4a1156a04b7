"""The headline of a 'why' answer over data (issue 9.1): which group contributed most to a change, of which total.

Read from the table `offline_sql.attribution.contribution` shapes (group, `<measure>_change`, `share_of_change_pct`,
the two periods), so the figures are the query's, never a model's.
"""

from __future__ import annotations

import re
from typing import Any

from cognicore.subagents.charts import Table, format_value, humanize


def contribution_headline(table: Table) -> str:
    """ "online contributed most to the change in orders from Q4 2025 to Q1 2026: -364 of the -710 total (51.3%)."
    for a 'why' answer (columns: group, `<measure>_change`, `share_of_change_pct`, the two periods); else "".

    A change of zero overall has no contributor to name: the headline corrects the question's premise with the
    data's figures and names the groups whose moves cancel out.
    """
    cols = table.columns
    if len(cols) != 5 or not cols[1].endswith("_change") or cols[2] != "share_of_change_pct" or not table.rows:
        return ""
    measure = humanize(cols[1][: -len("_change")]).lower()
    before, after = _period(cols[3]), _period(cols[4])
    changes = [float(r[1] or 0) for r in table.rows]
    total = sum(changes)
    if total == 0:
        ranked = sorted(zip(table.rows, changes, strict=True), key=lambda rc: -abs(rc[1]))
        moves = [f"{_label(r[0])} {'+' if c > 0 else ''}{format_value(c, cols[1])}" for r, c in ranked if c][:4]
        cancel = f"; the moves cancel out: {', '.join(moves)}" if moves else ""
        return (
            f"The total {measure} did not change from {before} to {after}, so no {humanize(cols[0]).lower()} "
            f"accounts for a change overall{cancel}."
        )
    top = [r for r, c in zip(table.rows, changes, strict=True) if c == changes[0]]
    who = and_list([_label(r[0]) for r in top])
    each = " each" if len(top) > 1 else ""
    share = format_value(table.rows[0][2], cols[2])
    return (
        f"{who} contributed most to the change in {measure} from {before} to {after}: "
        f"{format_value(changes[0], cols[1])}{each} of the {format_value(total, cols[1])} total change ({share}{each})."
    )


def _period(column: str) -> str:
    """A period column's name as a reader writes it: "2026_01_05" -> "2026-01-05", "q1_2026" -> "Q1 2026"."""
    text = humanize(column)
    return re.sub(r"^(\d{4}) (\d{2})(?: (\d{2}))?$", lambda m: "-".join(g for g in m.groups() if g), text)


def _label(value: Any) -> str:
    return "(none)" if value is None else str(value)


def and_list(names: list[str]) -> str:
    """ "A, B and C": names joined as a sentence lists them."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
