"""Exact figures from a result table, phrased as report findings: a ranking, or a trend over periods.

Used by the offline `write_report` role and, as `computed_findings`, by the LLM-backed one, so numbers in a
report are always computed here and never by a model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

from cognicore.subagents.charts import (
    Shape,
    Table,
    format_percent,
    format_value,
    humanize,
    is_additive,
    period_key,
    shape,
    side_by_side,
)
from cognicore.subagents.report_contribution import and_list, contribution_headline

__all__ = [
    "Analysis",
    "analyse",
    "contribution_headline",
    "one_period_headline",
    "plural",
    "report_style",
    "rows_asked",
    "tie_at_the_top",
]

Style = Literal["brief", "standard", "detailed"]


def report_style(text: str) -> Style:
    """`brief` for briefings and short summaries, `detailed` for in-depth reports, else `standard`."""
    lowered = text.lower()
    if re.search(r"\b(brief|briefing|short|concise|quick|one[- ]pager?|tl;?dr|executive summary|recap)\b", lowered):
        return "brief"
    if re.search(r"\b(detailed|in[- ]depth|comprehensive|thorough|full report|deep[- ]dive)\b", lowered):
        return "detailed"
    return "standard"


_NUMBER_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}
_RANK_WORDS = r"top|best|leading|largest|biggest|highest|bottom|worst|lowest|smallest|weakest"
_RANK_RE = re.compile(
    rf"\b(?:({_RANK_WORDS})\s+(\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})\b|"
    rf"(\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})\s+({_RANK_WORDS})\b)"
)


def rows_asked(text: str) -> tuple[int | None, bool]:
    """How many ranked rows the text asks for ("top 5", "three lowest") and whether from the bottom."""
    m = _RANK_RE.search(text.lower())
    if not m:
        return None, False
    word, count = (m[1], m[2]) if m[1] else (m[4], m[3])
    n = int(count) if count.isdigit() else _NUMBER_WORDS[count]
    return (n or None), word in ("bottom", "worst", "lowest", "smallest", "weakest")


@dataclass(frozen=True, slots=True)
class Analysis:
    """Figures computed from one table: findings and recommendations in the table's own numbers."""

    subject: str  # what is measured, by what: "Revenue by category"
    findings: list[str]
    recommendations: list[str]
    headline: list[str]  # the one or two findings worth the summary
    titled: bool = True  # the subject can serve as the report's title
    notes: tuple[str, ...] = ()
    span: str = ""  # a trend's first to last period, as shown in the data


def analyse(
    table: Table,
    *,
    hint: str,
    style: Style,
    asked: int | None = None,
    bottom: bool = False,
    period: str | None = None,
) -> Analysis:
    """Exact figures from `table`: a ranking, or a trend when its label column is a time period.

    `period` is the data step's statement of the period its query covered (None when it stated none).
    """
    s = shape(table, hint)
    if s is None:
        return _describe_plain(table)
    if (wide := side_by_side(table, s)) is not None:
        long, subject = wide
        a = analyse(long, hint="", style=style, asked=asked, bottom=bottom, period=period)
        return replace(a, subject=subject)
    if s.period:
        return _trend(table, s, style, asked, bottom, period)
    return _ranking(table, s, style, asked, bottom)


def _describe_plain(table: Table) -> Analysis:
    cols = ", ".join(humanize(c) for c in table.columns)
    if not table.rows:
        empty = ["The query returned no rows."]
        return Analysis("A query that returned no rows", empty, [], empty, titled=False)
    if len(table.rows) == 1 and all(isinstance(v, int | float) for v in table.rows[0]):
        facts = [f"{humanize(c)}: {format_value(v, c)}." for c, v in zip(table.columns, table.rows[0], strict=True)]
        return Analysis(_cap(" and ".join(humanize(c).lower() for c in table.columns)), facts, [], facts[:2])
    note = f"{len(table.rows)} rows with columns {cols}; no numeric measure to rank."
    return Analysis(f"{len(table.rows)} rows without a numeric measure", [note], [], [note], titled=False)


