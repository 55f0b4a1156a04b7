"""What a mapped request is: the measures it asks for and the `Mapping` of a request onto a catalogue.

Also the request's text as the mapper's rules read it (`Text`: claimed words are blanked, positions kept) and
the constructors of the measures the rules place (a named measure, an aggregate of a column, a count of rows).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon, Target, singular
from cognicore.subagents.offline_sql.messages import dim_label
from cognicore.subagents.offline_sql.periods import Period
from cognicore.subagents.offline_sql.search import Search
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure


@dataclass(frozen=True, slots=True)
class Measure:
    """The figure asked for: a named measure, an aggregate of a numeric column, or a count of an entity."""

    name: str  # the result column's name
    label: str  # for the explanation
    named: NamedMeasure | None = None
    column: Column | None = None
    aggregate: str = "sum"  # sum | avg | median | min | max | count
    table: Table | None = None  # counted entity
    age: bool = False  # time from the date column to now, in days

    @property
    def ratio(self) -> bool:
        """Not additive: a share of it means nothing."""
        return self.aggregate in ("avg", "median", "min", "max") or bool(self.named and self.named.ratio)


@dataclass
class Mapping:
    """What a request asks of the data, with how sure the reading is and what it could not place."""

    measures: list[Measure] = field(default_factory=list)
    dimensions: list[Column | str] = field(default_factory=list)  # a text column, or a time unit
    filters: dict[str, list[str]] = field(default_factory=dict)  # column ref -> values
    excluded: dict[str, list[str]] = field(default_factory=dict)  # column ref -> values it must not have
    set_aside: list[str] = field(default_factory=list)  # excluded refs said with "excluding", "apart from", ...
    missing: list[str] = field(default_factory=list)  # column refs that must be empty ("unassigned" tickets)
    present: list[str] = field(default_factory=list)  # column refs that must not be empty ("assigned" tickets)
    nonzero: dict[str, bool] = field(default_factory=dict)  # rate column ref -> above zero ("discounted") or zero
    rates: dict[str, str] = field(default_factory=dict)  # rate column ref -> the value it equals ("a 20% discount")
    row_conditions: list[tuple[str, str, float]] = field(default_factory=list)  # (ref, op, value) on each row
    period: Period | None = None
    top_n: int | None = None
    nth: bool = False  # top_n is the one place asked ("the second best"), not a cut
    part_negated: bool = False  # the share's part is rows without a value, of the rows the filters keep
    top_percent: bool = False  # top_n is a percent of the groups ranked ("the top 20% of products by revenue")
    ascending: bool = False
    ranked: Column | str | None = None
    share: bool = False
    share_within: list[str] = field(default_factory=list)  # filter refs whose rows are the share of each group
    all_groups: list[str] = field(default_factory=list)  # filter refs counted per group, a group with none at 0
    looked_up: bool = False  # one row named by its key, and columns of it asked ("who's INC-1012 assigned to")
    compare: Column | None = None
    difference: bool = False  # the two compared values' difference is shown beside them ("and by how much")
    date_column: Column | None = None  # named by the request ("opened", "launched"); else the builder picks
    compared_periods: list[Period] = field(default_factory=list)  # several periods of one unit, side by side
    weekdays: list[int] = field(default_factory=list)  # ISO days of the week the date must fall on ("on Mondays")
    hours: tuple[str | None, str | None] | None = None  # times of the day ("after 6pm": from 18:00), as HH:MM
    zero_rows: bool = False  # the groups with no row matching the filters ("components with no open tickets")
    of_groups: str | None = None  # "avg" / "median" of the per-group figures ("average tickets per assignee")
    search: Search | None = None  # a phrase the rows' text must hold ("tickets mentioning access denied")
    searched: list[Column] = field(default_factory=list)  # the text columns it is looked for in
    growth: bool = False  # the change from each period to the next is asked for
    attribution: bool = False  # "why did it change": each group's contribution to the change (attribution.py)
    recent_change: str | None = None  # a change with no period named: the last complete unit vs the one before
    having: tuple[str, float] | None = None  # a condition on each group's figure ("with more than 2 tickets": > 2)
    groups_counted: bool = False  # the groups passing `having` are counted ("how many X have at least N Y")
    notes: list[str] = field(default_factory=list)
    not_understood: list[str] = field(default_factory=list)
    confidence: float = 1.0

    @property
    def specific(self) -> bool:
        """True when the request says more than a measure (it needs no help from its context)."""
        chosen = self.filters or self.missing or self.present or self.weekdays or self.search
        return bool(self.dimensions or self.period or chosen or self.top_n)


class Text:
    """The normalised request; claimed phrases are blanked out, positions kept."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.read = text  # as it was before any word was claimed (same positions)

    def take(self, pattern: str) -> re.Match[str] | None:
        """Claim the first match of `pattern`: blank it out so no later rule reads it again."""
        m = re.search(pattern, self.s)
        if m:
            self.s = self.s[: m.start()] + " " * (m.end() - m.start()) + self.s[m.end() :]
        return m

    def find(self, pattern: str) -> re.Match[str] | None:
        """The first match of `pattern` among the words not yet claimed, claiming nothing."""
        return re.search(pattern, self.s)

    def before(self, pos: int) -> str:
        """The unclaimed text before `pos`, spaces collapsed (what a word follows)."""
        return re.sub(r"\s+", " ", self.s[:pos]).rstrip()


