"""A mapped request as one PostgreSQL SELECT over the catalogue, with a sentence saying how it was read.

Joins follow foreign keys from the base table towards the "one" side only, so no row is counted twice;
values are quoted by sqlglot; periods are date literals computed from the deployment's clock. The SQL pieces
live in `query`, the sentence in `explain`.
"""

from __future__ import annotations

import calendar
from dataclasses import replace
from datetime import date

import sqlglot

from cognicore.memory import clock
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.attribution import contribution
from cognicore.subagents.offline_sql.catalogue import Catalogue, Column
from cognicore.subagents.offline_sql.explain import explain, filters_text, share_of_empties
from cognicore.subagents.offline_sql.lexicon import plural
from cognicore.subagents.offline_sql.mapping import Mapping
from cognicore.subagents.offline_sql.periods import Period, shift, unit_label, unit_start
from cognicore.subagents.offline_sql.query import (
    Query,
    aliased_exprs,
    any_kept,
    date_column,
    dim_name,
    filtered,
    gap_of_compared,
    growth_between,
    ident,
    literal,
    measure_sql,
    slug,
    tables_of,
    weighted_rate,
)
from cognicore.subagents.offline_sql.ranking import rank_places
from cognicore.subagents.offline_sql.times_of_day import time_condition

__all__ = ["build", "build_query", "date_column", "explain", "ident", "literal", "measure_sql"]

_BUCKETS = {
    "day": "{c}::date",
    "week": "to_char(date_trunc('week', {c}), 'YYYY-MM-DD')",
    "month": "to_char({c}, 'YYYY-MM')",
    "quarter": "to_char({c}, 'YYYY-\"Q\"Q')",
    "year": "extract(YEAR FROM {c})::int",
    "weekday": "to_char({c}, 'ID Day')",
}


def build(q: Mapping, catalogue: Catalogue, today: date) -> tuple[str, str]:
    """The SELECT and its explanation for `q`; `Unsure` when the tables cannot be joined safely."""
    sql, explanation, _, _ = build_query(q, catalogue, today)
    return sql, explanation