def _ranking(table: Table, s: Shape, style: Style, asked: int | None, bottom: bool) -> Analysis:
    col = table.columns[s.measure]
    measure = humanize(col).lower()
    what = " and ".join(humanize(table.columns[i]).lower() for i in s.labels)
    rows = sorted((r for r in table.rows if r[s.measure] is not None), key=lambda r: -r[s.measure])
    names = [s.row_label(r) for r in rows]
    values = [float(r[s.measure]) for r in rows]
    n_rows = len(rows)
    whats = _plural(what) if len(s.labels) == 1 else "rows"
    # Shares are of the true total: a share column the query computed over every row, or the sum of the rows
    # when they are all the rows. A share of the rows shown is only ever written as such, never as "of the total".
    additive = is_additive(col) and min(values) >= 0 and n_rows > 1 and sum(values) > 0
    queried = [r[s.share] for r in rows] if s.share is not None else None
    total = sum(values) if additive and not table.partial else None
    shown = sum(values) if additive and table.partial else None

    def fmt(v: float) -> str:
        return format_value(v, col)

    def pct(i: int) -> str:
        if queried is not None:
            return format_percent(float(queried[i])) if queried[i] is not None else ""
        return format_percent(100 * values[i] / total) if total else ""

    def share(i: int) -> str:
        return f" ({pct(i)})" if pct(i) else ""

    basis = ""
    if queried is not None and pct(0):
        # The query computed it over every row before any top-N cut; with several label columns (a top N per
        # region) it is of the row's own group, not of the grand total.
        basis = f"{pct(0)} of the total" if len(s.labels) == 1 else f"{pct(0)} of its group's total"
    elif total:
        basis = f"{pct(0)} of the {fmt(total)} total across {n_rows} {whats}"
    elif shown:
        part = format_percent(100 * values[0] / shown)
        basis = f"{part} of the {fmt(shown)} across the {n_rows} rows shown (not of the overall total)"
    tied = sum(v == values[0] for v in values)
    if tied > 1:  # a tie has no leader: naming one would be an artefact of the row order
        who = and_list(names[:tied]) if tied <= 4 else f"{tied} {whats}"
        findings = [
            f"{who} tie for the lead in {measure} with {fmt(values[0])} each"
            + (f", {basis.replace(' of the', ' each of the', 1)}." if basis else ".")
        ]
    else:
        # One row (a filtered share) leads nothing.
        head = f"{names[0]} leads {measure} with" if n_rows > 1 else f"{names[0]}: {measure}"
        findings = [f"{head} {fmt(values[0])}" + (f", {basis}." if basis else ".")]
        if n_rows > 1:
            gap = values[0] - values[1]
            rel = f" ({format_percent(100 * gap / values[1])})" if values[1] > 0 else ""
            findings.append(f"{names[0]} is {fmt(gap)}{rel} ahead of {names[1]}, second with {fmt(values[1])}.")
    n = min(asked or {"brief": 3, "standard": 5, "detailed": 10}[style], n_rows)
    order = list(range(n_rows))[::-1] if bottom else list(range(n_rows))
    picked = [(i + 1, i) for i in order[:n]]
    if style == "detailed":
        findings += [f"#{rank} {names[i]}: {fmt(values[i])}{share(i)}." for rank, i in picked]
    elif (n > 2 or asked) and tied < n_rows:  # a list of equal rows says nothing the tie did not
        ranked = "; ".join(f"#{rank} {names[i]} {fmt(values[i])}{share(i)}" for rank, i in picked)
        findings.append(f"{'Bottom' if bottom else 'Top'} {n} by {measure}: {ranked}.")
    if n_rows > 2 and not table.partial and not bottom and n < n_rows and values[-1] < values[-2]:
        findings.append(f"{names[-1]} is last with {fmt(values[-1])}{share(n_rows - 1)}.")
    if total and style != "brief":
        findings.append(f"{_total_of(measure)} across {n_rows} {whats}: {fmt(total)}.")
    notes: tuple[str, ...] = ()
    # A caveat, not a finding: notes are never cut to fit a briefing.
    if table.row_count > len(table.rows):
        notes = (f"Only {len(table.rows)} of {table.row_count} rows were returned, so sums of them are partial.",)
    elif table.partial:
        notes = (f"The query returned {len(table.rows)} selected rows, not all of them: sums of them are partial.",)

    recs: list[str] = []
    # Only a real gap is worth watching or reviewing: rows tied with their neighbour were said to tie above.
    if n_rows > 1 and values[1] > 0 and 0 < values[0] - values[1] < 0.1 * values[1]:
        recs.append(f"Watch {names[1]}: it is {fmt(values[0] - values[1])} behind {names[0]}.")
    if n_rows > 2 and not table.partial and values[-1] < values[-2]:
        last = fmt(values[-1]) + (f", {pct(n_rows - 1)}" if pct(n_rows - 1) else "")
        recs.append(f"Review {names[-1]}, the smallest by {measure} ({last}).")
    return Analysis(_cap(f"{measure} by {what}"), findings, recs, findings[:2], notes=notes)


