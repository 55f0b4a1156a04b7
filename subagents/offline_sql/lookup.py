"""One record named by its key, and what is asked of it: "who's INC-1012 assigned to", "when was INC-1004 opened",
"the title of INC-1007", "is INC-1003 closed", "INC-1004 status".

A request that pins one row by a unique column (its key, or a unique name) and asks no figure is a look-up: the
columns asked are shown for that row, and a value said of it ("closed") is shown, not used as a filter, so the
answer says what the row holds ("in_progress") instead of counting none. What is asked comes from the request's
structure: a column named (by its dimension phrase or its own name), a value of another column, or "when" (the
row's date). Nothing asked stays `Unsure` ("what to show of INC-1004"), never "1 ticket".
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise, plural, singular
from cognicore.subagents.offline_sql.mapping import Mapping, Text, count_of
from cognicore.subagents.offline_sql.shape import Shape

__all__ = ["nothing_asked_of_the_row", "pinned_row", "read_lookup"]


def pinned_row(q: Mapping, lex: Lexicon) -> tuple[Table, Column] | None:
    """The table and unique column of the one row the filters name by a single value, if they do."""
    keyed = [
        lex.catalogue.column(ref)
        for ref, values in q.filters.items()
        if len(values) == 1 and (lex.catalogue.column(ref).primary_key or lex.catalogue.column(ref).unique)
    ]
    if len(keyed) != 1:
        return None
    return lex.catalogue.table(keyed[0].table), keyed[0]


# "how much is the X", "how much does X sell for": what one thing costs; never "how much did we sell" / "do we make"
def _asks_a_figure(q: Mapping, s: Shape) -> bool:
    """A count, ranking, share, period, trend or threshold asked: not a look-up of one row."""
    shaped = q.top_n or q.share or q.ranked is not None or q.growth or q.having or q.compared_periods or q.zero_rows
    return bool(s.count or shaped or q.period or q.weekdays or q.search or q.excluded or s.age or s.trend)


# The whole record asked for: "details of", "everything on", "all the info about", "the full record of".
_WHOLE_ROW = (
    r"\b(?:(?:full |all (?:the )?)?details?|everything|(?:all (?:the )?)?info(?:rmation)?|(?:full |whole )?record)"
    r"(?= (?:of|on|about|for)\b)"
)


_PAST_VALUE = re.compile(
    r"\b(?:launch|original|initial|introductory|starting|old|previous|former|earlier)(?= (?:[a-z]+ )?(?:price|cost))|"
    r"\b(?:at|on|since) (?:its |the )?launch\b|\bwhen it (?:launched|came out|was launched)\b"
)


def _own_values(q: Mapping, pinned: tuple[Table, Column]) -> list[str]:
    """The row's own columns the request filters on (a value, set or empty), taken out of the filters."""
    table, key = pinned
    own = {c.ref for c in table.columns} - {key.ref}
    refs = [r for r in [*q.filters, *q.present, *q.missing] if r in own]
    for r in refs:
        q.filters.pop(r, None)
        q.present[:] = [x for x in q.present if x != r]
        q.missing[:] = [x for x in q.missing if x != r]
    return list(dict.fromkeys(refs))


