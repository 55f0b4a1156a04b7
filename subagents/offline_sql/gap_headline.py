"""The headline of a two-way comparison's table: which of the two is ahead, and by how much.

"How much more did A make than B" when B made more must say so: the table's `difference` column is the larger
figure minus the smaller, so the answer names the one ahead rather than let "A ... more" stand.
"""

from __future__ import annotations

from typing import Any

from cognicore.subagents.charts import shape
from cognicore.subagents.tables import Table, format_value, humanize, is_money

__all__ = ["gap_headline"]


def gap_headline(table: Table) -> str:
    """ "ben is ahead of ana: 5 to 4 (tickets); ana has 1 fewer." for two compared rows with their `difference`;
    "" for any other table."""
    names = [c.lower() for c in table.columns]
    s = shape(table)
    if s is None or s.period or len(table.rows) != 2 or "difference" not in names:
        return ""
    gap_at = names.index("difference")
    first, second = table.rows
    a, b, gap = first[s.measure], second[s.measure], first[gap_at]
    if not all(_number(v) for v in (a, b, gap)) or abs(abs(a - b) - gap) > 0.01 * max(abs(gap), 1):
        return ""
    col = table.columns[s.measure]
    measure = humanize(col).lower()
    one, two = s.row_label(first), s.row_label(second)
    if a == b:
        return f"{one} and {two} are level, with {format_value(a, col)} each ({measure})."
    (ahead, big), (behind, small) = sorted(((one, a), (two, b)), key=lambda p: p[1], reverse=True)
    counted = all(float(v).is_integer() for v in (a, b)) and not is_money(col)
    return (
        f"{ahead} is ahead of {behind}: {format_value(big, col)} to {format_value(small, col)} ({measure}); "
        f"{behind} has {format_value(gap, col)} {'fewer' if counted else 'less'}."
    )


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