def build_query(q: Mapping, catalogue: Catalogue, today: date) -> tuple[str, str, str, str]:
    """The SELECT, its explanation, the period it covers with its dates and its filters (reports name both)."""
    if q.recent_change is not None and not q.compared_periods:
        q = _recent_change(q, today)
    # "the average discount": the plain average of the lines' fractions, and beside it the one weighted by the
    # amount each applies to, in % (both are said "average discount"; the first ranks)
    if (rated := [w for m in q.measures for w in dict.fromkeys((m, weighted_rate(m, catalogue)))]) != q.measures:
        q = replace(q, measures=rated)
    q = _one_period_named_twice(q)
    if q.period is not None and q.period.each and not any(isinstance(d, str) for d in q.dimensions):
        q = replace(q, dimensions=[q.period.each, *q.dimensions])  # "each of the last 6 months": one row a month
    needed = list(dict.fromkeys([t for m in q.measures for t in tables_of(m)]))
    prefer = needed[0] if needed else None
    needed += [d.table for d in q.dimensions if isinstance(d, Column)]
    needed += [ref.rsplit(".", 1)[0] for ref in [*q.filters, *q.excluded, *q.missing, *q.present, *q.nonzero, *q.rates]]
    needed += [ref.rsplit(".", 1)[0] for ref, _, _ in q.row_conditions]
    needed += [c.table for c in q.searched]
    query = Query(catalogue, list(dict.fromkeys(needed)), prefer)
    notes = list(q.notes)
    date_col = date_column(catalogue, query.base)
    if q.date_column is not None and catalogue.path(query.base, q.date_column.table) is not None:
        date_col = q.date_column
    time_dims = [d for d in q.dimensions if isinstance(d, str) and d != "weekday"]  # weekday is no timeline
    if (q.period or q.weekdays or q.hours or any(isinstance(d, str) for d in q.dimensions)) and date_col is None:
        raise Unsure("The request names a period or a trend, but the tables it reads have no date column.")
    period = q.period
    if q.compared_periods:
        period = None  # each compared period is its own condition below; partial ones are said so
        notes += [
            f"{p.label[:1].upper()}{p.label[1:]} is partial (to {today.isoformat()})."
            for p in q.compared_periods
            if p.partial
        ]
    elif time_dims and (period is None or period.end is None or period.end > today):
        unit = time_dims[0]
        current = unit_start(today, unit)
        if period is None or not period.partial:
            # A trend never ends on a partial period: leave the current, incomplete one out.
            period = Period(
                period.start if period else None, current, period.label if period else "all complete periods"
            )
            notes.append(f"The current {unit}, {unit_label(current, unit)}, is partial and left out of the trend.")
        else:
            notes.append(f"{unit_label(current, unit)} is partial (to {today.isoformat()}).")
    where: list[str] = []
    if period is not None and date_col is not None:
        c = query.col(date_col)
        if period.start:
            where.append(f"{c} >= DATE '{period.start.isoformat()}'")
        if period.end:
            where.append(f"{c} < DATE '{period.end.isoformat()}'")
    if q.hours and date_col is not None:  # "opened after 6pm": the time of the day of a timestamp
        where.append(time_condition(q.hours, date_col, query.col(date_col), notes))
    if q.weekdays and date_col is not None:
        # "opened on a Monday": the ISO day of the week of the date (1 = Monday), in the session's time zone
        where.append(f"extract(ISODOW FROM {query.col(date_col)}) IN ({', '.join(map(str, sorted(q.weekdays)))})")
        days = " or ".join(calendar.day_name[d - 1] + "s" for d in sorted(q.weekdays))
        notes.append(f"Only the rows whose {date_col.ref} falls on {days} are counted.")
    if q.compared_periods and date_col is not None:
        c = query.col(date_col)
        spans = [
            f"({c} >= DATE '{p.start.isoformat()}' AND {c} < DATE '{p.end.isoformat()}')"
            for p in q.compared_periods
            if p.start and p.end
        ]
        where.append("(" + " OR ".join(spans) + ")")
    outer: list[str] = []
    together = ""  # the share's column, when the share of several of its values together is asked
    for ref, values in q.filters.items():
        col = query.col(catalogue.column(ref))
        cond = f"{col} = {literal(values[0])}" if len(values) == 1 else f"{col} IN ({', '.join(map(literal, values))})"
        where.append(cond)
    negated: list[str] = []  # "not closed": may be a share's part
    kept_aside: list[str] = []  # "excluding partner": never a share's part
    for ref, values in q.excluded.items():
        col = query.col(catalogue.column(ref))
        cond = f"({col} IS NULL OR {col} NOT IN ({', '.join(map(literal, values))}))"  # NULL is "not X"
        (kept_aside if ref in q.set_aside else negated).append(cond)
    where += negated + kept_aside
    for ref in q.missing:
        where.append(f"{query.col(catalogue.column(ref))} IS NULL")
    for ref in q.present:
        where.append(f"{query.col(catalogue.column(ref))} IS NOT NULL")
    amounts = []
    for ref, above in q.nonzero.items():  # "lines that got a discount": the rate above zero; "without": zero
        rate = query.col(catalogue.column(ref))
        amounts.append(f"{rate} > 0" if above else f"coalesce({rate}, 0) = 0")
    amounts += [f"{query.col(catalogue.column(ref))} = {value}" for ref, value in q.rates.items()]  # "a 20% discount"
    amounts += [f"{query.col(catalogue.column(ref))} {op} {value:g}" for ref, op, value in q.row_conditions]
    where += amounts
    if q.search is not None and q.searched:  # "tickets mentioning access denied": the phrase in any text column
        where.append(q.search.condition([query.col(c) for c in q.searched], literal(q.search.pattern())))
    if q.zero_rows and q.dimensions and isinstance(q.dimensions[0], Column):
        sql = _zero_rows(q, query, q.dimensions[0], where, measure_sql(q.measures[0], query, date_col))
        notes.append(f"Only the {dim_name(q.dimensions[0])} values with no such rows are listed.")
        covered = period.describe() if period is not None and date_col is not None else "all dates in the data"
        return sql, explain(q, period, date_col, notes, False, top_share=False), covered, filters_text(q)
    dims = list(q.dimensions)
    if q.share and not [d for d in dims if isinstance(d, Column)] and not q.part_negated:
        # "what share of revenue is Europe": group by the filter's column over the whole set, keep Europe after.
        for ref, values in q.filters.items():
            column = catalogue.column(ref)
            dims.append(column)
            where = [w for w in where if not w.startswith(query.col(column) + " ")]
            name = dim_name(column)
            vals = ", ".join(map(literal, values))
            outer.append(f"{name} = {literal(values[0])}" if len(values) == 1 else f"{name} IN ({vals})")
            together = name if len(values) > 1 and q.compare is None else ""  # "P1 or P2": one share of both
            break
    elif q.share and q.compare is not None and q.compare in dims and q.compare.ref in q.filters:
        # "what share of tickets are P3 and P4": each one's share of all the rows, not of the two compared
        name, values = dim_name(q.compare), q.filters[q.compare.ref]
        where = [w for w in where if not w.startswith(query.col(q.compare) + " ")]
        outer.append(f"{name} IN ({', '.join(map(literal, values))})")
    empties: list[str] = []  # "what share of tickets are unassigned": the empty rows' share of all of them
    if share_of_empties(q):
        empties = [f"{query.col(catalogue.column(ref))} IS NULL" for ref in q.missing] + negated + amounts
        where = [w for w in where if w not in empties]
    # "what share of each component's tickets are closed": the closed rows over each group's own rows
    heads = tuple(query.col(catalogue.column(ref)) + " " for ref in [*q.share_within, *q.all_groups])
    if heads:
        empties = [w for w in where if w.startswith(heads)]
        where = [w for w in where if w not in empties]
    pivot = q.compare is not None and q.compare in dims and len(dims) > 1 and not q.share and not q.top_n
    if pivot and q.compare is not None:
        dims.remove(q.compare)
    select: list[str] = []
    for d in dims:
        expr = _BUCKETS[d].format(c=query.col(date_col)) if isinstance(d, str) else query.col(d)  # type: ignore[arg-type]
        select.append(f"{expr} AS {ident(dim_name(d))}")
    now = clock.now().isoformat()  # ages run to the deployment clock's now, not the server's
    measures = [(m, measure_sql(m, query, date_col, now)) for m in q.measures]
    between = _between(q, dims, date_col) and not pivot
    if pivot and q.compare is not None:
        col = query.col(q.compare)
        for value in q.filters[q.compare.ref]:
            for m, expr in measures:
                select.append(f"{filtered(expr, f'{col} = {literal(value)}')} AS {ident(slug(value) + '_' + m.name)}")
        if q.difference:  # "online vs retail by month, and the gap": the first named minus the second, each row
            a, b = (filtered(measures[0][1], f"{col} = {literal(v)}") for v in q.filters[q.compare.ref])
            select.append(f"{a} - {b} AS difference")
            notes.append(f"The difference is {' minus '.join(q.filters[q.compare.ref])}.")
    elif between:
        select += growth_between(query.col(date_col), q, measures[0])  # type: ignore[arg-type]
    elif empties:  # every group ranked: one with none of the rows kept has 0 (a sum over no rows is NULL)
        select += [f"{filtered(e, ' AND '.join(empties), bool(q.all_groups))} AS {ident(m.name)}" for m, e in measures]
    else:
        select += [f"{expr} AS {ident(m.name)}" for m, expr in measures]
        if q.difference:  # "A vs B, and by how much": the larger figure minus the smaller, shown on both rows
            select.append(gap_of_compared(measures[0][1], len(q.filters.get(q.compare.ref, [])) if q.compare else 0))
            notes.append("The difference is the larger figure minus the smaller (a value with no rows counts 0).")
    first_name, first_expr = ("change_pct", "") if between else (q.measures[0].name, measures[0][1])
    if q.all_groups and empties:  # "who has the fewest open tickets": ranked by the rows kept, a group with none at 0
        first_expr = filtered(first_expr, " AND ".join(empties), zero=True)
    time_names = [ident(dim_name(d)) for d in dims if isinstance(d, str)]
    # A count of distinct rows is not additive over groups (an order of two products counts in both): no share.
    top_share = _top_share(q, dims, pivot or between) and "distinct" not in first_expr.lower()
    if empties and not q.all_groups:  # within each group: the empty rows' figure over the group's own figure
        part = filtered(first_expr, " AND ".join(empties))
        select.append(f"round(100.0 * {part} / nullif({first_expr}, 0), 1) AS share_pct")
    elif q.share:
        partition = f"PARTITION BY {', '.join(aliased_exprs(select, time_names))} " if time_names else ""
        select.append(
            f"round(100.0 * {first_expr} / nullif(sum({first_expr}) OVER ({partition.strip()}), 0), 1) AS share_pct"
        )
    elif top_share:
        # A top N: each one's share of the total of ALL of them, before the cut (never a share of the rows shown)
        ranked_name = dim_name(q.ranked) if q.ranked is not None else None
        within = [ident(dim_name(d)) for d in dims if dim_name(d) != ranked_name] if ranked_name else time_names
        partition = f"PARTITION BY {', '.join(aliased_exprs(select, within))}" if within else ""
        select.append(f"round(100.0 * {first_expr} / nullif(sum({first_expr}) OVER ({partition}), 0), 1) AS share_pct")
    if q.growth and time_names and not pivot:
        # The change from the previous period, within each group: lag over the time buckets.
        others = [ident(dim_name(d)) for d in dims if not isinstance(d, str)]
        part = f"PARTITION BY {', '.join(aliased_exprs(select, others))} " if others else ""
        previous = f"lag({first_expr}) OVER ({part}ORDER BY {', '.join(aliased_exprs(select, time_names))})"
        if len(q.compared_periods) == 2 and q.difference:  # "the difference between Q2 and Q3": beside its %
            select.append(f"{first_expr} - {previous} AS change")
        select.append(f"round(100.0 * ({first_expr} - {previous}) / nullif({previous}, 0), 1) AS change_pct")
    body = ["SELECT " + ",\n  ".join(select), query.from_clause()]
    if where:
        body.append("WHERE " + "\n  AND ".join(where))
    if dims:
        body.append("GROUP BY " + ", ".join(str(i) for i in range(1, len(dims) + 1)))
        if q.having is not None and first_expr:
            op, bound = q.having
            body.append(f"HAVING {first_expr} {op} {bound:g}")
            notes.append(f"Only the groups whose {q.measures[0].label} is {op} {bound:g} are kept.")
    direction = "ASC" if q.ascending else "DESC"
    ranked = dim_name(q.ranked) if q.ranked is not None else None
    groups = [ident(dim_name(d)) for d in dims if dim_name(d) != ranked]
    if q.top_n and groups and ranked:
        part = ", ".join(aliased_exprs(select, groups))
        ranks, kept = rank_places(q, first_expr, direction, aliased_exprs(select, groups))
        body[0] += ranks
        outer += kept
        order = ", ".join([*groups, "rank"])
        sql = f"WITH grouped AS (\n{chr(10).join(body)}\n)\nSELECT * FROM grouped\nWHERE {' AND '.join(outer)}"
        sql += f"\nORDER BY {order}"
    else:
        if time_names and q.ranked is None:
            order = ", ".join([*time_names, *([f"{ident(first_name)} DESC"] if not pivot else [])])
        elif dims:
            order = f"{ident(first_name) if not pivot else '2'} {direction}, " + ", ".join(
                str(i) for i in range(1, len(dims) + 1)
            )
        else:
            order = ""
        limit = f"\nLIMIT {q.top_n}" if q.top_n and dims else ""
        columns = "*"
        if limit and not pivot and not between:
            # Ties at the cut are kept (the top 1 of two equal groups is both): a rank, not a LIMIT, so an answer
            # can say "A and B tie" instead of naming one by the row order.
            # An empty group (no assignee) is no contender in a ranking (ranked apart, then left out); its rows
            # still count in the total share.
            named = [ident(dim_name(d)) for d in dims if isinstance(d, Column)]
            empty = [f"({e}) IS NULL" for e in aliased_exprs(select, named)]
            ranks, kept = rank_places(q, first_expr, direction, empty)
            none_kept = ["kept_rows > 0"] if q.all_groups and empties else []  # no row kept: no ranking of zeros
            body[0] += ranks + (any_kept(empties) if none_kept else "")
            outer += kept + [f"{name} IS NOT NULL" for name in named] + none_kept
            limit, columns = "", ", ".join(item.rpartition(" AS ")[2] for item in select)
        if together:
            first = ident(first_name)
            columns = f"string_agg({together}, ' or ' ORDER BY {together}) AS {together}, sum({first}) AS {first}, "
            columns += "sum(share_pct) AS share_pct"
            order = ""
        if outer:
            sql = f"WITH grouped AS (\n{chr(10).join(body)}\n)\nSELECT {columns} FROM grouped"
            sql += f"\nWHERE {' AND '.join(outer)}"
            sql += f"\nORDER BY {order}" if order else ""
        else:
            sql = "\n".join(body) + (f"\nORDER BY {order}" if order else "")
        sql += limit
    if q.of_groups is not None:
        sql, note = _of_groups(sql, q)
        notes.append(note)
    if q.groups_counted and dims:
        sql, note = _groups_counted(sql, dim_name(dims[0]))
        notes.append(note)
    if q.attribution and between:
        sql, note = contribution(sql, q, dim_name(dims[0]))
        notes.append(note)
    sqlglot.parse_one(sql, read="postgres")  # a builder bug fails here, not in the database
    covered = period.describe() if period is not None and date_col is not None else "all dates in the data"
    if q.compared_periods:
        covered = " vs ".join(p.describe() for p in q.compared_periods)
    scope = filters_text(q, leave=q.share_within)
    return sql, explain(q, period, date_col, notes, pivot, top_share=top_share), covered, scope


