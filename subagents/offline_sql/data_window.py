"""Whether the period a query covers lies outside the dates the data holds (issue 9, reviewer RDB W4).

"What was total revenue in the first half of 2024?" on data that starts in October 2024 returned an empty figure with
full confidence; the data simply records nothing then, which the answer must say (and be unsure of what was meant).
The dates the data holds are the ranges the schema description lists ("From <first> to <last>.") for the date column
the query filtered on ("(by schema.table.column)" in its explanation).
"""

from __future__ import annotations

import re

_PERIOD = re.compile(r"\((\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)")
_BY_COLUMN = re.compile(r"\(by ([\w]+\.[\w]+\.[\w]+)\)")
_TABLE = re.compile(r"^Table ([\w]+\.[\w]+)\b")
_RANGE = re.compile(r"^\s+- (\w+) .*From (\d{4}-\d\d-\d\d)[^,]*? to (\d{4}-\d\d-\d\d)[^,]*\.\s*$")


def data_ranges(schema_text: str) -> dict[str, tuple[str, str]]:
    """The first and last date of each date column the schema description gives a range for, by `schema.table.col`."""
    ranges: dict[str, tuple[str, str]] = {}
    table = ""
    for line in schema_text.splitlines():
        if m := _TABLE.match(line):
            table = m.group(1)
        elif table and (m := _RANGE.match(line)):
            ranges[f"{table}.{m.group(1)}"] = (m.group(2), m.group(3))
    return ranges


def outside_the_data(schema_text: str, period: str, explanation: str) -> str:
    """A sentence saying the query's period lies wholly outside the dates its date column holds, else ""."""
    asked, column = _PERIOD.search(period), _BY_COLUMN.search(explanation)
    if asked is None or column is None or (held := data_ranges(schema_text).get(column.group(1))) is None:
        return ""
    start, end = asked.groups()
    first, last = held
    if end >= first and start <= last:  # ISO dates compare as text
        return ""
    return (
        f"The data holds {column.group(1).rsplit('.', 1)[-1]} dates from {first} to {last} only, so it records "
        f"nothing for {start} to {end}."
    )
