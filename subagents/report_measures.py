"""Whether a report's table holds every measure the request asked for (issue 9.5): "the number of tickets and the
number still open" asks two figures per row; a table with one of them is a partial answer, said so, never told as
the whole. Read from the request's structure (coordinated phrases with a measure in them) and the table's columns.
"""

from __future__ import annotations

import re

from cognicore.memory.text import stem
from cognicore.subagents.tables import Table, column_tokens, is_numeric_column, is_period_column

__all__ = ["asked_measures", "measure_gap", "table_measures"]

# Words that make a phrase a figure asked for, in any domain.
_HEADS = frozenset(
    "number count counts total totals sum average avg mean median share percentage percent proportion".split()
)
# Coordinated phrases of a request: "A, B and C", "A as well as B", "A plus B", "with A".
_SPLIT = re.compile(r"\s*(?:[,;:]|\s-\s|\band\b|\bplus\b|\bas well as\b|\balong with\b|\bwith\b)\s*", re.IGNORECASE)
_ARTEFACT = re.compile(
    r"\b(?:report|brief|briefing|memo|summary|recap|overview|rundown|write-?up|one-?pager|pager|slide|deck|draft|"
    r"dashboard)s?\b",
    re.IGNORECASE,
)
_HOW_MANY = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)
# A row's identifier or position is no measure ("order_id", "rank").
_NOT_MEASURE = frozenset({"id", "rank", "no", "num"})


def table_measures(table: Table) -> list[str]:
    """The table's measure columns: numeric, not a period, not an identifier or a rank."""
    return [
        c
        for i, c in enumerate(table.columns)
        if is_numeric_column(table, i)
        and not is_period_column(table, i)
        and not column_tokens(c) & _NOT_MEASURE
        and c.lower() != "rank"
    ]


def asked_measures(request: str, table: Table) -> list[str]:
    """The phrases of `request` that each ask for a figure: a measure word, or the name of a numeric column (an
    identifier's too: "orders" beside an `order_id` column asks how many there are)."""
    numeric = [c for i, c in enumerate(table.columns) if is_numeric_column(table, i)]
    names = {stem(w) for c in numeric for w in column_tokens(c) - _NOT_MEASURE}
    asked = []
    for phrase in _SPLIT.split(request):
        found = {w.lower() for w in re.findall(r"[A-Za-z]+", phrase)}
        headed = bool(found & _HEADS or _HOW_MANY.search(phrase))
        # "one-pager on the tickets", "a summary of revenue": the artefact's own phrase names its subject, not a
        # figure of its own (a measure word in it still counts).
        if headed or ({stem(w) for w in found} & names and not _ARTEFACT.search(phrase)):
            asked.append(" ".join(phrase.split()))
    return asked


def measure_gap(request: str, table: Table) -> str | None:
    """A sentence saying which asked figures the table lacks, when it has fewer measures than the request asks;
    None when every one has a column (or the request asks one)."""
    asked = asked_measures(request, table)
    have = table_measures(table)
    if len(asked) <= 1 or len(asked) <= len(have):
        return None
    names = {stem(w) for c in have for w in column_tokens(c)}
    # A phrase naming a column is covered; when all are, the missing ones are those without one of their own.
    missing = [p for p in asked if not {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", p)} & names]
    missing = missing or asked[len(have) :]
    listed = "; ".join(f"'{p}'" for p in missing)
    computed = ", ".join(have) or "none"
    return (
        f"I am not sure this answers all of it: {len(asked)} figures were asked ({'; '.join(asked)}), but the data "
        f"has {len(have)} ({computed}); I could not compute {listed} as a figure of its own."
    )