def _recent_change(q: Mapping, today: date) -> Mapping:
    """ "Which region is growing fastest" with no period: the last complete unit beside the one before it."""
    unit = "quarter"
    last = shift(unit_start(today, unit), unit, -1)
    spans = [(shift(last, unit, -1), last), (last, shift(last, unit, 1))]
    periods = [Period(a, b, unit_label(a, unit), unit=unit) for a, b in spans]
    note = f"No period was named: {periods[1].label} (the last complete {unit}) is compared with {periods[0].label}."
    return replace(q, compared_periods=periods, notes=[*q.notes, note])


def _one_period_named_twice(q: Mapping) -> Mapping:
    """ "September 2026 vs the month before", "last month compared to the previous month": the period before the
    other one named (the same span beside itself means nothing)."""
    pair = sorted(q.compared_periods, key=lambda p: p.before_other)
    if len(pair) != 2:
        return q
    named, other = pair
    if named.start is None or named.unit is None:
        return q
    if not other.before_other and (named.start, named.end) != (other.start, other.end):
        return q
    unit = named.unit
    start = shift(named.start, unit, -1)
    before = Period(start, named.start, unit_label(start, unit), unit=unit)
    note = f"The {unit} before {named.label} is read as {before.label}."
    return replace(q, compared_periods=[before, named], notes=[*q.notes, note])