def read_lookup(t: Text, q: Mapping, s: Shape, lex: Lexicon, dims: list[tuple[int, str, Column | str]]) -> bool:
    """When `q` pins one row and asks columns of it (and no figure), show those columns for that row; True if so."""
    pinned = pinned_row(q, lex)
    if pinned is not None and q.period is not None and _own_figures(q, pinned[0]):
        # "what did the X cost to make last year": one value per row, which no date of the data dates
        q.not_understood.append(f"the {_own_figures(q, pinned[0])} in {q.period.label} (the data keeps one value)")
        return False
    if pinned is not None and s.age and pinned[1].ref in q.filters:  # named by its key or unique name
        # "how long has INC-1003 been open": the row's age, never filtered by a value said of it ("open": no row left)
        if kept := [r.rsplit(".", 1)[1] for r in _own_values(q, pinned)]:
            q.notes.append(f"Its age runs from its date to now; its {', '.join(kept)} is not taken into account.")
        return False
    if pinned is None or _asks_a_figure(q, s):
        return False
    table, key = pinned
    # "the unit price of <a product>": a column of the row, never that column summed over its order lines
    own = {c.name: c for c in table.columns}
    asked: list[Column] = [own[m.column.name] for m in q.measures if m.column is not None and m.column.name in own]
    figures = [m for m in q.measures if m.column is None or m.column.name not in own]
    if any(m.table is None or m.table.ref != table.ref or m.aggregate != "count" for m in figures):
        return False  # a figure of the row ("revenue of <a product>") is a figure, not a look-up
    # its own columns, and those of the rows it references ("what region was order 812 from": its region's name)
    own_tables = {table.ref} | {j.parent for j in lex.catalogue.joins if j.child == table.ref}
    asked += [d for _, _, d in dims if isinstance(d, Column) and d.table in own_tables and d != key]
    # "is INC-1003 closed", "who is assigned INC-1016": its status, its assignee shown (empty or not), never filtered on
    asked += [lex.catalogue.column(r) for r in _own_values(q, pinned)]
    asked += _columns_named(t, table, key, asked)
    dated = q.date_column if q.date_column is not None and q.date_column.table == table.ref else None
    # "when" anywhere asks the row's date: "when was INC-1004 opened", "who has INC-1012 and when was it opened"
    when = re.search(r"\bwhen\b", t.read) is not None
    if dated is None and when:
        dates = [c for c in table.columns if c.kind == "date"]
        dated = dates[0] if len(dates) == 1 else None
    if dated is not None and dated not in asked and (not asked or when):
        # the row's date; "which region was order 12 placed in" (no "when") asks the region only
        asked.append(dated)
    if not asked and t.take(_WHOLE_ROW):  # "details of INC-1004", "everything about order 77": every column
        asked = [c for c in table.columns if c != key and c.kind != "other" and not c.is_key]
    if not asked:
        return False
    past = _PAST_VALUE.search(t.read)  # "the launch price of X", "its original price": a value the row no longer has
    if past is not None and (any(c.kind == "numeric" for c in asked) or re.search(r"\b(?:cost|price)", t.read)):
        q.not_understood.append(f"the value {past.group(0).strip()} (the data keeps today's value only)")
        return False
    q.measures = [count_of(table)]
    columns = list(dict.fromkeys(asked))
    q.dimensions = list(columns)
    q.date_column = None
    q.looked_up = True
    value = q.filters[key.ref][0]
    shown = ", ".join(c.name for c in columns)
    q.notes.append(f"{value} names one row of {table.ref}; its {shown} is shown.")
    # "what are we selling the X for to enterprise customers": the row keeps one value, whoever it is sold to
    other = [lex.catalogue.column(r) for r in q.filters if lex.catalogue.column(r).table not in own_tables]
    if other:
        said = " or ".join(c.name.replace("_", " ") for c in other)
        q.notes.append(f"The data keeps one {shown} for it: it does not vary by {said}.")
    return True


def _own_figures(q: Mapping, table: Table) -> str:
    """The numeric columns of `table` itself asked as the only figures ("unit cost"), else ""."""
    own = [m.column.name for m in q.measures if m.column is not None and m.column.table == table.ref]
    if not own or len(own) != len(q.measures) or any(m.aggregate == "count" for m in q.measures):
        return ""
    return ", ".join(name.replace("_", " ") for name in own)


def _columns_named(t: Text, table: Table, key: Column, asked: list[Column]) -> list[Column]:
    """Columns of `table` named by their own name ("the title of INC-1007") or by its last word when no other column
    ends so ("what's the price of X": unit_price), with the words of the column's comment before it ("current")."""
    last_words = [normalise(c.name.replace("_", " ")).split()[-1] for c in table.columns]
    found: list[Column] = []
    for c, last in zip(table.columns, last_words, strict=True):
        if c == key or c in asked:
            continue
        words = normalise(c.name.replace("_", " "))
        names = {words, plural(words)} | (
            {last, plural(last)} if len(last) >= 4 and last_words.count(last) == 1 else set()
        )
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        m = re.search(rf"\b(?:{alternatives})\b", t.s)
        if m is None:
            continue
        start = m.start()
        described = set(normalise(c.comment).split())
        while before := re.search(r"([a-z]+)\s*$", t.s[:start]):  # "the current price": its comment's words
            if before.group(1) not in described:
                break
            start = before.start(1)
        # a last word only as a noun ("the price of", "its cost"), never a verb ("what does X cost": the price?)
        # ("sku for the <product>": a column opening the request, or followed by "for", is a noun too)
        noun = (
            re.search(r"\b(?:the|its|their|his|her|our|your|an?)\s*$", t.read[:start])
            or re.match(r"\s*(?:of|for)\b", t.read[m.end() :])
            or not t.read[:start].strip()
        )
        if m.group(0) in (words, plural(words)) or noun:
            found.append(c)
            t.s = t.s[:start] + " " * (m.end() - start) + t.s[m.end() :]
    return found


