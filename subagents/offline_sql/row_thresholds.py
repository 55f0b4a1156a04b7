"""A threshold on each counted row's own column ("how many order lines had more than 3 units", "lines with a quantity
above 4"): a condition on the rows, never a condition on a group's total, when the figure the threshold names is a
plain sum of one column of the very rows counted."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon
from cognicore.subagents.offline_sql.mapping import Mapping, Measure

__all__ = ["row_threshold"]

_ONE_SUM = re.compile(r"^\s*sum\(\s*\{([^}]+)\}\s*\)\s*$")
# "sold at more than $150 a unit", "over 150 dollars each": the amount of one unit (a price), never a number of units
_PER_UNIT = re.compile(
    r"\b\d[\d,.]*k?\s+(?:(?:dollars|euros|pounds)\s+)?(?:(?:a|an|per|each)\s+(?:unit|item|piece)\b|each\b|apiece\b)"
)


def _summed_column(m: Measure, lex: Lexicon) -> Column | None:
    """The one column a measure adds up: a column's sum, or a named measure that is "sum({column})"."""
    if m.column is not None and m.named is None:
        return m.column if m.aggregate == "sum" else None
    if m.named is not None and (said := _ONE_SUM.match(m.named.sql)):
        return lex.catalogue.column(said.group(1))
    return None


def _unit_price(table: Table) -> Column | None:
    """The counted rows' one column holding the price of one unit ("unit_price"), or None."""
    said = [c for c in table.columns if c.name.lower().startswith("unit_")]
    prices = [c for c in said if re.search(r"\bprice\b", f"{c.name} {c.comment}".lower().replace("_", " "))]
    return prices[0] if len(prices) == 1 else None


def row_threshold(q: Mapping, lex: Lexicon, text: str = "") -> bool:
    """ "how many order lines had more than 3 units": each line's quantity over 3 (the rows counted hold the column the
    threshold's figure sums), read as a condition on the rows; False (nothing changed) for any other threshold."""
    if q.having is None or q.dimensions or q.groups_counted or q.top_n or q.share:
        return False
    counted = [m for m in q.measures if m.aggregate == "count" and m.table is not None and m.named is None]
    figures = [m for m in q.measures if m not in counted]
    if len(counted) != 1 or len(figures) != 1 or (column := _summed_column(figures[0], lex)) is None:
        return False
    table = counted[0].table
    if table is None or table.ref != column.table:
        return False
    if (per_unit := _PER_UNIT.search(text)) is not None:
        # "how many order lines were sold at more than $150 a unit": each line's unit price, not its quantity (review15
        # data #13 read the units over 150) nor its whole amount; with no such column, unsure
        price = _unit_price(table)
        if price is None:
            q.not_understood.append(
                f"'{per_unit.group(0)}' (the amount of one unit, which the counted rows do not hold)"
            )
            return False
        column = price
    op, value = q.having
    q.row_conditions.append((column.ref, op, value))
    q.having, q.measures = None, counted
    return True