def _zero_rows(q: Mapping, query: Query, group: Column, where: list[str], figure: str) -> str:
    """ "Which components have no open tickets": every value of the grouping whose rows matching the request's
    filters (and period) number zero, read from all the rows so a group with none of them still appears."""
    col, name = query.col(group), ident(dim_name(group))
    counted = filtered(figure, " AND ".join(where)) if where else figure
    counted = f"coalesce({counted}, 0)"  # a sum over no rows is NULL, which is none of them too
    sql = (
        f"SELECT {col} AS {name}, {counted} AS {ident(q.measures[0].name)}\n{query.from_clause()}\n"
        f"WHERE {col} IS NOT NULL\nGROUP BY 1\nHAVING {counted} = 0\nORDER BY 1"
    )
    sqlglot.parse_one(sql, read="postgres")
    return sql


def _of_groups(sql: str, q: Mapping) -> tuple[str, str]:
    """ "The average number of tickets per assignee": the grouped query's figures averaged (or their median);
    rows with no value of the grouping (no assignee) are no group, and a group with no rows is not counted."""
    group, name = dim_name(q.dimensions[0]), q.measures[0].name
    figure = (
        f"avg({ident(name)})" if q.of_groups == "avg" else f"percentile_cont(0.5) WITHIN GROUP (ORDER BY {ident(name)})"
    )
    wrapped = (
        f"WITH per_group AS (\n{sql}\n)\nSELECT round(({figure})::numeric, 1) AS {ident(f'{q.of_groups}_{name}')}, "
        f"count(*) AS {ident(plural(group))}\nFROM per_group\nWHERE {ident(group)} IS NOT NULL"
    )
    words = "average" if q.of_groups == "avg" else "median"
    return wrapped, f"The {words} is over the {group} values that have rows (empty {group} left out)."