def tie_at_the_top(table: Table) -> str:
    """ "A and B tie with $500 each (revenue)." when a ranked table's first rows share its measure; else "".

    A top N cut by rank keeps every tied row, and the answer must say so rather than let the row order pick one.
    """
    s = shape(table)
    if s is None or s.period or len(table.rows) < 2:
        return ""
    values = [r[s.measure] for r in table.rows]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return ""
    if values[0] not in (max(values), min(values)):  # not ordered by the measure: no ranking to speak of
        return ""
    tied = next((i for i, v in enumerate(values) if v != values[0]), len(values))
    if tied < 2:
        return ""
    col = table.columns[s.measure]
    who = and_list([s.row_label(r) for r in table.rows[:tied]]) if tied <= 4 else f"{tied} rows"
    return f"{who} tie with {format_value(values[0], col)} each ({humanize(col).lower()})."


def one_period_headline(table: Table) -> str:
    """ "November 2025: revenue $257,530." for a one-row answer whose label is a month bucket ("2025-11").

    The best month, the busiest one: a manager reads the month's name, not its sortable code.
    """
    s = shape(table)
    if s is None or not s.period or len(table.rows) != 1:
        return ""
    row = table.rows[0]
    label, value = row[s.label], row[s.measure]
    key = period_key(label, table.columns[s.label])
    if key is None or not isinstance(label, str) or not re.fullmatch(r"\d{4}-\d{2}", label.strip()):
        return ""
    col = table.columns[s.measure]
    return f"{_MONTH_NAMES[key[1] - 1]} {key[0]}: {humanize(col).lower()} {format_value(value, col)}."


_MONTH_NAMES = "January February March April May June July August September October November December".split()


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _plural(noun: str) -> str:
    if noun.endswith("series"):
        return noun
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def plural(count: int, noun: str) -> str:
    """`1 text input`, `2 text inputs`."""
    return f"{count} {noun if count == 1 else _plural(noun)}"


def _total_of(measure: str) -> str:
    return measure[:1].upper() + measure[1:] if measure.startswith("total ") else f"Total {measure}"


def _trend(table: Table, s: Shape, style: Style, asked: int | None, bottom: bool, period: str | None) -> Analysis:
    col, period_col = table.columns[s.measure], table.columns[s.label]
    measure = humanize(col).lower()
    rows = [r for r in table.rows if r[s.measure] is not None and r[s.label] is not None]
    periods = sorted({r[s.label] for r in rows}, key=lambda v: (period_key(v, period_col), str(v)))
    findings: list[str] = []
    recs: list[str] = []
    # Top N per period is not every series: their sum is no total, so only the series themselves are compared.
    if s.group is None or (is_additive(col) and not table.partial):
        per: dict[Any, float] = dict.fromkeys(periods, 0.0)
        for r in rows:
            per[r[s.label]] += float(r[s.measure])
        who = measure if s.group is None else f"all {_plural(humanize(table.columns[s.group]).lower())} together"
        findings += _series_facts(who, periods, per, col, style, recs)
        if is_additive(col) and style != "brief" and len(periods) > 1:
            total = format_value(sum(per.values()), col)
            findings.append(f"{_total_of(measure)} over the {len(periods)} periods: {total}.")
    if s.group is not None:
        series: dict[str, dict[Any, float]] = {}
        for r in rows:
            series.setdefault(str(r[s.group]), {})[r[s.label]] = float(r[s.measure])
        shares = (
            {str(r[s.group]): r[s.share] for r in rows if r[s.label] == periods[-1]} if s.share is not None else None
        )
        findings += _latest_leaders(series, periods[-1], col, style, asked, bottom, shares, table.partial)
        findings += _growth_per_series(series, periods, col, style, recs)
    subject = _cap(f"{measure} by {humanize(period_col).lower()}")
    if s.group is not None:
        subject += f" and {humanize(table.columns[s.group]).lower()}"
    span = f"{periods[0]} to {periods[-1]}" if len(periods) > 1 else str(periods[0])
    notes: tuple[str, ...] = ()
    if len(periods) > 1 and period is None:
        # Nothing says whether the last period is over: the reader must know what comparisons assume.
        notes = (f"Comparisons with {periods[-1]} assume that period is complete; if not, its figures are partial.",)
    elif len(periods) > 1 and period is not None and "partial" in period.lower():
        notes = (f"{periods[-1]} is partial (to date), so comparisons with it are not like for like.",)
    return Analysis(subject, findings, recs, findings[:2], notes=notes, span=span)


