"""Tabular step data (columns + rows) read once, formatted for people, and drawn as a PNG chart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # matplotlib is imported when a chart is drawn: it costs half a second at start-up
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

MAX_BARS = 15
MAX_SERIES = 8

_MONEY = frozenset("revenue revenues sales amount price cost costs profit spend usd income gmv turnover".split())
_NOT_MONEY = frozenset("units count qty quantity orders order number num pct percent share rate".split())
_PERCENT = frozenset("pct percent percentage".split())
_NOT_ADDITIVE = frozenset(
    "avg average mean median rate ratio pct percent percentage share margin price min max per".split()
)
_PERIOD_WORDS = {"year": "year", "yr": "year", "quarter": "quarter", "qtr": "quarter", "month": "month"}
_FULL_MONTHS = "january february march april may june july august september october november december".split()
_MONTHS = {m[:3]: i for i, m in enumerate(_FULL_MONTHS, start=1)}

_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$")
_YEAR_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_QUARTER = re.compile(r"^(?:(\d{4})[-\s]?Q([1-4])|Q([1-4])[-\s]?(\d{4}))$", re.IGNORECASE)
_YEAR = re.compile(r"^(\d{4})$")
_MONTH_START = re.compile(r"^\d{4}-\d{2}-01(?:[T ]00:00(?::00)?(?:[+-]\d{2}:?\d{2}|Z)?)?$")
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


@dataclass(frozen=True, slots=True)
class Shape:
    """How a table reads: its label column, whether that is a time period, a series column, the measure."""

    label: int
    period: bool
    group: int | None
    measure: int
    labels: tuple[int, ...]  # every column naming a row (a bar's label joins them all)
    share: int | None = None  # a column the query computed with each row's share of the true total, in %

    def row_label(self, row: Sequence[Any]) -> str:
        """A row's name from its label columns, e.g. `Widget Pro · EU`."""
        return " · ".join("(none)" if row[i] is None else str(row[i]) for i in self.labels)  # an empty group


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


def _tokens(column: str) -> set[str]:
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
    tokens = _tokens(column)
    return bool(tokens & _MONEY) and not tokens & _NOT_MONEY


def is_additive(column: str) -> bool:
    """True when summing the column makes sense (not an average, a rate, a price...)."""
    return not _tokens(column) & _NOT_ADDITIVE


def format_value(value: Any, column: str = "") -> str:
    """A cell for people: thousands separators, `$` for money, `%` for percentages."""
    if value is None:
        return "—"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if _tokens(column) & _PERCENT:
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
        kind = next((_PERIOD_WORDS[t] for t in _tokens(column) if t in _PERIOD_WORDS), None)
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


def _is_period(table: Table, index: int) -> bool:
    present = [v for v in table.values(index) if v is not None]
    return bool(present) and all(period_key(v, table.columns[index]) for v in present)


def _is_numeric(table: Table, index: int) -> bool:
    present = [v for v in table.values(index) if v is not None]
    return bool(present) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present)


def shape(table: Table, hint: str = "") -> Shape | None:
    """How to read `table`: None unless it has rows, a label or period column and a numeric column.

    The measure is the first numeric column whose name appears in `hint` (a request), else the first one.
    """
    if not table.rows:
        return None
    periods = [i for i in range(len(table.columns)) if _is_period(table, i)]
    numeric = [i for i in range(len(table.columns)) if i not in periods and _is_numeric(table, i)]
    labels = [i for i in range(len(table.columns)) if i not in periods and i not in numeric]
    if not numeric or not (periods or labels):
        return None
    # A share column or a rank is about the measure, never the measure itself (unless it is all there is).
    shares = [i for i in numeric if is_share(table.columns[i])]
    measures = [i for i in numeric if i not in shares and table.columns[i].lower() != "rank"] or numeric
    hint_tokens = _tokens(hint)
    measure = next((i for i in measures if _tokens(table.columns[i]) & hint_tokens - {"total"}), measures[0])
    share = next((i for i in shares if i != measure), None)
    if periods:
        group = labels[0] if labels else None
        by = (periods[0],) if group is None else (periods[0], group)
        return Shape(label=periods[0], period=True, group=group, measure=measure, labels=by, share=share)
    return Shape(label=labels[0], period=False, group=None, measure=measure, labels=tuple(labels), share=share)


def is_share(column: str) -> bool:
    """True when the column holds a percentage share (`share_pct`, `pct_of_total`, `percent`)."""
    tokens = _tokens(column)
    return bool(tokens & {"share", "pct", "percent", "percentage"})