def _groups_counted(sql: str, group: str) -> tuple[str, str]:
    """ "How many products sold at least 1500 units": the grouped query's groups (its HAVING kept them), counted;
    rows with no value of the grouping are no group."""
    wrapped = (
        f"WITH per_group AS (\n{sql}\n)\nSELECT count(*) AS {ident(plural(group))}\nFROM per_group\n"
        f"WHERE {ident(group)} IS NOT NULL"
    )
    return wrapped, f"The answer counts the {plural(group)} that pass the threshold."


def _between(q: Mapping, dims: list[Column | str], date_col: Column | None) -> bool:
    """ "Which region grew most between Q2 and Q3": two periods side by side per group, with the change."""
    two = len(q.compared_periods) == 2 and all(p.start and p.end for p in q.compared_periods)
    return q.growth and two and date_col is not None and bool(dims) and not any(isinstance(d, str) for d in dims)


def _top_share(q: Mapping, dims: list[Column | str], side_by_side: bool) -> bool:
    """A top/bottom N of groups by an additive measure: the query adds each group's share of the true total."""
    groups = [d for d in dims if isinstance(d, Column)]
    additive = bool(q.measures) and not q.measures[0].ratio and not q.measures[0].age
    return bool(q.top_n) and bool(groups) and additive and not side_by_side and not q.growth and not q.share