def nothing_asked_of_the_row(q: Mapping, s: Shape, lex: Lexicon) -> None:
    """ "INC-1004 please", "the sku of <a product>" (a plugin may read "sku" as "product"): rows named
    by their key, or one row by a unique name, with no column of them placed and only their count: `Unsure`."""
    keyed = [values for ref, values in q.filters.items() if lex.catalogue.column(ref).primary_key]
    pinned = pinned_row(q, lex)
    if (
        pinned is not None
        and not keyed
        and all(m.table is not None and m.table.ref == pinned[0].ref for m in q.measures)
    ):
        keyed = [q.filters[pinned[1].ref]]
    # the rows listed by the very key or name that filters them ("INC-1004 please" read as a listing) show nothing
    shown = [d for d in q.dimensions if not (isinstance(d, Column) and d.ref in q.filters)]
    if keyed and not shown and not s.count and all(m.aggregate == "count" for m in q.measures):
        q.not_understood.append(f"what to show of {', '.join(keyed[0])}")


# A superlative before a row's noun ("the biggest order 2025", "our top single order 2024") ranks the rows of a
# period: the number after the noun is then the year. One look-behind a word (Python's are of a fixed width).
_SUPERLATIVES = (
    "biggest largest smallest greatest highest lowest top best worst priciest cheapest costliest expensive "
    "valuable first last latest earliest newest oldest"
).split()
_NO_SUPERLATIVE = "".join(f"(?<!{w} )(?<!{w} single )" for w in _SUPERLATIVES)


def numbered_row(t: Text, q: Mapping, lex: Lexicon, *, one: bool = False) -> list[str]:
    """ "order 2500", "order no. 1200", "order #3001": a table's noun followed by a number names the row whose
    numeric key it is, a filter on that key; the rows named ("order 2500"). Read with `one` before the periods, only
    the noun in the singular ("order 2001" is that order, not the year; "orders 2025" may be the year's orders).

    "the lines on order 1200": the last word of a table named after the numbered one ("order lines") then names
    that table's rows of it, so it restricts nothing more."""
    named: list[str] = []
    for table in lex.catalogue.tables:
        key = table.primary_key
        if key is not None and key.kind == "text" and key.values:
            named += _numbered_text_key(t, q, table, key)
        if key is None or key.kind != "numeric":
            continue
        noun = singular(normalise(table.name).split()[-1])
        nouns = noun if one else f"{noun}|{plural(noun)}"
        # before the periods, never a grouping ("margin by category 2025": the year) nor more rows than the table has
        grouped = r"(?<!by )(?<!per )(?<!each )(?<!every )(?<!across )" if one else ""
        if one:  # "the biggest order 2025": the year's biggest order, when the number reads as a year
            grouped += rf"(?:{_NO_SUPERLATIVE}|(?!(?:{nouns})(?: (?:number|num|no|nr|id))? (?:19|20)\d\d\b))"
        pattern = rf"{grouped}\b(?:{nouns})(?: (?:number|num|no|nr|id))? (\d{{1,9}})\b(?! ?percent)"
        if one and 0 < table.approx_rows < 10**9:
            bigger = [m for m in re.finditer(pattern, t.s) if int(m.group(1)) > table.approx_rows]
            if bigger:
                continue
        while m := t.take(pattern):
            q.filters.setdefault(key.ref, [])
            if m.group(1) not in q.filters[key.ref]:
                q.filters[key.ref].append(m.group(1))
            named.append(f"{noun} {m.group(1)}")
        if not named or not named[-1].startswith(noun):
            continue
        # only a table named after it ("order_items"), never another table said with its noun ("order region")
        parts = {
            p.split()[-1]
            for p, ts in lex.phrases.items()
            if len(p.split()) == 2
            and p.split()[0] == noun
            and any(x.kind == "entity" and x.table is not None and _named_after(x.table, noun) for x in ts)
        }
        for part in parts:
            while t.take(rf"\b(?:{part}|{plural(part)})\b"):
                pass
    return named


def _named_after(table: Table, noun: str) -> bool:
    """Whether `table`'s name opens with `noun` ("order_items" after "order")."""
    return singular(normalise(table.name).split()[0]) == noun


def _numbered_text_key(t: Text, q: Mapping, table: Table, key: Column) -> list[str]:
    """ "ticket 1004" where the keys are written "INC-1004": the one key value ending in that number."""
    noun = singular(normalise(table.name).split()[-1])
    named: list[str] = []
    for m in list(re.finditer(rf"\b(?:{noun}|{plural(noun)})(?: (?:number|num|no|nr|id))? (\d{{1,9}})\b", t.s)):
        matching = [v for v in key.values if re.search(rf"(?<!\d){m.group(1)}$", v)]
        if len(matching) != 1:
            continue
        t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]
        values = q.filters.setdefault(key.ref, [])
        if matching[0] not in values:
            values.append(matching[0])
        named.append(matching[0])
    return named
