"""Placing what the request groups by once its phrases are read: the grouping columns, the ranked one, the
share asked within each group, and a grouped row's own value rather than another table's sum.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Catalogue, Column
from cognicore.subagents.offline_sql.key_groups import names_counted_rows, not_grouped_note
from cognicore.subagents.offline_sql.lexicon import Lexicon, singular
from cognicore.subagents.offline_sql.mapping import (
    Mapping,
    Measure,
    Text,
    count_of,
    ratio_of,
    row_name,
    template,
)
from cognicore.subagents.offline_sql.query import date_column, dim_name, filtered, literal, rate_base, tables_of
from cognicore.subagents.offline_sql.shape import ASC, DESC, Shape
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure

GROUPING_BEFORE = re.compile(rf"\b(by|per|each|every|across|which|what|for each|rank|{DESC}|{ASC}|\d+)\s*$")


def own_columns(q: Mapping, dims: list[tuple[int, str, Column | str]], lex: Lexicon) -> None:
    """ "which product has the lowest unit price": a column that both the grouped rows (products, by their name)
    and another table (order lines) hold is the grouped rows' own value, never the other table's summed."""
    named_rows = {d.table for _, _, d in dims if isinstance(d, Column) and (d.unique or d.primary_key)}
    for i, m in enumerate(q.measures):
        if m.column is None or m.named is not None or m.aggregate != "sum":
            continue
        own = [
            c
            for ref in named_rows
            for c in lex.catalogue.table(ref).columns
            if c.name == m.column.name and c.kind == m.column.kind
        ]
        if len(own) == 1:  # one value per named row: shown as it is (a maximum of one), never shared out as a sum
            label = f"{own[0].name.replace('_', ' ')} ({own[0].ref})"
            q.measures[i] = Measure(own[0].name, label, column=own[0], aggregate="max")


def share_column_first(q: Mapping, spans: dict[str, list[tuple[int, int]]], share_at: int | None) -> None:
    """The filter whose share is asked goes first (the builder groups by the first one, the others stay filters):
    the one right before the share word ("VPN's share of open tickets"), else the one named last ("what fraction
    of ben's tickets are closed": of ben's tickets, the closed ones)."""
    at = {ref: max(e for _, e in spans[ref]) for ref in q.filters if ref in spans}
    if len(at) != len(q.filters):
        return
    before = [ref for ref, end in at.items() if share_at is not None and 0 <= share_at - end <= 3]
    first = before[0] if before else max(at, key=lambda r: at[r])
    q.filters = {first: q.filters[first], **{r: v for r, v in q.filters.items() if r != first}}


# the verb after a share's words that says its part: "what share of unresolved tickets ARE p1"
_PART_SAID = re.compile(
    r"\b(?:are|is|were|was|have|has|had|do|does|did|got|get|gets|came|come|comes|went|go|goes|make|makes|made)\b"
)


def of_the_whole(text: str, share_at: int | None, at: int) -> bool:
    """Whether a value negated at `at` names the rows a share is of, not its part: said before the share's words
    ("of the tickets not closed, what share are P1") or after them before the verb that says the part ("what share
    of our unresolved tickets are P1s"); "what share of P1 tickets are not closed" is the part."""
    return share_at is not None and (at < share_at or _PART_SAID.search(text, share_at, at) is None)


def part_negated(
    q: Mapping, spans: dict[str, list[tuple[int, int]]], negated_ends: dict[str, int], text: str, share_at: int | None
) -> bool:
    """ "what share of P1 tickets are not closed": the share's part is the rows without a value (negated after the
    verb that says the part) and its whole the rows of the values said before that verb."""
    verb = _PART_SAID.search(text, share_at) if q.share and share_at is not None and q.filters else None
    parts = [r for r in negated_ends if r in q.excluded and r not in q.set_aside]
    # "what fraction of VPN tickets have no assignee": the empty column is the part when every value is said before
    # the verb (claimed before any position is kept, so it is the rest of the sentence)
    empties = bool(q.missing) and not parts and not q.excluded
    return (
        verb is not None
        and (bool(parts) or empties)
        and all(negated_ends[r] > verb.end() for r in parts)
        and all(ref in spans and max(e for _, e in spans[ref]) <= verb.start() for ref in q.filters)
    )


# "... tickets are closed", "... orders came from retail": a value said of the rows after a verb
_SAID_OF_ROWS = re.compile(
    r"\b(?:are|is|were|was|be|been|being|got|get|gets|came|come|comes|went|go|goes)(?: \w+){0,2} $"
)


def share_within(
    t: Text, q: Mapping, s: Shape, dims: list[tuple[int, str, Column | str]], spans: dict[str, list[tuple[int, int]]]
) -> None:
    """ "what share of each component's tickets are closed", "for each assignee, what share of their tickets are P1":
    a value said of the rows after the share word and the grouping is the part of each group, not a filter."""
    grouped = {d.ref: p for p, _, d in dims if isinstance(d, Column) and d in q.dimensions}
    if not q.share or s.share_at is None or not grouped:
        return
    after = max(s.share_at, min(grouped.values()))
    for ref, where in spans.items():
        start = min(p for p, _ in where)
        if ref in q.filters and ref not in grouped and start > after and _SAID_OF_ROWS.search(t.read[:start]):
            q.share_within.append(ref)


def place_dimensions(
    t: Text,
    q: Mapping,
    dims: list[tuple[int, str, Column | str]],
    s: Shape,
    value_ends: list[tuple[int, Column]],
    *,
    catalogue: Catalogue | None = None,
) -> None:
    """Keep the dimensions that group (not a word that only describes a filter), and pick the ranked one."""
    if s.of_gross:
        _fraction_of_gross(q, catalogue)
    kept: list[tuple[int, Column | str, bool]] = []
    counted_keys: list[Column | str] = []  # "per assignee (number of tickets each)": the rows counted, no grouping
    for pos, words, dim in dims:
        before = t.before(pos)
        by = re.search(r"\b(by|per|each|every|across)\s*$", before) is not None
        said_before = t.read[:pos]  # as written: "(tickets each)" after "per component" is no "per tickets"
        if isinstance(dim, Column) and names_counted_rows(q, dim, said_before, t.read[pos + len(words) :]):
            counted_keys.append(dim)
            continue
        grouping = GROUPING_BEFORE.search(before) is not None or (s.rank_at is not None and pos > s.rank_at)
        if isinstance(dim, Column):
            before_values = [col for end, col in value_ends if 0 <= pos - end <= 2]
            after_value = [col.table for col in before_values]
            if any(col.table == dim.table and (col.unique or col.primary_key) for col in before_values):
                continue  # "the EU region": the word names the row the value already names
            filtered = dim.ref in q.filters or dim.ref in q.excluded or dim.ref in q.missing or dim.ref in q.present
            # "apart from ben, who has the most open tickets", "which region other than Europe sold the most": the
            # values left by an exclusion are the groups ranked (never one total of them)
            grouping = grouping or (
                s.rank_at is not None and dim.ref in q.excluded and not (dim.ref in q.filters or dim.ref in q.missing)
            )
            if not grouping and (filtered or (after_value and s.rank_at is None)):
                continue  # "Europe ... region", "audio products": the word describes a filter
        if isinstance(dim, Column) and pos in s.all_of:
            continue  # "all products": the total over them
        if by and dim in [d for _, d, _ in kept]:
            # "who has the most tickets? the count for each person": each one is asked, not the first alone
            kept = [(p, d, one and d != dim) for p, d, one in kept]
        if dim not in [d for _, d, _ in kept]:
            last = words.split()[-1] if words.split() else ""
            which_of = re.search(r"\bwhich of( the| our)?\s*$", before) is not None  # "which of our products"
            singular_word = (singular(last) == last or which_of) and not by
            kept.append((pos, dim, singular_word))
        elif not by and words.split() and singular(words.split()[-1]) == words.split()[-1]:
            kept = [(p, d, one or d == dim) for p, d, one in kept]  # "among assignees, who has the fewest": one
    if counted_keys and not kept:
        kept = [(pos, d, False) for pos, _, d in dims if d in counted_keys][:1]  # the rows listed, as said
    elif counted_keys:
        q.notes.append(not_grouped_note(counted_keys))
    q.dimensions = [d for _, d, _ in kept]
    several = [ref for ref, values in q.filters.items() if len(values) > 1]
    if not kept and catalogue is not None and s.rank_at is not None and len(several) == 1 and _asks_thing(t, s):
        # "which did best last quarter, online or retail?": the values named are the groups ranked
        kept = [(s.rank_at, catalogue.column(several[0]), True)]
        q.dimensions = [kept[0][1]]
    if not kept and catalogue is not None and (thing := _thing_ranked(t, q, s, catalogue)) is not None:
        kept = [(s.rank_at or 0, thing, True)]  # "what moved the most units", "our 3 best sellers": the products
        q.dimensions = [thing]
        q.notes.append(f"No grouping was named, so the {dim_name(thing)} values are ranked.")
    if not kept:
        only = q.measures[0] if len(q.measures) == 1 else None
        asked_rows = bool(q.filters) or q.period is not None
        # "what is our maximum discount?" names no rows: a limit the team set or a policy states, not the data's
        # extreme (which would answer it confidently with the highest discount ever given)
        if (
            s.superlative
            and asked_rows
            and only is not None
            and only.column is not None
            and only.named is None
            and not s.age
        ):
            # "the highest unit price in audio", "lowest discount for retail": the column's extreme over the rows
            # asked, never its sum (a total of prices or of discount fractions means nothing)
            agg, word = ("min", "lowest") if q.ascending else ("max", "highest")
            label = f"{word} {only.column.name.replace('_', ' ')} ({only.column.ref})"
            q.measures = [Measure(f"{agg}_{only.column.name}", label, column=only.column, aggregate=agg)]
            q.top_n = None
        elif s.rank_at is not None and q.top_n is None and (not q.filters or _asks_thing(t, s)):
            # "what has the most open tickets": never the total of the rows the filters leave
            q.not_understood.append("what to rank (no grouping was named)")
        elif re.match(r"\s*(who|whom|whose)\b", t.read):
            # "who has the most open tickets": a person, which no column of this data was named for
            q.not_understood.append("who (no column of people was named)")
        return
    after = [k for k in kept if s.rank_at is not None and k[0] >= s.rank_at]
    categorical = [k for k in kept if not isinstance(k[1], str)]
    _, ranked, singular_word = (after or categorical or kept)[0]
    if s.rank_at is not None:
        q.ranked = ranked
        if q.top_n is None and singular_word and s.superlative and not s.every:
            q.top_n = 1
    if q.ranked is not None and len(q.dimensions) > 1:
        q.dimensions = [d for d in q.dimensions if d != q.ranked] + [q.ranked]


def _fraction_of_gross(q: Mapping, catalogue: Catalogue | None) -> None:
    """ "the discount as a % of gross sales": a column that is a fraction of the gross amount (its table's comments
    say "a * b * (1 - column)") is that percent, averaged over the amount (the builder weighs it); else unsure."""
    only = q.measures[0] if len(q.measures) == 1 else None
    if catalogue is None or only is None or only.column is None or not rate_base(only.column, catalogue):
        q.not_understood.append("a percent of the gross amount of what (no column is a fraction of it)")
        return
    name = only.column.name.replace("_", " ")
    q.measures = [Measure(f"avg_{only.column.name}", f"average {name}", column=only.column, aggregate="avg")]


# "what moved the most units", "which brought in the most revenue": "what" is the subject of a verb, a thing asked
_WHAT_DID = re.compile(
    r"\s*(?:what|which)\s+(?!(?:is|was|are|were|be|been|has|have|had|do|does|did|will|would|should|can|could|"
    r"percent|percentage|share|part|proportion|fraction|time|day|date)\b)[a-z]"
)


def _asks_thing(t: Text, s: Shape) -> bool:
    """ "what has the most open tickets": a thing asked by a ranking (the oldest one is asked by its age)."""
    return not s.eldest and re.match(r"\s*(?:what|which)\b", t.read) is not None


def _thing_ranked(t: Text, q: Mapping, s: Shape, catalogue: Catalogue) -> Column | None:
    """The things a ranking with no grouping named asks for: the one named table (not the dated one the periods
    read, not one a filter names) that the measure's rows point to, e.g. the products an order line sells."""
    if s.rank_at is None or len(q.measures) != 1 or not (s.things or _WHAT_DID.match(t.read)):
        return None
    tables = tables_of(q.measures[0])
    if not tables:
        return None
    base = catalogue.table(tables[0])
    dated = date_column(catalogue, base.ref)
    filtered_tables = {ref.rsplit(".", 1)[0] for ref in [*q.filters, *q.excluded, *q.missing, *q.present]}
    targets = {c.foreign_key for c in base.columns if c.foreign_key is not None}
    things = [
        name
        for ref in sorted(targets)
        if (dated is None or dated.table != ref)
        and ref not in filtered_tables
        and (name := row_name(catalogue.table(ref))) is not None
        and name.kind == "text"
    ]
    return things[0] if len(things) == 1 else None


def groups_counted(q: Mapping, s: Shape, lex: Lexicon) -> None:
    """ "how many products sold at least 1500 units", "how many assignees have 5 or more tickets": the counted
    things are the groups (a column's values, or a table's rows by their name), the other figure is what the
    threshold applies to in each; the builder counts the groups that pass."""
    if q.having is None or not s.count or q.dimensions or not q.measures or q.share or q.top_n or q.zero_rows:
        return
    first, rest = q.measures[0], q.measures[1:]
    group: Column | None = None
    figure: Measure | None = None
    if first.named is not None and first.name.startswith("distinct_") and len(first.named.columns) == 1:
        group = lex.catalogue.column(first.named.columns[0])  # "how many assignees": their distinct values
        figure = rest[0] if rest else count_of(lex.catalogue.table(group.table))
    elif first.aggregate == "count" and first.table is not None and (group := row_name(first.table)) is not None:
        # "how many categories brought in more than $400k": no measure named, none guessed ("how many products cost
        # more than $150" is no revenue threshold)
        figure = rest[0] if rest else None
    same_rows = figure is not None and figure.aggregate == "count" and figure.table == first.table
    if group is None or figure is None or len(rest) > 1 or same_rows:
        return
    column = figure.column
    if column is not None and figure.named is None and figure.aggregate == "sum":
        # "how many products have a unit price above 200": each counted row's own value (the grouped table's column
        # of that name, when it has one), never a sum of it
        own = [c for c in lex.catalogue.table(group.table).columns if c.name == column.name and c.kind == column.kind]
        if own or column.table == group.table:
            column = own[0] if own else column
            label = f"{column.name.replace('_', ' ')} ({column.ref})"
            figure = Measure(column.name, label, column=column, aggregate="max")
    q.dimensions, q.measures, q.groups_counted = [group], [figure], True


def ratio_asked(q: Mapping, s: Shape) -> None:
    """ "the ratio of open tickets to closed ones", "ratio of revenue to units": the first figure over the second,
    of two values of one column (the figure over each value's rows) or of two measures."""
    if not s.ratio or len(q.measures) not in (1, 2) or q.dimensions:
        return
    pairs = [ref for ref, values in q.filters.items() if len(values) == 2]
    if len(q.measures) == 1 and len(pairs) == 1 and (sql := template(q.measures[0])) is not None:
        ref, (top, bottom) = pairs[0], q.filters.pop(pairs[0])
        parts = [_only(sql, f"{{{ref}}} = {literal(v)}") for v in (top, bottom)]
        label = f"{q.measures[0].label} for {top} over {bottom}"
        name = "ratio"
        q.measures = [
            Measure(
                name,
                label,
                named=NamedMeasure(
                    name, f"round(({parts[0]})::numeric / nullif({parts[1]}, 0), 2)", (), label, ratio=True
                ),
            )
        ]
    elif len(q.measures) == 2 and not pairs and (both := ratio_of(q.measures[0], q.measures[1])) is not None:
        q.measures = [both]
    else:
        q.not_understood.append("the ratio of what to what (name two values of one column, or two measures)")


def _only(sql: str, condition: str) -> str:
    """A measure's aggregates over `{schema.table.column}` references, each restricted to the rows meeting
    `condition` (the references stand in as identifiers while the expression is rewritten)."""
    refs = list(dict.fromkeys(re.findall(r"\{([a-z_][\w.]*)\}", sql + condition)))
    for i, ref in enumerate(refs):
        sql, condition = (x.replace(f"{{{ref}}}", f'"__ref{i}"') for x in (sql, condition))
    out = filtered(sql, condition)
    for i, ref in enumerate(refs):
        out = out.replace(f'"__ref{i}"', f"{{{ref}}}")
    return out


def rank_by_said(q: Mapping, text: str) -> None:
    """ "which 2 regions brought in the most revenue in 2025 by number of orders", "top products by units instead of
    revenue": of two figures of a ranking, the one said after "by" is what the groups are ranked by (put first)."""
    if not (q.top_n or q.ranked is not None) or len(q.measures) < 2:
        return
    for i, m in enumerate(q.measures[1:], 1):
        words = m.name.replace("_", " ")
        if re.search(rf"\bby (?:the |our |total |their )?(?:number of |count of )?{re.escape(words)}\b", text):
            q.measures.insert(0, q.measures.pop(i))
            q.notes.append(f"Ranked by {m.label}, as the request says.")
            return


def rank_all_groups(q: Mapping, catalogue: Catalogue) -> None:
    """ "who has the fewest open tickets": the lowest-ranked group may have none of the rows kept, so the rows are
    counted per group over all of them (a group with none at 0), never only the groups the filter leaves. A filter
    on the groups' own table or a table it refers to ("which Audio product": its category) still picks the groups."""
    grouped = [d for d in q.dimensions if isinstance(d, Column)]
    additive = len(q.measures) == 1 and q.measures[0].aggregate in ("count", "sum") and not q.measures[0].ratio
    # "ben and chloe: how many open tickets each?": the groups named are each answered, one with none at 0
    named = len(grouped) == 1 and len(q.filters.get(grouped[0].ref, [])) >= 2 and not (q.difference or q.growth)
    if not (((q.ascending and q.top_n) or named) and len(grouped) == 1 == len(q.dimensions) and additive):
        return
    if q.zero_rows or q.share or q.share_within or q.having is not None or q.groups_counted:
        return
    group = catalogue.table(grouped[0].table)
    own = {group.ref} | {c.foreign_key for c in group.columns if c.foreign_key}
    counted = {t for m in q.measures for t in tables_of(m)}
    q.all_groups = [
        ref
        for ref in [*q.filters, *q.missing, *q.present]
        if ref != grouped[0].ref and (ref.rsplit(".", 1)[0] not in own or ref.rsplit(".", 1)[0] in counted)
    ]
