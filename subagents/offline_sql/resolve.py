"""Placing the phrases a request names: measures, values (filters), dimensions, counted entities, time units.

The phrases come from the lexicon in the order they were written; the shape read before says which entity is
counted, which groups, which one is ranked and whether the rows themselves are listed.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql._words import either, negation, set_aside
from cognicore.subagents.offline_sql.aside_words import ALWAYS_ASIDE
from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.entity_roles import (
    adjacent,
    beside_a_measure,
    counted_table_of,
    grouping_dims,
    heads_a_ranking,
    lists_rows,
    plain_listing,
)
from cognicore.subagents.offline_sql.lexicon import STOP_WORDS, Lexicon, Target, normalise, singular
from cognicore.subagents.offline_sql.lookup import nothing_asked_of_the_row, read_lookup
from cognicore.subagents.offline_sql.mapping import (
    Mapping,
    Measure,
    Text,
    average_per,
    count_distinct,
    count_of,
    default_measure,
    measure_of,
    ratio_of,
    row_name,
)
from cognicore.subagents.offline_sql.messages import dim_label
from cognicore.subagents.offline_sql.never_groups import groups_have_none, groups_never
from cognicore.subagents.offline_sql.placing import (
    GROUPING_BEFORE,
    groups_counted,
    of_the_whole,
    own_columns,
    part_negated,
    place_dimensions,
    ratio_asked,
    share_column_first,
    share_within,
)
from cognicore.subagents.offline_sql.price_wording import cost_to_make, price_asked
from cognicore.subagents.offline_sql.row_thresholds import row_threshold
from cognicore.subagents.offline_sql.row_words import new_rows, none_before, said_as_verb
from cognicore.subagents.offline_sql.shape import ASC, DESC, Shape


def _time_words(unit: str, adjective: str) -> str:
    """ "quarter over quarter", "quarterly", "by quarter", "which quarter", "quarters", "QoQ"."""
    return (
        rf"\b{unit} (?:over|on|by) {unit}\b|\b{adjective}\b|\b(?:by|per|each|every|a|which|what) {unit}\b"
        rf"|\b{unit}s\b|\b{unit[0]} ?o ?{unit[0]}\b"
    )


_TIME_WORDS: tuple[tuple[str, str], ...] = (
    ("weekday", r"\b(?:weekdays?|day of (?:the )?week|days of (?:the )?week)\b"),
    ("day", _time_words("day", "daily")),
    ("week", _time_words("week", "weekly")),
    ("month", _time_words("month", "monthly")),
    ("quarter", _time_words("quarter", "quarterly")),
    ("year", _time_words("year", r"yearly|annual(?:ly)?")),
)


_RATIO_JOIN = r"\s*(per|for each|for every|for one|divided by)\s*(?:(?:a|an|one|each|every|single)\s+)?"


def resolve(t: Text, q: Mapping, found: list[tuple[int, int, str, Target]], s: Shape, lex: Lexicon) -> None:
    """Place the phrases `found` in `q` (measures, filters, groupings, the ranked one), reading the shape `s`."""
    entities: list[tuple[int, str, Table]] = []
    dims: list[tuple[int, str, Column | str]] = []
    value_ends: list[tuple[int, str]] = []
    value_labels: list[tuple[int, Column]] = []
    spans: dict[str, list[tuple[int, int]]] = {}  # column ref -> where its values were named
    weak: list[bool] = []
    placed: dict[str, int] = {}  # measure name -> where it was named
    negated_ends: dict[str, int] = {}  # column ref -> where its last excluded value ends
    zero_ends: dict[str, int] = {}  # column ref -> where its last value of "which X never/neither ..." ends
    never_at: list[int] = []  # where a "never" / "neither" read as a negated filter starts
    measure_end = -1  # where the last measure named ends
    for pos, end, words, target in found:
        if target.kind == "ambiguous":
            q.not_understood.append(f"'{target.value}' (it matches several values)")
        elif target.kind == "measure":
            if re.match(r"\s*(data|figures|numbers|results|report|dashboard)\b", t.s[end:]) and len(found) > 1:
                continue  # "the latest sales data": the data, not a measure
            measure = measure_of(target, s.aggregate)
            # "net sales": a word of the measure's own label ("revenue (USD, net of discounts)") only describes it
            said = {w for w in normalise(measure.label).split() if len(w) > 2 and w not in STOP_WORDS}
            while (prior := re.search(r"([a-z]+)\s*$", t.s[:pos])) and prior.group(1) in said:
                t.s = t.s[: prior.start(1)] + " " * len(prior.group(1)) + t.s[prior.end(1) :]
            none_before(t, q, pos)  # "which products had no sales in Q4": the groups with none
            # "revenue per unit", "margin for each order line": the measure named before divided by this one
            per_word = re.fullmatch(_RATIO_JOIN, t.read[measure_end:pos]) if q.measures and measure_end >= 0 else None
            if per_word and (ratio := ratio_of(q.measures[-1], measure)) is not None:
                t.s = (
                    t.s[: per_word.start(1) + measure_end]
                    + " " * len(per_word.group(1))
                    + t.s[per_word.end(1) + measure_end :]
                )
                placed[ratio.name] = placed.pop(q.measures[-1].name, pos)
                q.measures[-1], weak[-1], measure_end = ratio, weak[-1] and target.weak, end
                continue
            measure_end = end
            if measure.name not in [m.name for m in q.measures]:
                q.measures.append(measure)
                weak.append(target.weak)
                placed[measure.name] = pos
        elif target.kind == "value" and target.column is not None:
            none_before(t, q, pos)  # "which components have no open tickets": the groups with none of those rows
            # "not P1 or P2", "excluding North and South", "not email or the vpn": a value joined to an excluded one
            joined = negated_ends.get(target.column.ref, -1) >= 0 and re.fullmatch(
                r"\s*(?:,\s*)?(?:or|and|nor|,)?\s*(?:(?:the|an?|any|our)\s+)?",
                t.read[negated_ends[target.column.ref] : pos],
            )
            negated = None if joined else negation(t.read[:pos], target.column)
            # "which components were never P1", "which assignee has neither P1 nor P2 tickets": the groups with
            # none of those rows, never each group's count of the other rows
            nor = zero_ends.get(target.column.ref, -1) >= 0 and re.fullmatch(
                r"\s*(?:,\s*)?(?:or|nor|,)\s*", t.read[zero_ends[target.column.ref] : pos]
            )
            if nor or (negated is not None and groups_have_none(t, q, negated, dims)):
                if negated is not None:
                    t.s = t.s[: negated.start()] + " " * (negated.end() - negated.start()) + t.s[negated.end() :]
                zero_ends[target.column.ref] = end
                q.zero_rows = True
                values = q.filters.setdefault(target.column.ref, [])
                if target.value not in values:
                    values.append(target.value)
                continue
            if negated is not None and negated.group(1) in ("never", "neither"):
                never_at.append(negated.start())
            if joined or negated is not None:
                if negated is not None:
                    t.s = t.s[: negated.start()] + " " * (negated.end() - negated.start()) + t.s[negated.end() :]
                excluded = q.excluded.setdefault(target.column.ref, [])
                # "excluding partner, what share ...", "what share of orders were online, excluding Europe": the
                # rows any share is of; after the share's words only "excluding" / "apart from" set rows aside: "what
                # share of ben's tickets are for components other than Email", "what share came from outside Europe"
                # say the part (review15 data #20: whole and part were swapped)
                aside = negated is not None and set_aside(negated.group(1))
                # "what share of unresolved tickets are P1", "... of revenue outside Europe came from retail": said
                # before the verb that says the part, the value sets rows aside from the whole
                if negated is not None and (not aside or (s.share_at is not None and negated.start() > s.share_at)):
                    whole = of_the_whole(t.read, s.share_at, negated.start())
                    aside = whole or (aside and negated.group(1) in ALWAYS_ASIDE)
                if aside and target.column.ref not in q.set_aside:
                    q.set_aside.append(target.column.ref)
                if target.value not in excluded:
                    excluded.append(target.value)  # "tickets not closed": every other status
                negated_ends[target.column.ref] = end
                continue
            values = q.filters.setdefault(target.column.ref, [])
            if target.value not in values:
                values.append(target.value)
            value_ends.append((end, target.column.table))
            spans.setdefault(target.column.ref, []).append((pos, end))
            value_labels.append((end, target.column))
            if words.startswith("~"):
                q.notes.append(f"'{words[1:]}' was read as {dim_label(target.column)} '{target.value}'.")
                q.confidence -= 0.05
        elif target.kind == "dimension" and target.column is not None:
            dims.append((pos, words, target.column))
        elif target.kind == "entity" and target.table is not None:
            entities.append((pos, words, target.table))
        elif target.kind == "date" and target.column is not None:
            q.date_column = target.column
    if any(weak) and not all(weak):
        q.measures = [m for m, w in zip(q.measures, weak, strict=True) if not w]
    elif all(weak) and s.how_much and (price := price_asked(t, q, lex)) is not None:
        q.measures = [measure_of(Target("measure", column=price), None)]  # "how much does X sell for": its price
    elif weak and all(weak) and s.how_much and (default := default_measure(lex)) is not None:
        q.measures = [default]  # "how much did we sell": an amount, the domain's main measure
        q.notes.append(f"'How much' is read as {default.label}.")
    for unit, pattern in _TIME_WORDS:
        while m := t.take(pattern):
            dims.append((m.start(), m.group(0), unit))
        # "our best month", "the busiest quarter": a superlative (claimed by the shape) before a unit ranks its periods
        for m in re.finditer(rf"\b(?:{DESC}|{ASC}) ({unit})\b", t.read):
            if t.s[m.start(1) : m.end(1)] == unit:
                t.s = t.s[: m.start(1)] + " " * len(unit) + t.s[m.end(1) :]
                dims.append((m.start(1), unit, unit))

    def groups(pos: int) -> bool:
        before = t.before(pos)
        word = GROUPING_BEFORE.search(t.s[:pos])
        # "each component's tickets": "each" goes with the column named between it and the entity
        if word is not None and not any(word.end(1) <= p < pos for p, _, _ in dims):
            return True
        if heads_a_ranking(t, pos, s):
            return True
        if s.rank_at is None or pos <= s.rank_at:
            return False
        # "the busiest component for P1 tickets", "which component is most common among closed tickets": once a
        # grouping is named, "for ... tickets" is what is counted
        named = any(p < pos for p, _, _ in dims)  # a column or a time unit ("the busiest month for orders")
        return not (named and re.search(r"\b(for|of|among|amongst)(\s+(the|our|all))?\s*$", before))

    entities = [e for e in entities if not said_as_verb(t, e[0], e[1])]  # "what did each region order"
    for pos, _, _ in entities:
        new_rows(t, pos)  # "new tickets": the rows as they came in
    counted_at = max((p for p, _, _ in entities if not groups(p)), default=None)  # the last non-grouping one
    counted_table = next((tb.ref for p, _, tb in entities if p == counted_at), None)
    listed: Column | None = None
    # "top 2 regions by number of orders": the entity right after "number of" is counted, an earlier one groups
    count_at = next((p for p, _, _ in entities if s.count_end is not None and adjacent(t, s.count_end, p)), None)
    for pos, words, table in entities:
        none_before(t, q, pos)  # "which products got zero orders": the groups with none of its rows
        before = t.before(pos)
        grouping = groups(pos)
        per = re.search(r"\b(per|each|every)\s*$", before) is not None
        of_measure = (
            any(  # "the average unit price of products": the measure's own rows, not a grouping
                m.column is not None and m.column.table == table.ref for m in q.measures
            )
            and re.search(r"\b(of|for)( the| all| our)?\s*$", before) is not None
        )
        ends = (s.count_end, s.most_end if not q.measures else None)
        right_after = [e for e in ends if e is not None and adjacent(t, e, pos)]
        # "top region by orders", "agents by closed tickets": a grouping named first is ranked by the entity's count
        ranks = s.rank_at is not None or any(p < pos and isinstance(d, Column) for p, _, d in dims)
        by_entity = re.search(r"\bby\s*$", before) is not None and ranks and not q.measures
        if of_measure or any(label == table.label and 0 <= pos - end <= 2 for end, label in value_labels):
            continue  # "the Wearables category": the word names the row the value already names
        column_only = len(q.measures) == 1 and q.measures[0].column is not None and q.measures[0].named is None
        if column_only and s.superlative and re.search(r"\b(?:on|in|across|among|over)(?: [a-z0-9_-]+){0,2}$", before):
            continue  # "the highest discount on online orders": the rows the column's extreme is taken over
        named = len(q.measures) == 1 and q.measures[0].named is not None and not q.measures[0].ratio
        # "units per order": a table whose rows have no name is no grouping, so "per" asks for an average
        if per and named and (s.aggregate == "avg" or table.label is None):
            q.measures[0] = average_per(q.measures[0], table)
        elif s.count_end is not None and s.count_end in right_after:
            q.measures.append(count_of(table))  # "how many products (did we sell)": count them
            placed[table.name] = pos
        elif right_after or by_entity:
            q.measures.append(count_of(table))  # "the most tickets", "top region by orders"
        elif lists_rows(s, grouping_dims(dims, q), words, table, q, before) and pos == counted_at and not q.measures:
            # "list the open Laptop tickets": one row per ticket (its key, or its unique name), no figure asked
            listed = row_name(table)
            q.measures.append(count_of(table))
            q.notes.append(f"The {words} are listed one per row.")
        elif (s.count and not q.measures and count_at in (None, pos)) or (
            not grouping and not q.measures and pos == counted_at
        ):
            q.measures.append(count_of(table))
        elif q.having is not None and s.count and q.measures and not grouping and table.ref != counted_table_of(q):
            q.measures.append(count_of(table))  # "how many regions had over 1000 orders": what the threshold counts
        elif not grouping and counted_at is not None and pos < counted_at and counted_table == table.ref:
            continue  # "unassigned tickets as a share of all tickets": the same rows named twice, no grouping
        elif (
            q.measures
            and (not (grouping or s.rank_at is not None) or any(p < pos and isinstance(d, Column) for p, _, d in dims))
            and re.search(r"\bfrom(?: the| our| all(?: the| our)?)?\s*$", before)
        ):
            continue  # "how much did we earn from orders in the partner channel": the rows summed, one total
        elif q.measures and beside_a_measure(t, pos, lex):
            q.measures.append(count_of(table))  # "monthly revenue and orders": both figures
        elif (label := row_name(table)) is not None:
            dims.append((pos, words, label))
    only = lex.catalogue.tables[0] if len(lex.catalogue.tables) == 1 else None
    chosen = q.filters or q.excluded or q.missing or q.present or q.search
    if listed is None and only is not None and not (entities or q.measures) and chosen and plain_listing(s, dims, q):
        # "which are unassigned", "show me the closed ones": the rows of the only table, one per row
        listed = row_name(only)
        if listed is not None:
            q.measures.append(count_of(only))
            q.notes.append(f"The {normalise(only.name)} are listed one per row.")
    # "the heaviest workload of open tickets" ("number of tickets of open tickets"): one figure named twice is one
    q.measures = [m for i, m in enumerate(q.measures) if m.name not in {x.name for x in q.measures[:i]}]
    q.measures.sort(key=lambda m: placed.get(m.name, 10**6))
    if s.count and not q.measures and len(lex.catalogue.tables) == 1:
        q.measures.append(count_of(lex.catalogue.tables[0]))
    elif s.count and not q.measures and (q.filters or q.excluded):
        # "how many Haven cameras were bought", "how many wearables do we carry": units, orders or products? Never the
        # domain's main measure (an amount) for a count
        q.not_understood.append("what 'how many' counts (name it: units, orders, products, ...)")
    of_counts = bool(s.aggregate and not s.age and q.measures and all(m.aggregate == "count" for m in q.measures))
    for measure in q.measures:
        if measure.named is not None and s.aggregate == "avg" and not measure.ratio:
            q.not_understood.append(f"an average of {measure.label} per what (per order, per month, ...)")
        elif measure.named is not None and s.aggregate == "median":
            q.not_understood.append(f"a median of {measure.label}")
    if s.count_end is not None and all(m.aggregate == "count" for m in q.measures):
        # "how many distinct assignees", "how many different components have open tickets", "how many people have
        # open tickets": the column's values (a column named in the plural right after "how many" is counted)
        at = next((d for d in dims if isinstance(d[2], Column) and adjacent(t, s.count_end, d[0])), None)
        last = at[1].split()[-1] if at is not None and at[1].split() else ""
        if at is not None and isinstance(at[2], Column) and (s.distinct or singular(last) != last):
            dims.remove(at)
            q.measures = [count_distinct(at[2])]
    own_columns(q, dims, lex)
    # "what region was order 812 from": a table named by its noun stands for its label in a look-up
    labels: list[tuple[int, str, Column | str]] = [(p, w, c) for p, w, tb in entities if (c := row_name(tb))]
    if not read_lookup(t, q, s, lex, dims + labels):  # "who's INC-1012 assigned to": the row's columns (lookup.py)
        place_dimensions(t, q, sorted(dims, key=lambda d: d[0]), s, value_labels, catalogue=lex.catalogue)
        share_within(t, q, s, dims, spans)
    ratio_asked(q, s)  # "the ratio of open tickets to closed ones": one figure over the other
    # "how many order lines had more than 3 units": each line's quantity; "$150 a unit": its price (row_thresholds.py)
    row_threshold(q, lex, t.read)
    groups_counted(q, s, lex)  # "how many products sold at least 1500 units": the groups passing, counted
    # "which categories brought in more than $400k": with no measure named, the threshold's figure is unknown (the
    # domain's main measure would answer "which products cost more than $150" with revenue): unsure
    if (q.having is not None and not (q.dimensions and len(q.measures) == 1)) or (q.having and q.zero_rows):
        # "how many products cost more than $150": the figure the threshold applies to was not named; "tickets with
        # more than 2": no grouping
        counted = [m for m in q.measures if m.aggregate == "count"]
        unnamed = (q.dimensions and len(counted) == len(q.measures)) or (
            s.count and len(counted) == 1 == len(q.measures)
        )
        q.not_understood.append(
            "which figure the threshold applies to (name it: 'revenue over 400k', 'more than 2 tickets')"
            if unnamed
            else "which groups the threshold applies to (name one grouping: 'which X have more ...')"
        )
    if groups_never(q, dims, entities, never_at):
        # "who has never been assigned a P1", "which priorities has chloe never worked": groups asked with a "never"
        # the zero-groups reading did not take (each group's count of the other rows would be confidently wrong)
        q.not_understood.append("which groups have none (say 'which components have no ...')")
    if q.zero_rows and not (len(q.dimensions) == 1 and isinstance(q.dimensions[0], Column) and not q.top_n):
        q.not_understood.append("which groups have none (name one grouping, as 'which components have no ...')")
    if of_counts:
        # "average number of tickets per assignee": the per-group counts, averaged (one grouping, nothing else)
        if len(q.dimensions) == 1 and len(q.measures) == 1 and not (q.top_n or q.share or q.compared_periods):
            q.of_groups = s.aggregate
        else:
            q.not_understood.append(f"an {'average' if s.aggregate == 'avg' else 'median'} of a count per what")
    if listed is not None:
        q.dimensions.append(listed)
    if s.eldest and not q.dimensions and not q.not_understood:
        # "which open one is the oldest" with no row named: the oldest of what? Never an average age instead.
        q.not_understood.append("the oldest or newest of what (name the rows)")
    if q.compared_periods and q.compared_periods[0].unit not in q.dimensions:
        q.dimensions.insert(0, str(q.compared_periods[0].unit))
    if s.age and not [m for m in q.measures if m.aggregate != "count"]:
        agg = s.aggregate or "avg"
        words = {"avg": "average", "median": "median"}[agg]
        q.measures = [
            Measure(f"{agg}_age_days", f"{words} age in days (from its date to now)", aggregate=agg, age=True)
        ]
    if not q.measures and (q.dimensions or q.top_n or q.filters or q.period or q.missing):
        default = default_measure(lex) if not cost_to_make(t.read) else None  # "cost us to make": never revenue
        if default is not None:
            q.measures.append(default)
            q.notes.append(f"No measure was named, so {default.label} is used.")
            q.confidence -= 0.15
    if s.trend and not any(isinstance(d, str) for d in q.dimensions):
        unit = q.period.trend_unit() if q.period else "quarter"  # "over 5-8 January": by day, never one quarter
        q.dimensions.insert(0, unit)
    if q.share and any(m.ratio for m in q.measures):
        q.notes.append("A share of an average or ratio means nothing, so none is given.")
        q.share = False
    nothing_asked_of_the_row(q, s, lex)  # "INC-1004 please": never "1 ticket" (lookup.py)
    q.part_negated = part_negated(q, spans, negated_ends, t.read, s.share_at)  # "what share of P1s are not closed"
    if q.share and len(q.filters) > 1 and not [d for d in q.dimensions if isinstance(d, Column)]:
        share_column_first(q, spans, s.share_at)
    # "P3 or P4 tickets": one total over either value; "P3 and P4", "P3 vs P4": side by side.
    or_joined = {ref for ref, at in spans.items() if len(at) > 1 and either(t.read, sorted(at)) and not s.compare}
    compared = [ref for ref, values in q.filters.items() if len(values) > 1 and ref not in or_joined]
    if compared and (s.compare or not s.total):
        q.compare = lex.catalogue.column(compared[0])
        if q.compare not in q.dimensions:
            q.dimensions.append(q.compare)
    if s.comparative and q.compare is None and len(q.compared_periods) != 2:  # two periods are the two compared
        q.not_understood.append("'more' or 'fewer' than what (name the two to compare)")
    if s.difference and not s.growth:
        q.difference = q.compare is not None and len(q.filters[q.compare.ref]) == 2
        if not q.difference:
            q.not_understood.append("the difference between what (name the two to compare)")
    q.difference = q.difference or (s.growth and (s.difference or s.change_itself))
    if s.growth:
        categorical = [d for d in q.dimensions if isinstance(d, Column)]
        if len(q.compared_periods) == 2 and categorical and not q.compare and not q.share:
            # "which region grew most between Q2 and Q3": each group's change from the first period to the second
            q.growth = True
            q.dimensions = [d for d in q.dimensions if isinstance(d, Column)]
            q.ranked = q.ranked if isinstance(q.ranked, Column) else categorical[-1]
            if s.decline:  # "fell the most", "whose sales dropped": the most negative change first
                q.ascending = not q.ascending if s.superlative else True
        elif any(isinstance(d, str) for d in q.dimensions) and not q.top_n and not q.compare:
            q.growth = True
        elif categorical and not (q.period or q.compared_periods or q.compare or q.share or q.weekdays):
            # "which region is growing fastest", "which products are declining": no period named, so the last
            # complete quarter beside the one before (the builder dates them; the answer says so)
            q.growth, q.recent_change = True, "quarter"
            q.dimensions = list(categorical)
            q.ranked = q.ranked if isinstance(q.ranked, Column) else categorical[-1]
            q.confidence -= 0.1
            if s.decline:
                q.ascending = not q.ascending if s.superlative else True
        else:
            q.not_understood.append("a change over time without periods to compare (name two, or ask by quarter)")
