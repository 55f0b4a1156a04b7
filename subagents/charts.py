"""Reading a result table's shape (label, period, measure), titling it, and drawing it as a PNG chart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Tables and their formatting live in `tables`; they are re-exported here for the modules that read both.
from cognicore.subagents.tables import (
    Table,
    column_tokens,
    format_percent,
    format_value,
    humanize,
    is_additive,
    is_money,
    is_numeric_column,
    is_period_column,
    markdown_table,
    period_key,
    tabular,
)

if TYPE_CHECKING:  # matplotlib is imported when a chart is drawn: it costs half a second at start-up
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

__all__ = [
    "MAX_BARS",
    "MAX_SERIES",
    "Shape",
    "Table",
    "default_title",
    "format_percent",
    "format_value",
    "humanize",
    "is_additive",
    "is_money",
    "is_share",
    "markdown_table",
    "period_key",
    "render_chart",
    "shape",
    "short_period",
    "side_by_side",
    "subject",
    "tabular",
]

MAX_BARS = 15
MAX_SERIES = 8

_MONTH_START = re.compile(r"^\d{4}-\d{2}-01(?:[T ]00:00(?::00)?(?:[+-]\d{2}:?\d{2}|Z)?)?$")


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


def shape(table: Table, hint: str = "") -> Shape | None:
    """How to read `table`: None unless it has rows, a label or period column and a numeric column.

    The measure is the first numeric column whose name appears in `hint` (a request), else the first one.
    """
    if not table.rows:
        return None
    periods = [i for i in range(len(table.columns)) if is_period_column(table, i)]
    numeric = [i for i in range(len(table.columns)) if i not in periods and is_numeric_column(table, i)]
    labels = [i for i in range(len(table.columns)) if i not in periods and i not in numeric]
    if not numeric or not (periods or labels):
        return None
    # A share column or a rank is about the measure, never the measure itself (unless it is all there is).
    shares = [i for i in numeric if is_share(table.columns[i])]
    measures = [i for i in numeric if i not in shares and table.columns[i].lower() != "rank"] or numeric
    hint_tokens = column_tokens(hint)
    measure = next((i for i in measures if column_tokens(table.columns[i]) & hint_tokens - {"total"}), measures[0])
    share = next((i for i in shares if i != measure), None)
    if periods:
        group = labels[0] if labels else None
        by = (periods[0],) if group is None else (periods[0], group)
        return Shape(label=periods[0], period=True, group=group, measure=measure, labels=by, share=share)
    return Shape(label=labels[0], period=False, group=None, measure=measure, labels=tuple(labels), share=share)


def is_share(column: str) -> bool:
    """True when the column holds a percentage share (`share_pct`, `pct_of_total`, `percent`)."""
    tokens = column_tokens(column)
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