def short_period(period: str) -> str:
    """A period statement (`the last complete quarter, Q3 2026 (2026-07-01 to 2026-09-30)`) for a title: `Q3 2026`.

    The label after its last comma when it names one, else its dates; `to date` when it is partial.
    """
    text = " ".join(period.split())
    dates = re.search(r"\(([^()]*)\)\s*$", text)
    label = text[: dates.start()].strip() if dates else text
    partial = "partial" in text.lower()
    named = re.search(r"(Q[1-4] \d{4}|[A-Z][a-z]+ \d{4}|(?:19|20)\d\d)$", label)
    if "," in label:
        label = label.rsplit(",", 1)[1].strip()
    elif named and not label.lower().startswith(("since", "from", "before")):
        label = named[1]
    elif dates and not label.lower().startswith("since"):
        label = dates[1].split(",")[0].strip()  # "the last 6 complete months" says less than its dates
    if label.lower() == "all dates in the data":
        return "all dates"
    label = re.sub(r"^the\s+", "", label)
    return f"{label} to date" if partial and "date" not in label and not label.startswith("since") else label


def side_by_side(table: Table, s: Shape) -> tuple[Table, str] | None:
    """A table of one measure side by side (`online_revenue`, `retail_revenue`) as one row per value and side.

    Returns the long table, with a `series` column naming each side, and its subject (`Online vs retail
    revenue by month`); None when the numeric columns are not one measure split by a prefix.
    """
    cols = [
        i
        for i in range(len(table.columns))
        if i not in s.labels
        and table.columns[i].lower() != "rank"
        and not is_share(table.columns[i])
        and all(isinstance(r[i], int | float) and not isinstance(r[i], bool) for r in table.rows if r[i] is not None)
    ]
    if len(cols) < 2:
        return None
    parts = [table.columns[i].split("_") for i in cols]
    k = 0  # the longest common suffix, in words, that leaves every column a prefix of its own
    while all(len(p) > k + 1 for p in parts) and len({tuple(p[len(p) - k - 1 :]) for p in parts}) == 1:
        k += 1
    prefixes = [" ".join(p[: len(p) - k]) for p in parts]
    # "avg_price" beside "max_price" are two statistics of one measure, not two sides of it.
    stats = {"total", "avg", "average", "mean", "median", "min", "max", "net", "gross", "sum", "count"}
    if k == 0 or len(set(prefixes)) < len(prefixes) or any(set(p.split()) & stats for p in prefixes):
        return None
    measure = "_".join(parts[0][-k:])
    labels = list(s.labels)
    rows = tuple(
        (*(r[i] for i in labels), prefix, r[c]) for r in table.rows for c, prefix in zip(cols, prefixes, strict=True)
    )
    columns = (*(table.columns[i] for i in labels), "series", measure)
    long = Table(columns, rows, len(rows), "", truncated=table.partial)
    by = " and ".join(humanize(table.columns[i]).lower() for i in labels)
    text = f"{' vs '.join(prefixes)} {humanize(measure).lower()} by {by}"
    return long, text[:1].upper() + text[1:]


def subject(table: Table, hint: str = "") -> str:
    """What a table measures, by what: `Total revenue by category`; `Data` when it has no measure."""
    s = shape(table, hint)
    if s is None:
        return "Data"
    if (wide := side_by_side(table, s)) is not None:
        return wide[1]
    by = " and ".join(humanize(table.columns[i]).lower() for i in s.labels)
    return f"{humanize(table.columns[s.measure])} by {by}"


def default_title(table: Table, hint: str = "", period: str = "", scope: str = "") -> str:
    """A chart title naming measure and period: `Total revenue by category, Q3 2026`.

    A trend names the first and last periods it shows; otherwise `period` is the data step's statement of
    the period its query covered (left out when the step did not state one).
    """
    s = shape(table, hint)
    if s is None:
        return "Data"
    what = f"{subject(table, hint)} ({scope})" if scope.strip() else subject(table, hint)
    if s.period:
        keys = sorted(
            {r[s.label] for r in table.rows if r[s.label] is not None},
            key=lambda v: (period_key(v, table.columns[s.label]), str(v)),
        )
        span = f"{keys[0]} to {keys[-1]}" if len(keys) > 1 else str(keys[0])
        return f"{what}, {span}" + (" (last one to date)" if "partial" in period.lower() else "")
    return f"{what}, {short_period(period)}" if period.strip() else what


def render_chart(table: Table, path: Path, *, title: str, hint: str = "") -> Path | None:
    """Draw `table` to a PNG at `path` (a line chart over periods, else a bar chart); None if not chartable.

    CPU work and a file write: call it through `asyncio.to_thread`. It uses its own `Figure`, never pyplot,
    so concurrent renders share no state.
    """
    s = shape(table, hint)
    if s is None:
        return None
    if (wide := side_by_side(table, s)) is not None:  # every side drawn, not the first one alone
        table = wide[0]
        s = shape(table)
        assert s is not None
    figure = _line_chart(table, s, title) if s.period else _bar_chart(table, s, title)
    if figure is None:
        return None
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", dpi=110, metadata={"Software": None})
    return path