def _latest_leaders(
    series: dict[str, dict[Any, float]],
    last: Any,
    col: str,
    style: Style,
    asked: int | None,
    bottom: bool,
    shares: dict[str, Any] | None,
    partial: bool,
) -> list[str]:
    """Who leads the latest period, and its share of that period's true total when one is known."""
    ranked = sorted(((g, v[last]) for g, v in series.items() if last in v), key=lambda gv: (-gv[1], gv[0]))
    if not ranked:
        return []
    name, value = ranked[0]
    period_total = sum(v for _, v in ranked)
    share = ""
    if shares is not None and shares.get(name) is not None:
        share = f", {format_percent(float(shares[name]))} of that period's total"
    elif is_additive(col) and period_total > 0 and not partial:
        pct = format_percent(100 * value / period_total)
        share = f", {pct} of that period's {format_value(period_total, col)}"
    facts = [f"In {last}, {name} leads with {format_value(value, col)}{share}."]
    n = min(asked or (len(ranked) if style == "detailed" else 0), len(ranked))
    if n > 1:
        listed = ranked[::-1][:n] if bottom else ranked[:n]
        text = "; ".join(f"{g} {format_value(v, col)}" for g, v in listed)
        facts.append(f"{'Bottom' if bottom else 'Top'} {n} in {last}: {text}.")
    return facts


def _growth_per_series(
    series: dict[str, dict[Any, float]], periods: list[Any], col: str, style: Style, recs: list[str]
) -> list[str]:
    """The series that grew most and least from the first period to the last."""
    first, last = periods[0], periods[-1]
    if first == last:
        return []
    growth = sorted(
        (
            (100 * (v[last] - v[first]) / v[first], g, v[first], v[last])
            for g, v in series.items()
            if first in v and last in v and v[first] > 0
        ),
        key=lambda x: (-x[0], x[1]),
    )
    if not growth:
        return []
    pct, g, a, b = growth[0]
    best = "Fastest growth" if pct > 0 else "Smallest decline" if pct < 0 else "Best change"
    fmt_a, fmt_b = format_value(a, col), format_value(b, col)
    facts = [f"{best}: {g}, {pct:+.1f}% from {first} to {last} ({fmt_a} to {fmt_b})."]
    worst_pct, worst, wa, wb = growth[-1]
    if worst_pct < pct and style != "brief":
        facts.append(
            f"Weakest: {worst}, {worst_pct:+.1f}% over the same periods "
            f"({format_value(wa, col)} to {format_value(wb, col)})."
        )
        if worst_pct < 0:
            recs.append(f"Investigate the decline of {worst} ({worst_pct:+.1f}%).")
    return facts


def _series_facts(
    who: str, periods: list[Any], per: dict[Any, float], col: str, style: Style, recs: list[str]
) -> list[str]:
    """First to last period, the latest change and the peak of one series (or of all series summed)."""
    measure = humanize(col).lower()

    def fmt(v: float) -> str:
        return format_value(v, col)

    first, last = periods[0], periods[-1]
    who = who[:1].upper() + who[1:]
    if len(periods) == 1:
        return [f"{who}: {fmt(per[last])} in {last}."]
    change = f" ({100 * (per[last] - per[first]) / per[first]:+.1f}%)" if per[first] > 0 else ""
    facts = [f"{who} went from {fmt(per[first])} in {first} to {fmt(per[last])} in {last}{change}."]
    prev = periods[-2]
    if len(periods) > 2 and per[prev] > 0:
        step = 100 * (per[last] - per[prev]) / per[prev]
        facts.append(f"Latest period {last}: {fmt(per[last])}, {step:+.1f}% vs {prev} ({fmt(per[prev])}).")
        if step < 0:
            recs.append(f"Investigate the {step:+.1f}% change in {measure} from {prev} to {last}.")
    peak = max(periods, key=lambda p: (per[p], str(p)))
    if peak != last and style != "brief":
        facts.append(f"Peak: {peak} with {fmt(per[peak])}.")
    return facts