def row_name(table: Table) -> Column | None:
    """What names one row of `table` in a grouping: a unique label, else the primary key, else any label."""
    label = table.label
    return (label if label is not None and label.unique else None) or table.primary_key or label


def average_per(measure: Measure, table: Table) -> Measure:
    """ "average revenue per order": the measure divided by the number of distinct rows of `table`."""
    named = measure.named
    assert named is not None
    key = table.primary_key or table.label
    counted = f"count(DISTINCT {{{key.ref}}})" if key else "count(*)"
    sql = f"round(({named.sql})::numeric / nullif({counted}, 0), 2)"  # units are integers: no integer division
    label = f"average {measure.label} per {singular(table.name).replace('_', ' ')}"
    name = f"avg_{measure.name}_per_{singular(table.name)}"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label, ratio=True))


def template(m: Measure) -> str | None:
    """The measure's aggregate over `{schema.table.column}` references (as a named measure writes it), or None
    for one that has none (an age)."""
    if m.named is not None:
        return m.named.sql
    if m.column is not None and m.aggregate in ("sum", "avg", "min", "max"):
        return f"{m.aggregate}({{{m.column.ref}}})"
    if m.table is not None and not m.age:
        key = m.table.primary_key
        return f"count(DISTINCT {{{key.ref}}})" if key else "count(*)"
    return None


def ratio_of(numerator: Measure, denominator: Measure) -> Measure | None:
    """ "revenue per unit", "margin per order line": one measure divided by the other over the same rows (not the
    average of a per-row ratio); None when either has no aggregate to divide."""
    top, bottom = template(numerator), template(denominator)
    if top is None or bottom is None:
        return None
    sql = f"round(({top})::numeric / nullif({bottom}, 0), 2)"
    name = f"{numerator.name}_per_{singular(denominator.name)}"
    label = f"{numerator.label} per {denominator.label}"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label, ratio=True))


def measure_of(target: Target, aggregate: str | None) -> Measure:
    """The measure a phrase names: its named measure, else an aggregate (a sum unless said) of its column."""
    if target.measure is not None:
        m = target.measure
        return Measure(m.name, m.label or m.name.replace("_", " "), named=m)
    col = target.column
    assert col is not None
    agg = aggregate or "sum"
    words = {"sum": "total", "avg": "average", "median": "median"}[agg]
    return Measure(
        col.name if agg == "sum" else f"{agg}_{col.name}",
        f"{words} {col.name.replace('_', ' ')} ({col.ref})",
        column=col,
        aggregate=agg,
    )


def count_distinct(column: Column) -> Measure:
    """The number of different values of a column (empty ones not counted)."""
    name = f"distinct_{column.name}s"
    label = f"number of different {dim_label(column)} values ({column.ref})"
    sql = f"count(DISTINCT {{{column.ref}}})"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label, ratio=True))


def count_of(table: Table) -> Measure:
    """The number of rows of `table`."""
    name = table.name
    return Measure(name, f"number of {name.replace('_', ' ')} ({table.ref})", aggregate="count", table=table)


def default_measure(lex: Lexicon) -> Measure | None:
    """The domain's main measure, used when a request names none (else a count of the only table's rows)."""
    wanted = lex.vocabulary.default_measure
    for m in lex.vocabulary.measures:
        if m.name == wanted:
            return Measure(m.name, m.label or m.name, named=m)
    if len(lex.catalogue.tables) == 1:  # one table: its rows are the only thing to count
        return count_of(lex.catalogue.tables[0])
    return None
