"""What kind of thing a name in a memory is, by the deployment's data: "Nordics" in "The user moved to the Nordics
team" is a value of the data's regions, so the fact also answers "which region am I in?" though it says "team".
Read from the data values the deployment holds (each with its column), never from a list of names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cognicore.memory.text import stem

__all__ = ["DataKinds", "data_kinds"]

# Column names that say how a thing is named, not what it is: the table says it ("regions.name" names regions).
_NAMING_COLUMNS = frozenset("name names code codes label labels title key value".split())
MIN_VALUE_CHARS = 3  # "EU" or "P1" alone is too short to tell a name from a code in a sentence


def _kind(column: str) -> str | None:
    """The noun of a value's column ("schema.table.column"): the column's own ("component"), or the table's for a
    naming column ("region" of "regions.code"); stemmed."""
    parts = str(column).split(".")
    if len(parts) < 2:
        return None
    table, name = parts[-2], parts[-1]
    noun = table if name.lower() in _NAMING_COLUMNS else name
    return stem(noun.lower().split("_")[-1])


class DataKinds:
    """The kinds of the data values a statement names, with each value's pattern compiled once from the deployment's
    values (the recall asks it for every fact of every request)."""

    def __init__(self, values: Mapping[str, str]) -> None:
        self._names: list[tuple[str, re.Pattern[str], str]] = [
            (name, re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])"), kind)
            for value, column in values.items()
            # a lower-case value ("online", "open") is a common word in a sentence, not a name
            if len(value) >= MIN_VALUE_CHARS and value[:1].isupper() and (kind := _kind(column))
            for name in (value.lower(),)
        ]

    def __call__(self, statement: str) -> list[str]:
        """The kinds of the data values `statement` names (written with a capital in the data, matched whole and
        without case: "nordics" too), sorted; empty when it names none."""
        said = statement.lower()
        return sorted({kind for name, whole, kind in self._names if name in said and whole.search(said)})


def data_kinds(statement: str, values: Mapping[str, str]) -> list[str]:
    """`DataKinds(values)(statement)`: for a one-off reading; the recall keeps one `DataKinds`."""
    return DataKinds(values)(statement)
