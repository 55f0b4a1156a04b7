"""Rows listed with columns beside them: "list the P2 tickets with their status" is each ticket and its status.

Read after the mapping is placed: a column said after "with their" in a request that lists rows is shown beside
each row, never a grouping of the rows by it (which counted the P2 tickets per status).
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import normalise, singular
from cognicore.subagents.offline_sql.mapping import Mapping, Text, row_name

__all__ = ["rows_with_columns"]

_LISTS = re.compile(
    r"^\s*(?:(?:please|pls|can you|could you|would you|just|now)\s+)*"
    r"(?:list|show|give|display|pull up|bring up|get|fetch|send)\b"
)
_WITH_THEIR = re.compile(r"\b(?:with|and|plus|including|showing|along with|together with) (?:their|its)\b")


def rows_with_columns(t: Text, q: Mapping, table: Table | None) -> None:
    """ "list the P2 tickets with their status", "show the open tickets and their assignee": each row of the counted
    `table`, named by its key or unique label, with the columns asked beside it."""
    key = row_name(table) if table is not None else None
    said = _WITH_THEIR.search(t.read)
    if key is None or table is None or said is None or not _LISTS.match(t.read) or key in q.dimensions:
        return
    columns = [d for d in q.dimensions if isinstance(d, Column)]
    counted = all(m.aggregate == "count" and m.table is not None and m.table.ref == table.ref for m in q.measures)
    if not columns or len(columns) != len(q.dimensions) or any(c.table != table.ref for c in columns) or not counted:
        return
    if q.top_n or q.share or q.ranked is not None or q.having:
        return
    # the rows themselves are listed ("the P2 tickets with their status"), never a grouping ("components with ...")
    before = t.read[: said.start()]
    noun = singular(normalise(table.name).split()[-1])
    if not re.search(rf"\b{noun}s?\b", before) or any(re.search(rf"\b{c.name.split('_')[0]}", before) for c in columns):
        return
    q.dimensions.insert(0, key)
    t.s = t.s[: said.start()] + " " * (said.end() - said.start()) + t.s[said.end() :]  # "along with their": said
    q.notes.append(f"Each row of {table.ref} is listed with its {', '.join(c.name for c in columns)}.")