def _axis_formatter(column: str) -> FuncFormatter:
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _pos: format_value(round(value, 2), column))


def _bar_chart(table: Table, s: Shape, title: str) -> Figure | None:
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    ranked = sorted(
        (row for row in table.rows if row[s.measure] is not None), key=lambda r: r[s.measure], reverse=True
    )[:MAX_BARS]
    if not ranked:
        return None
    names = [_shorten(s.row_label(row)) for row in ranked]
    values = [float(row[s.measure]) for row in ranked]
    column = table.columns[s.measure]
    figure = Figure(figsize=(8, max(2.6, 0.42 * len(ranked) + 1.4)), layout="constrained")
    ax = figure.add_subplot()
    bars = ax.barh(range(len(ranked)), values, color="#3b6ea5")
    ax.set_yticks(range(len(ranked)), names)
    ax.invert_yaxis()  # largest on top
    ax.bar_label(bars, labels=[format_value(v, column) for v in values], padding=3, fontsize=8)
    low, high = min(0.0, *values), max(0.0, *values)
    ax.set_xlim(low * 1.2 if low < 0 else 0, high * 1.18 if high > 0 else 1)
    ax.xaxis.set_major_locator(MaxNLocator(5))
    ax.xaxis.set_major_formatter(_axis_formatter(column))
    ax.set_xlabel(humanize(column))
    ax.set_ylabel(" · ".join(humanize(table.columns[i]) for i in s.labels))
    _finish(ax, title, grid_axis="x")
    return figure


def _line_chart(table: Table, s: Shape, title: str) -> Figure | None:
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    period_col, column = table.columns[s.label], table.columns[s.measure]
    rows = [r for r in table.rows if r[s.measure] is not None and r[s.label] is not None]
    periods = sorted({r[s.label] for r in rows}, key=lambda v: (period_key(v, period_col), str(v)))
    if not periods:
        return None
    series: dict[str, dict[Any, float]] = {}
    for row in rows:
        name = "" if s.group is None else str(row[s.group])
        bucket = series.setdefault(name, {})
        bucket[row[s.label]] = bucket.get(row[s.label], 0.0) + float(row[s.measure])
    # Too many series make an unreadable chart: keep the largest ones.
    kept = sorted(series, key=lambda n: (-sum(series[n].values()), n))[:MAX_SERIES]
    figure = Figure(figsize=(8, 4.2), layout="constrained")
    ax = figure.add_subplot()
    positions = {p: i for i, p in enumerate(periods)}
    for name in kept:
        points = sorted((positions[p], v) for p, v in series[name].items())
        ax.plot([x for x, _ in points], [y for _, y in points], marker="o", linewidth=2, label=name or None)
    labels = [str(p) for p in periods]
    if all(_MONTH_START.match(label) for label in labels):
        labels = [label[:7] for label in labels]  # first-of-month dates read better as 2025-07
    ax.set_xticks(range(len(periods)), [_shorten(label, 16) for label in labels])
    if len(periods) > 6:
        ax.tick_params(axis="x", labelrotation=45)
    ax.yaxis.set_major_locator(MaxNLocator(6))
    ax.yaxis.set_major_formatter(_axis_formatter(column))
    ax.set_xlabel(humanize(period_col))
    ax.set_ylabel(humanize(column))
    if s.group is not None:
        ax.legend(
            title=humanize(table.columns[s.group]),
            loc="upper left",
            bbox_to_anchor=(1.01, 1),  # beside the plot, never over a line
            fontsize=8,
            title_fontsize=8,
            frameon=False,
        )
    _finish(ax, title, grid_axis="y")
    return figure


def _finish(ax: Any, title: str, *, grid_axis: str) -> None:
    ax.set_title(title, fontsize=12, fontweight="bold", loc="left")
    ax.grid(axis=grid_axis, alpha=0.3)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def markdown_table(table: Table, *, max_rows: int = 20, columns: Sequence[int] | None = None) -> str:
    """The first `max_rows` rows as a Markdown table, numbers right-aligned and formatted."""
    cols = list(columns) if columns is not None else list(range(len(table.columns)))
    numeric = {i for i in cols if _is_numeric(table, i)}
    head = "| " + " | ".join(_cell(humanize(table.columns[i])) for i in cols) + " |"
    rule = "| " + " | ".join("---:" if i in numeric else "---" for i in cols) + " |"
    body = [
        "| " + " | ".join(_cell(format_value(row[i], table.columns[i])) for i in cols) + " |"
        for row in table.rows[:max_rows]
    ]
    return "\n".join([head, rule, *body])


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")
