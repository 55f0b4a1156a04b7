"""A figure and its part, side by side (issue 9.5): "tickets per status and how many of them are P1", "tickets per
assignee with how many each has closed", "the number of tickets and the number still open, by priority".

The whole is mapped as it is asked; the part is the same request narrowed by one more value. When the two differ by
exactly that one condition, the whole's query gets a column of its measure over the rows that also meet it
(`count(*) FILTER (WHERE priority = 'P1')`), so a report carries both asked figures instead of one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

import sqlglot
from sqlglot import expressions as exp

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql.builder import build_query
from cognicore.subagents.offline_sql.lexicon import Lexicon
from cognicore.subagents.offline_sql.mapping import Mapping
from cognicore.subagents.sql_writer import SqlDraft

__all__ = ["with_part"]

Mapper = Callable[[str, Lexicon, date], Mapping]

_PART = re.compile(
    r"^(?P<whole>.+?)\s*,?\s+(?:and|with|plus)\s+(?:"
    # "how many of them are P1", "how many each has closed", "the number still open", "how many of each are P1"
    r"(?:how\s+(?:many|much)|the\s+number|the\s+amount)(?:\s+of\s+(?:them|those|these|each|it|that))?(?:\s+each)?"
    r"(?:\s+(?:has|have|had|is|are|were|was|got|get))?(?:\s+(?:still|now|already))?\s+(?P<part>[\w-]+(?:\s+[\w-]+)?)"
    # "the number of P1s among them"
    r"|the\s+number\s+of\s+(?P<among>[\w-]+?)s?\s+among\s+(?:them|those))"
    r"(?P<rest>\s*(?:,|\bby\b|\bper\b|\bfor\b|\bas\b|\bin\b|$).*)$",
    re.IGNORECASE,
)


def with_part(lex: Lexicon, question: str, today: date, mapped: Mapper) -> SqlDraft | None:
    """The draft of a figure with its part beside it, or None when the question is not one (or cannot be read so)."""
    m = _PART.match(question.strip())
    if m is None:
        return None
    part = (m.group("part") or m.group("among") or "").strip()
    whole = f"{m.group('whole')}{m.group('rest')}".strip()
    try:
        q_whole = mapped(whole, lex, today)
        q_part = mapped(f"{part} {whole}", lex, today)
    except Unsure:
        return None
    added = {k: v for k, v in q_part.filters.items() if q_whole.filters.get(k) != v}
    same_shape = (
        [x.name for x in q_whole.measures] == [x.name for x in q_part.measures]
        and [str(d) for d in q_whole.dimensions] == [str(d) for d in q_part.dimensions]
        and len(added) == 1
        and len(q_whole.measures) == 1
        and all(q_part.filters.get(k) == v for k, v in q_whole.filters.items())
    )
    if not same_shape:
        return None
    sql_whole, explanation, period, scope = build_query(q_whole, lex.catalogue, today)
    sql_part, *_ = build_query(q_part, lex.catalogue, today)
    combined = _beside(sql_whole, sql_part, part)
    if combined is None:
        return None
    text = f"{explanation} Beside it, the same figure for the rows that are also {part} ({_name(part)})."
    return SqlDraft(sql=combined, explanation=text, period=period, scope=scope)


def _name(part: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", part.lower()).strip("_") or "part"


def _beside(whole: str, part: str, label: str) -> str | None:
    """`whole` with one more column: its one aggregate over the rows `part`'s extra WHERE condition keeps."""
    try:
        w = sqlglot.parse_one(whole, read="postgres")
        p = sqlglot.parse_one(part, read="postgres")
    except sqlglot.errors.ParseError:
        return None
    if not isinstance(w, exp.Select) or not isinstance(p, exp.Select):
        return None
    held = {c.sql("postgres") for c in _conditions(w.args.get("where"))}
    extra = [c for c in _conditions(p.args.get("where")) if c.sql("postgres") not in held]
    # The measure: the one selected expression with one aggregate in it (`round(sum(revenue), 2)` too).
    aggregates = [
        (i, s)
        for i, s in enumerate(w.expressions)
        if len(list(s.find_all(exp.AggFunc))) == 1 and not s.find(exp.Window)
    ]
    if len(extra) != 1 or len(aggregates) != 1:
        return None
    index, measure = aggregates[0]
    column = measure.unalias().copy()
    inner = next(column.find_all(exp.AggFunc))
    filtered = exp.Filter(this=inner.copy(), expression=exp.Where(this=extra[0].copy()))
    column = filtered if inner is column else column.transform(lambda n: filtered if n is inner else n, copy=False)
    w.expressions.insert(index + 1, exp.alias_(column, _name(label)))
    return w.sql("postgres", pretty=True)


def _conditions(where: exp.Expression | None) -> list[exp.Expression]:
    """The AND-ed conditions of a WHERE clause."""
    if where is None:
        return []
    node = where.this if isinstance(where, exp.Where) else where
    return [c for c in node.flatten() if isinstance(c, exp.Expression)] if isinstance(node, exp.And) else [node]
