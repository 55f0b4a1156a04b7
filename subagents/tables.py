"""Tabular step data (columns + rows): read once from a step's output and formatted for people."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cognicore.memory._fact_words import MONTH_NAMES

__all__ = [
    "Table",
    "column_tokens",
    "format_percent",
    "format_value",
    "humanize",
    "is_additive",
    "is_money",
    "is_numeric_column",
    "is_period_column",
    "markdown_table",
    "period_key",
    "tabular",
]

_MONEY = frozenset("revenue revenues sales amount price cost costs profit spend usd income gmv turnover".split())
_NOT_MONEY = frozenset("units count qty quantity orders order number num pct percent share rate".split())
_PERCENT = frozenset("pct percent percentage".split())
_NOT_ADDITIVE = frozenset(
    "avg average mean median rate ratio pct percent percentage share margin price min max per".split()
)
_PERIOD_WORDS = {"year": "year", "yr": "year", "quarter": "quarter", "qtr": "quarter", "month": "month"}
_FULL_MONTHS = MONTH_NAMES  # "january" ... "december", one list for the whole engine (memory's)
_MONTHS = {m[:3]: i for i, m in enumerate(_FULL_MONTHS, start=1)}

_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$")
_YEAR_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_QUARTER = re.compile(r"^(?:(\d{4})[-\s]?Q([1-4])|Q([1-4])[-\s]?(\d{4}))$", re.IGNORECASE)
_YEAR = re.compile(r"^(\d{4})$")
_MONTH_NAME = re.compile(r"^(?:(\d{4})\s+)?([A-Za-z]{3,9})\.?(?:[\s-]+(\d{4}))?$")


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of a tabular step output; `row_count` may exceed `len(rows)` when the source truncated them."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    row_count: int
    sql: str = ""

    def values(self, index: int) -> list[Any]:
        """The values of column `index`, in row order."""
        return [row[index] for row in self.rows]

    truncated: bool = False  # the source said it cut the rows (a row limit reached, a size cap)

    @property
    def partial(self) -> bool:
        """True when these rows may not be all the data: cut, a LIMIT they reach, or a top-N-per-group `rank`.

        A LIMIT the rows do not reach cut nothing (the SQL guard adds one to every query).
        """
        limits = [int(n) for n in re.findall(r"\blimit\s+(\d+)", self.sql, re.IGNORECASE)]
        return (
            self.truncated
            or self.row_count > len(self.rows)
            or bool(limits and len(self.rows) >= min(limits))
            or any(c.lower() == "rank" for c in self.columns)
        )


def tabular(data: dict[str, Any]) -> Table | None:
    """The table in a step's `data` (`columns`, `rows`, optional `row_count`, `sql`), or None if not one."""
    columns, rows = data.get("columns"), data.get("rows")
    if not isinstance(columns, list) or not columns or not all(isinstance(c, str) for c in columns):
        return None
    if not isinstance(rows, list) or not all(isinstance(r, list | tuple) and len(r) == len(columns) for r in rows):
        return None
    count = data.get("row_count")
    row_count = count if isinstance(count, int) and not isinstance(count, bool) else len(rows)
    sql = data.get("sql") if isinstance(data.get("sql"), str) else ""
    truncated = data.get("truncated") is True
    return Table(tuple(columns), tuple(tuple(r) for r in rows), max(row_count, len(rows)), sql or "", truncated)


def column_tokens(column: str) -> set[str]:
    """The lower-case words of a column name (or any text), for matching names against a request."""
    return set(re.findall(r"[a-z]+", column.lower()))


def humanize(column: str) -> str:
    """A column name as a label: `total_revenue_usd` -> `Total revenue (USD)`."""
    words = [w for w in re.split(r"[_\s]+", column.strip()) if w]
    suffix = " (USD)" if words and words[-1].lower() == "usd" and len(words) > 1 else ""
    words = words[:-1] if suffix else words
    text = " ".join(words) or column
    return text[:1].upper() + text[1:] + suffix


