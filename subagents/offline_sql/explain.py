"""The sentence saying what a built query computes and how the request was read (measures, groupings, ranking,
shares, period with its dates, filters), with the writer's notes and confidence.
"""

from __future__ import annotations

from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.mapping import Mapping
from cognicore.subagents.offline_sql.periods import Period
from cognicore.subagents.offline_sql.query import dim_name, ref_name


def explain(
    q: Mapping,
    period: Period | None,
    date_col: Column | None,
    notes: list[str],
    pivot: bool,
    *,
    top_share: bool = False,
) -> str:
    """What the query computes and how the request was read, with the period's dates and the confidence."""
    text = " and ".join(m.label for m in q.measures)
    text = text[0].upper() + text[1:]
    dims = [dim_name(d).replace("_", " ") for d in q.dimensions]
    if dims:
        text += " by " + " and ".join(dims)
    if pivot and q.compare is not None:
        text += f", {' vs '.join(q.filters[q.compare.ref])} side by side"
    between = q.growth and q.compared_periods and not any(isinstance(d, str) for d in q.dimensions)
    if q.top_n and q.ranked is not None:
        which = "bottom" if q.ascending else "top"
        by = "change" if between else q.measures[0].name.replace("_", " ")
        # "the second best": that one place (ties at it all shown), not the top two
        text += (
            f", place {q.top_n} from the {which} by {by} (tied ones all shown)"
            if q.nth
            else f", the {which} {q.top_n}% of them by {by} (the places within it, ties kept)"
            if q.top_percent
            else f", the {which} {q.top_n} by {by}"
        )
    elif q.ranked is not None and not between:
        text += f", ranked by {q.measures[0].name.replace('_', ' ')} ({'lowest' if q.ascending else 'highest'} first)"
    if between and not q.attribution:  # a 'why' is ranked by contribution (attribution.py says so)
        text += f", ranked by the change in % from {q.compared_periods[0].label} to {q.compared_periods[1].label}"
        text += f" (change_pct, {'lowest' if q.ascending else 'highest'} first)"
    elif q.growth and not q.attribution:
        text += ", with the change from the previous period in % (change_pct)"
    if share_of_empties(q) and q.missing:
        text += f", with their share of all the rows, empty {' or '.join(map(ref_name, q.missing))} or not (share_pct)"
    elif share_of_empties(q):  # "what share of tickets are not closed"; "... of P1 tickets": of the P1 rows
        whole = " and ".join(f"{ref_name(r)} is {' or '.join(v)}" for r, v in q.filters.items())
        text += (
            f", with their share of the rows where {whole} (share_pct)"
            if whole
            else ", with their share of all the rows (share_pct)"
        )
    elif q.share_within:
        part = " and ".join(f"{ref_name(r)} is {' or '.join(q.filters[r])}" for r in q.share_within)
        text += f" where {part}, with their share of each group's rows (share_pct)"
    elif q.share:
        text += ", with each row's share of the total of all rows (share_pct, computed over the whole filtered set)"
    elif top_share:
        text += ", with each one's share of the total of all of them (share_pct, computed before the top cut)"
    if q.compared_periods and date_col is not None:
        text += f", for {' vs '.join(p.describe() for p in q.compared_periods)} (by {date_col.ref})"
    elif period is not None and date_col is not None:
        text += f", for {period.describe()} (by {date_col.ref})"
    else:
        text += ", over all the data"
    rest = filters_text(q, leave=q.share_within)
    if rest:
        text += ", where " + rest
    return " ".join([text + ".", *notes, f"(offline SQL writer, confidence {q.confidence:.2f})"])


def share_of_empties(q: Mapping) -> bool:
    """ "What share of tickets are unassigned", "... are not closed", "what share of lines had no discount": the rows
    whose column is empty (or not the value, or whose amount is zero or above it), as a share of all rows."""
    grouped = [d for d in q.dimensions if isinstance(d, Column)]
    parts = q.missing or set(q.excluded) - set(q.set_aside) or q.nonzero or q.rates
    return q.share and bool(parts) and (not q.filters or q.part_negated) and not grouped


def filters_text(q: Mapping, *, leave: list[str] | None = None) -> str:
    """The request's filters as words: `region is Europe and channel is online or retail` ("" for none); the
    columns in `leave` are not filters of the rows (the part a share within each group counts)."""
    parts = [f"{ref_name(r)} is {' or '.join(v)}" for r, v in q.filters.items() if r not in (leave or [])]
    parts += [f"{ref_name(r)} is not {' or '.join(v)}" for r, v in q.excluded.items()]
    parts += [f"{ref_name(r)} is empty" for r in q.missing]
    parts += [f"{ref_name(r)} is not empty" for r in q.present]
    parts += [f"{ref_name(r)} is {'above 0' if above else '0'}" for r, above in q.nonzero.items()]
    parts += [f"{ref_name(r)} is {value}" for r, value in q.rates.items()]
    parts += [f"{r.rsplit('.', 1)[1]} {op} {value:g}" for r, op, value in q.row_conditions]
    if q.search is not None and q.searched:
        verb = "does not contain" if q.search.negated else "contains"
        parts.append(f"{' or '.join(c.name for c in q.searched)} {verb} '{q.search.phrase}' (any case)")
    return " and ".join(parts)
