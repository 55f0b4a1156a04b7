"""The pieces of SQL the builder puts together: identifiers, literals, the joined tables and their aliases,
the aggregate of each measure, and the names of result columns.
"""

from __future__ import annotations

import re

import sqlglot
from sqlglot import exp

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.catalogue import Catalogue, Column
from cognicore.subagents.offline_sql.lexicon import dimension_name
from cognicore.subagents.offline_sql.mapping import Mapping, Measure
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure

_RESERVED = frozenset(
    "all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create "
    "current_catalog current_date current_role current_time current_timestamp current_user default deferrable "
    "desc distinct do else end except false fetch for foreign from grant group having in initially intersect "
    "into lateral leading limit localtime localtimestamp not null offset on only or order placing primary "
    "references returning select session_user some symmetric table then to trailing true union unique user "
    "using variadic when where window with".split()
)


def ident(name: str) -> str:
    """`name` as an SQL identifier, quoted only when it must be."""
    if re.fullmatch(r"[a-z_][a-z0-9_]*", name) and name not in _RESERVED:
        return name
    return '"' + name.replace('"', '""') + '"'


def literal(value: str) -> str:
    """`value` as a quoted SQL string."""
    return exp.Literal.string(value).sql(dialect="postgres")


class Query:
    """The tables a query reads, joined from one base table, each with its alias."""

    def __init__(self, catalogue: Catalogue, needed: list[str], prefer: str | None) -> None:
        base = catalogue.base_for(needed, prefer)
        if base is None:
            raise Unsure(
                "The tables this request needs (" + ", ".join(needed) + ") are not linked by foreign keys in a way "
                "that keeps every figure true, so no single query answers it offline; ask about fewer things at once."
            )
        self.catalogue, self.base = catalogue, base
        self.alias = {base: ident(catalogue.table(base).name)}
        self.joins: list[str] = []
        for table in needed:
            self.reach(table)

    def reach(self, table: str) -> str:
        """The alias of `table`, joining it (and the tables on the way) when not yet joined."""
        for j in self.catalogue.path(self.base, table) or []:
            if j.parent in self.alias:
                continue
            name = ident(self.catalogue.table(j.parent).name)
            alias = name if name not in self.alias.values() else ident(f"{name.strip(chr(34))}_{len(self.alias)}")
            self.alias[j.parent] = alias
            self.joins.append(
                f"JOIN {_qualified(j.parent)} AS {alias} ON {alias}.{ident(j.ref_column)} = "
                f"{self.alias[j.child]}.{ident(j.column)}"
            )
        return self.alias[table]

    def col(self, column: Column) -> str:
        """`column` as `alias.name`, joining its table when needed."""
        return f"{self.reach(column.table)}.{ident(column.name)}"

    def from_clause(self) -> str:
        """The FROM clause: the base table and its joins."""
        return "\n".join([f"FROM {_qualified(self.base)} AS {self.alias[self.base]}", *self.joins])


def _qualified(ref: str) -> str:
    return ".".join(ident(p) for p in ref.split(".", 1))


def tables_of(m: Measure) -> list[str]:
    """The tables a measure reads."""
    if m.named is not None:
        return [c.rsplit(".", 1)[0] for c in m.named.columns]
    if m.column is not None:
        return [m.column.table]
    return [m.table.ref] if m.table else []


def date_column(catalogue: Catalogue, base: str) -> Column | None:
    """The date column periods and trends use: on the base table, else the nearest event-like table's."""
    best: tuple[int, int, int, str, Column] | None = None
    for t in catalogue.tables:
        path = catalogue.path(base, t.ref)
        if path is None:
            continue
        for c in t.columns:
            if c.kind == "date":
                rank = (len(path), 1 if t.label else 0, -t.approx_rows, c.ref, c)
                if best is None or rank[:4] < best[:4]:
                    best = rank
    return best[4] if best else None


def days_sql(interval: str) -> str:
    """The days an interval expression spans, as a fraction: the one formula of ages and of durations."""
    return f"extract(epoch FROM ({interval})) / 86400"


def measure_sql(m: Measure, query: Query, date_col: Column | None = None, now: str = "") -> str:
    """The aggregate expression of one measure over the query's aliases."""
    if m.age:
        if date_col is None:
            raise Unsure("The request asks for an age, but the tables it reads have no date column.")
        age = days_sql(f"TIMESTAMPTZ '{now}' - {query.col(date_col)}")
        if m.aggregate == "median":
            return f"round((percentile_cont(0.5) WITHIN GROUP (ORDER BY {age}))::numeric, 1)"
        return f"round({m.aggregate}({age})::numeric, 1)"
    if m.named is not None:
        return m.named.render({t: query.reach(t) for t in tables_of(m)})
    if m.column is not None:
        c = query.col(m.column)
        if m.aggregate == "median":
            return _rounded(f"(percentile_cont(0.5) WITHIN GROUP (ORDER BY {c}))::numeric")
        return _rounded(f"{m.aggregate}({c})::numeric")
    assert m.table is not None
    if m.table.ref == query.base:
        return "count(*)"
    key = m.table.primary_key
    return f"count(DISTINCT {query.col(key)})" if key else "count(*)"


def rate_base(column: Column, catalogue: Catalogue) -> list[Column]:
    """The columns whose product a fraction column applies to, from a sibling column's comment stating a formula
    "a * b * (1 - column)" (a net amount from a gross one); none when no comment of its table says so."""
    named = {c.name: c for c in catalogue.table(column.table).columns}
    for sibling in named.values():
        said = re.search(rf"((?:\b[a-z_]\w*\s*\*\s*)+)\(\s*1\s*-\s*{re.escape(column.name)}\s*\)", sibling.comment)
        parts = [p.strip() for p in said.group(1).split("*") if p.strip()] if said else []
        if parts and all(p in named and named[p].kind == "numeric" for p in parts):
            return [named[p] for p in parts]
    return []