def is_money(column: str) -> bool:
    """True when the column name says it holds an amount of money (revenue, price, cost...)."""
    tokens = column_tokens(column)
    return bool(tokens & _MONEY) and not tokens & _NOT_MONEY


def is_additive(column: str) -> bool:
    """True when summing the column makes sense (not an average, a rate, a price...)."""
    return not column_tokens(column) & _NOT_ADDITIVE


def format_value(value: Any, column: str = "") -> str:
    """A cell for people: thousands separators, `$` for money, `%` for percentages."""
    if value is None:
        return "—"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if column_tokens(column) & _PERCENT:
        return f"{value:,.1f}%"
    decimals = 0 if float(value).is_integer() or abs(value) >= 1000 else 2 if abs(value) >= 1 else 4
    text = f"{abs(value):,.{decimals}f}"
    if decimals == 4:  # a fraction (an average discount of 0.0422) keeps its places, not 0.04; 0.15 stays 0.15
        text = text.rstrip("0").ljust(len(text.split(".")[0]) + 3, "0")
    sign = "-" if value < 0 and text.strip("0.,") else ""
    return f"{sign}${text}" if is_money(column) else f"{sign}{text}"


def format_percent(value: float) -> str:
    """A ratio already multiplied by 100, as `34.2%`."""
    return f"{value:.1f}%"


def period_key(value: Any, column: str = "") -> tuple[int, int, int] | None:
    """A sortable (year, month, day) for a value that names a time period, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        kind = next((_PERIOD_WORDS[t] for t in column_tokens(column) if t in _PERIOD_WORDS), None)
        if kind == "year" and 1900 <= value <= 2200:
            return (value, 1, 1)
        if kind == "month" and 1 <= value <= 12:
            return (0, value, 1)
        if kind == "quarter" and 1 <= value <= 4:
            return (0, 3 * value - 2, 1)
        return None
    if not isinstance(value, str):
        return None
    text = value.strip()
    if m := _ISO_DATE.match(text):
        return (int(m[1]), int(m[2]), int(m[3]))
    if m := _YEAR_MONTH.match(text):
        return (int(m[1]), int(m[2]), 1) if 1 <= int(m[2]) <= 12 else None
    if m := _QUARTER.match(text):
        year, quarter = (m[1], m[2]) if m[1] else (m[4], m[3])
        return (int(year), 3 * int(quarter) - 2, 1)
    if m := _YEAR.match(text):
        return (int(m[1]), 1, 1) if 1900 <= int(m[1]) <= 2200 else None
    if (m := _MONTH_NAME.match(text)) and (month := _MONTHS.get(m[2][:3].lower())):
        if len(m[2]) > 3 and not any(name.startswith(m[2].lower()) for name in _FULL_MONTHS):
            return None
        return (int(m[1] or m[3] or 0), month, 1)
    return None


def is_period_column(table: Table, index: int) -> bool:
    """True when every present value of column `index` names a time period."""
    present = [v for v in table.values(index) if v is not None]
    return bool(present) and all(period_key(v, table.columns[index]) for v in present)


def is_numeric_column(table: Table, index: int) -> bool:
    """True when every present value of column `index` is a number."""
    present = [v for v in table.values(index) if v is not None]
    return bool(present) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present)


def markdown_table(table: Table, *, max_rows: int = 20, columns: Sequence[int] | None = None) -> str:
    """The first `max_rows` rows as a Markdown table, numbers right-aligned and formatted."""
    cols = list(columns) if columns is not None else list(range(len(table.columns)))
    numeric = {i for i in cols if is_numeric_column(table, i)}
    head = "| " + " | ".join(_cell(humanize(table.columns[i])) for i in cols) + " |"
    rule = "| " + " | ".join("---:" if i in numeric else "---" for i in cols) + " |"
    body = [
        "| " + " | ".join(_cell(format_value(row[i], table.columns[i])) for i in cols) + " |"
        for row in table.rows[:max_rows]
    ]
    return "\n".join([head, rule, *body])


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")
