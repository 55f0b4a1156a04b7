"""What an entity named in a request does: listed one per row, heading a ranking, counted right after "how many".

The small readings `resolve` asks of each phrase it places, kept apart so resolve.py only places them.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon, singular
from cognicore.subagents.offline_sql.mapping import Mapping, Text, row_name
from cognicore.subagents.offline_sql.shape import Shape

LISTABLE_ROWS = 200  # the rows an answer shows at most (database_query's default row limit)


def counted_table_of(q: Mapping) -> str | None:
    """The table whose rows the first measure counts, if it is a count."""
    return q.measures[0].table.ref if q.measures and q.measures[0].table is not None else None


def lists_rows(
    s: Shape, dims: list[tuple[int, str, Column | str]], words: str, table: Table, q: Mapping, before: str = ""
) -> bool:
    """ "list the open tickets", "which tickets are unassigned", "list every ticket ben has": the rows of a plural
    entity (or one said after "every"), no figure asked."""
    last = words.split()[-1] if words.split() else ""
    plain = not (dims or s.count or s.superlative or s.aggregate or s.age or s.growth or s.total or s.comparative)
    # "p1 and p2 incidents": two values of one column side by side, unless a listing is asked in words
    plain = plain and not (s.implied and any(len(v) > 1 for v in q.filters.values()))
    every = re.search(r"\bevery$", before) is not None  # "every ticket" names them all, as "tickets" does
    # "online orders?" of a table known to hold more rows than an answer shows: their count, not a cut list
    too_many = s.noun_phrase and table.approx_rows > LISTABLE_ROWS
    return s.listing and plain and (last != singular(last) or every) and row_name(table) is not None and not too_many


def plain_listing(s: Shape, dims: list[tuple[int, str, Column | str]], q: Mapping) -> bool:
    """ "list ...", "which are ...": rows asked for by their values alone, no figure, grouping or ranking."""
    shaped = s.count or s.superlative or s.aggregate or s.age or s.growth or s.total or q.share or s.comparative
    shaped = shaped or (s.implied and any(len(v) > 1 for v in q.filters.values()))
    return s.listing and not shaped and not grouping_dims(dims, q)


# "region with the fewest orders", "the product that had the highest margin": the request opens with the thing
# ranked, as "which region has the fewest orders" does; what follows the ranking word is what is counted.
_OPENING = re.compile(r"\s*(?:(?:show|list|give|tell|find|get|me|us|the|our|pls|please)\s+)*")
_HEAD_WITH = re.compile(
    r"[a-z0-9_ ]*?\s(?:with|having|(?:that|which) (?:has|have|had|got|made|sold|brought))\s+(?:the\s+)?"
)


def heads_a_ranking(t: Text, pos: int, s: Shape) -> bool:
    """Whether the words at `pos` open the request and name what a ranking word after "with" ranks."""
    if s.rank_at is None or pos >= s.rank_at or _OPENING.fullmatch(t.before(pos)) is None:
        return False
    return _HEAD_WITH.fullmatch(t.read[pos : s.rank_at]) is not None


def grouping_dims(dims: list[tuple[int, str, Column | str]], q: Mapping) -> list[tuple[int, str, Column | str]]:
    """The dimension words that may group: "assigned to ben" names the filter's own column, no grouping."""
    filtered = {*q.filters, *q.excluded, *q.missing, *q.present}
    return [d for d in dims if not (isinstance(d[2], Column) and d[2].ref in filtered)]


def adjacent(t: Text, end: int, pos: int) -> bool:
    """Only blanks, claimed words, articles and the joins of claimed values ("P1 or P2") lie between them."""
    return 0 <= pos - end and re.fullmatch(r"\s*((the|our|of|or|and)\s+)*", t.s[end:pos]) is not None


def beside_a_measure(t: Text, pos: int, lex: Lexicon) -> bool:
    """ "revenue and orders by month", "margin as well as orders": an entity joined to a measure named just before it is
    a second figure (its count), never a grouping by each of its rows."""
    joined = re.search(r"((?:[a-z0-9]+ ){1,4})(?:and|as well as) (?:the |our )?$", t.read[:pos])
    if joined is None:
        return False
    words = joined.group(1).split()
    return any(x.kind == "measure" for n in range(1, len(words) + 1) for x in lex.phrases.get(" ".join(words[-n:]), []))