def weighted_rate(m: Measure, catalogue: Catalogue) -> Measure:
    """ "the average discount" weighted by the amounts it applies to, in percent (10 % off $1,000 weighs more than
    10 % off $10); any other measure as it is."""
    base = rate_base(m.column, catalogue) if m.column is not None and m.named is None and m.aggregate == "avg" else []
    if m.column is None or not base:
        return m
    amount = " * ".join(f"{{{c.ref}}}" for c in base)
    sql = f"round(100.0 * sum({amount} * {{{m.column.ref}}}) / nullif(sum({amount}), 0), 2)"
    label = (
        f"average {m.column.name} in % ({m.column.ref}, weighted by {' * '.join(c.name for c in base)}, "
        "the amount it applies to)"
    )
    name = f"avg_{m.column.name}_pct"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label, ratio=True))


def rate_amount(m: Measure, catalogue: Catalogue) -> Measure | None:
    """ "the total discount in 2025", "how much did we give away in discounts": a sum of a fraction column is the
    amount it took off (the amounts it applies to times it, by a sibling column's formula); None without one."""
    base = rate_base(m.column, catalogue) if m.column is not None else []
    if m.column is None or not base:
        return None
    amount = " * ".join(f"{{{c.ref}}}" for c in base)
    sql = f"round(sum({amount} * {{{m.column.ref}}}), 2)"
    label = f"{m.column.name} amount ({' * '.join(c.name for c in base)} * {m.column.name}, the amount taken off)"
    name = f"{m.column.name}_amount"
    return Measure(name, label, named=NamedMeasure(name, sql, (), label))


def any_kept(kept: list[str]) -> str:
    """A column of the grouped rows: how many rows of all the groups meet `kept` ("the least revenue from the Vista
    AR Glasses in 2024" with none sold then is no ranking of groups that all have 0, review15 data #3)."""
    return f",\n  sum(count(*) FILTER (WHERE {' AND '.join(kept)})) OVER () AS kept_rows"


def gap_of_compared(expr: str, compared: int) -> str:
    """The larger figure minus the smaller over the rows returned; when fewer rows than the `compared` values came
    back ("how many more open tickets has ana than chloe", chloe with none), the missing value's figure is 0."""
    gap = f"max({expr}) OVER () - min({expr}) OVER ()"
    if compared < 2:
        return f"{gap} AS difference"
    missing = f"greatest(max({expr}) OVER (), 0) - least(min({expr}) OVER (), 0)"
    return f"CASE WHEN count(*) OVER () < {compared} THEN {missing} ELSE {gap} END AS difference"


def _rounded(expr: str) -> str:
    """`expr` rounded to cents, or to four places below 1: an average discount of 0.042 is no 0.04 (rounded to
    two places, four categories' averages tied and the ranking picked all of them)."""
    return f"round({expr}, CASE WHEN abs({expr}) < 1 THEN 4 ELSE 2 END)"


def aliased_exprs(select: list[str], names: list[str]) -> list[str]:
    """The expressions behind the select-list aliases `names` (a window cannot use output aliases)."""
    out = []
    for item in select:
        expr, _, alias = item.rpartition(" AS ")
        if alias in names:
            out.append(expr)
    return out


def filtered(expr: str, condition: str, zero: bool = False) -> str:
    """`expr` with every aggregate restricted to rows meeting `condition` (one column per compared value); with
    `zero`, a group with no such row has 0, not NULL ("who has the fewest open tickets": every group is ranked)."""
    tree = sqlglot.parse_one(expr, read="postgres")
    cond = sqlglot.parse_one(condition, read="postgres")

    def wrap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.AggFunc) and not isinstance(node.parent, exp.Filter):
            return exp.Filter(this=node.copy(), expression=exp.Where(this=cond.copy()))
        return node

    figure = tree.transform(wrap).sql(dialect="postgres")
    return f"coalesce({figure}, 0)" if zero else figure


def slug(value: str) -> str:
    """`value` as a lower-case identifier part ("Inside Sales" -> "inside_sales")."""
    return re.sub(r"[^a-z0-9]+", "_", value.lower()).strip("_") or "value"


def dim_name(d: Column | str | None) -> str:
    """The result column name of a grouping: a time unit as is, a column by its dimension name."""
    if d is None:
        return ""
    return d if isinstance(d, str) else dimension_name(d)


def ref_name(ref: str) -> str:
    """The dimension name of `schema.table.column` ("region" for regions.name, "customer segment")."""
    schema, table, column = ref.split(".")
    return dim_name(Column(f"{schema}.{table}", column, "text")).replace("_", " ")


def growth_between(date_expr: str, q: Mapping, measure: tuple[Measure, str]) -> list[str]:
    """The measure in each of the two periods and the change between them in % (`change_pct`)."""
    m, expr = measure
    parts = []
    for p in q.compared_periods:
        assert p.start and p.end
        cond = f"{date_expr} >= DATE '{p.start.isoformat()}' AND {date_expr} < DATE '{p.end.isoformat()}'"
        parts.append(filtered(expr, cond))
    first, second = parts
    names = [ident(f"{m.name}_{slug(p.label)}") for p in q.compared_periods]
    change = f"round(100.0 * ({second} - {first}) / nullif({first}, 0), 1) AS change_pct"
    difference = [f"{second} - {first} AS change"] if q.difference else []  # "how did it change": its amount too
    return [f"{first} AS {names[0]}", f"{second} AS {names[1]}", *difference, change]
