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

__all__ = ["nothing_asked_of_the_row", "pinned_row", "price_asked", "price_words", "read_lookup"]


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
_ITS_PRICE = re.compile(r"\s*how much\s+(is|are|does|do)\b(?!\s+(?:we|you|they|our|i)\b)")


def price_asked(t: Text, q: Mapping, lex: Lexicon) -> Column | None:
    """The price column of the one row `q` pins, when "how much is/does <it>" asks what it costs and no period or
    other figure is named: the table's only numeric column whose name or comment says "price"."""
    if (asked := _ITS_PRICE.match(t.read)) is None:
        return None
    word = "price"
    verb = _PRICE_VERB.search(t.read, asked.end()) if asked.group(1) in ("does", "do") else None
    if verb is not None:  # "how much does the X cost <tail>"
        tail = verb.group("tail").rstrip()
        if re.fullmatch(rf"(?:{_TO_MAKE}){_NOW}", tail):
            word = "cost"  # "what does the X cost to make": its unit cost, when the data has one
        elif not re.fullmatch(_NOW, tail):
            q.not_understood.append(f"what '{verb.group('verb')}{tail}' asks")  # "cost in total": no price
            return None
    # "what does the X cost today": "today" read as a period names when the price is asked, not rows of that day
    now_said = verb is not None and bool(verb.group("tail").strip()) and re.fullmatch(_NOW, verb.group("tail").rstrip())
    pinned = pinned_row(q, lex)
    if pinned is None or (q.period is not None and not now_said) or q.compared_periods:
        return None
    prices = [
        c
        for c in pinned[0].columns
        if c.kind == "numeric" and not c.is_key and word in f"{c.name} {c.comment}".lower().replace("_", " ")
    ]
    if word == "cost":
        prices = [c for c in prices if "price" not in c.name.lower()]
    if len(prices) != 1:
        return None
    if verb is not None and word == "cost":
        t.take(r"\b(?:make|produce|build|manufacture|assemble)\b")  # "to manufacture": said by the cost column
    if now_said:
        q.period = None
    return prices[0]


# English adjectives of price: "the cheapest product", "what's the priciest thing we sell", "most expensive".
# Superlatives only: a comparative ("which region has more expensive orders") compares something else's rows.
_PRICE_ADJECTIVES = re.compile(
    r"\b(?:(?P<low>cheapest|least expensive|least costly)|(?P<high>most expensive|priciest|costliest|dearest))\b"
)
# What may follow the verb of a price and leave it a price: nothing, a time of now or "each" ("what does the X
# cost these days"). "cost to make / produce" asks what the thing costs the seller (a cost column), not its price;
# anything else changes what is asked ("cost us", "cost in total", "cost on average", "sell for in Europe").
_NOW = r"(?: (?:these days|nowadays|now|today|right now|currently|at the moment|at present|each|apiece|per unit))?"
_TO_MAKE = r" to (?:make|produce|build|manufacture|assemble)(?: (?:one|each|a unit|per unit))?"
_PRICE_VERB = re.compile(r"\b(?P<verb>costs?|sells? for|go(?:es)? for|retails? for)\b(?P<tail>.*)$")
# "what does the X cost / sell for", "what do the Y cost these days": "how much" (never "what does X cost us", its cost)
_WHAT_COSTS = re.compile(
    r"^what(?= (?:does|do) (?!(?:we|you|they|our|i|it)\b)(?:[a-z0-9-]+ ){1,6}"
    r"(?:cost\b(?! (?:us|we)\b)|(?:sell|go|retail) for\b))"
)
_GROUPED = re.compile(r"\b(?:by|per)\s+\w")


def _labelled_columns(lex: Lexicon, word: str) -> list[tuple[Table, Column]]:
    """The numeric columns of tables whose rows have a name, called or described by `word` ("price", "cost"); a
    cost column is never one called a price."""
    return [
        (t, c)
        for t in lex.catalogue.tables
        if t.label is not None
        for c in t.columns
        if c.kind == "numeric"
        and not c.is_key
        and word in f"{c.name} {c.comment}".lower().replace("_", " ")
        and (word == "price" or "price" not in c.name.lower())
    ]


# What one thing is sold for, asked of the seller: "how much are we selling the X for (right now)", "what do we
# charge customers for a X nowadays", "the asking price on the X". Group `x` is the thing, said again after.
_SELLER = r"\b(?:how much|what) (?:are|do|will|is) (?:we|you|they) "
_BUYERS = r"(?: (?:customers|people|buyers|clients|shoppers))?"
# "... for in Europe", "... for to enterprise customers", "... online": whom or where it is sold to, which the one
# price column cannot hold: said after the price, where the look-up notes it or the period makes it unsure.
_TO_WHOM = r"(?P<to>(?: (?:in|to|for|among|across|at|via|through|on|online|offline)\b(?: [a-z0-9-]+){0,4})?)"
_CHARGED = (
    re.compile(
        rf"{_SELLER}(?:selling|sell|charging|charge){_BUYERS} (?P<x>(?:[a-z0-9-]+ ){{1,6}}?)for{_TO_WHOM}(?:{_NOW})$"
    ),
    re.compile(
        rf"{_SELLER}(?:charging|charge){_BUYERS} for (?P<x>[a-z0-9-]+(?: [a-z0-9-]+){{0,5}}?){_TO_WHOM}(?:{_NOW})$"
    ),
)
_PRICE_NOUN = re.compile(r"\b(?:current |today s )?(?:asking|selling|sticker|list) price (?=(?:on|of|for)\b)")
# What one thing costs the seller: "what does it cost us to produce one pair of X", "how much do we pay per X",
# "what do X cost us", "how much does each X cost us to make".
_IT_COSTS_US = re.compile(
    r"\b(?:how much|what) (?:does|do|did|would|will) it cost(?: us)? to (?:make|produce|build|manufacture|assemble)"
    r"(?: (?:one|each|a|an|a single))?(?: (?:pairs?|pieces?|box|boxes|packs?|units?) of)?(?: the)?\b|"
    r"\bhow much (?:do|did) we pay (?:for|per)(?: each| one| a| an)?\b"
)
_COSTS_US = re.compile(
    r"\b(?:how much|what) (?:does|do|did) (?:each |one |a |an |the )?(?!(?:it|we|you|they|i) )"
    rf"(?P<x>(?:[a-z0-9-]+ ){{1,6}}?)cost(?: us(?:{_TO_MAKE})?|{_TO_MAKE})(?:{_NOW})\b"
)


_ONE_UNIT = re.compile(r"\b(?:unit|piece|item)\s*$")
# A figure over many rows or order lines: "cost us in total", "charge for X on average", "what do all our X cost
# altogether". A reading of one item's price or cost never passes over one (the text is then left as it is).
_AGGREGATE = re.compile(
    r"\b(?:total|totals|totalled|average|averages|avg|mean|median|overall|altogether|all together|sum|summed|"
    r"combined|cumulative|typical|typically)\b"
)
# Words around the item that name no row: "one pair of the X", "each X unit".
_ITEM_FILLER = {"the", "a", "an", "one", "each", "single", "pair", "pairs", "of", "unit", "units", "piece", "pieces"}


def _names_a_row(words: str, table: Table) -> bool:
    """Whether every word of `words` (but fillers) is a word of a name of `table`'s rows ("haven video doorbell",
    "orbit smartwatches"), never "average order": the item whose cost is asked must be one the data names."""
    label = table.label
    said = [singular(w) for w in words.split() if w not in _ITEM_FILLER]
    if label is None or not label.values or not said:
        return False
    known = {singular(w) for v in label.values for w in normalise(v).split()}
    return all(w in known for w in said)


def asked_price_or_cost(text: str, lex: Lexicon) -> str:
    """ "how much are we selling the X for now" -> "what is the unit price of the X"; "what do X cost us (to make)"
    -> "what is the unit cost of X": the one labelled table's price column (to the customer, now) or cost column
    (to the seller), named by their names or comments; `text` unchanged where the data has no such single column."""
    prices, costs = _labelled_columns(lex, "price"), _labelled_columns(lex, "cost")
    # "what does X cost us in total", "charge for X on average": a figure of many rows, never one item's
    many = _AGGREGATE.search(text) is not None
    if len(prices) == 1 and not many:
        price = normalise(prices[0][1].name)
        for charged in _CHARGED:
            text = charged.sub(lambda m: f"what is the {price} of {m.group('x')} {m.group('to')}", text)
        text = _PRICE_NOUN.sub(f"{price} ", text)
    elif len(prices) == 1 and any(charged.search(text) for charged in _CHARGED):
        # "what are we charging for X overall": no price; "charging" is never read as a product's name ("Volt
        # Charging Dock"), the verb stays unplaced (unsure)
        text = re.sub(r"\bcharging\b", "charge", text)
    if len(costs) == 1:
        cost = normalise(costs[0][1].name)
        if not many:
            text = _IT_COSTS_US.sub(f"what is the {cost} of", text)
        # "what does one X unit cost us": the unit is the one X, no count of units
        table = costs[0][0]

        def item_cost(m: re.Match[str]) -> str:
            item = _ONE_UNIT.sub("", m.group("x"))
            if _names_a_row(item, table) and not many:
                return f"what is the {cost} of {item}"
            # "what did the average order cost us", "what does X cost us in total": no one item the data names, or
            # a figure of many; asked as "how much does ... cost us", which `price_asked` leaves unsure (never the
            # revenue "how much" defaults to, never one unit's cost)
            return re.sub(r"^\S+(?: \S+)? (?:does|do|did)\b", "how much does", m.group(0))

        text = _COSTS_US.sub(item_cost, text)
    return re.sub(r"\s+", " ", text).strip()


def price_words(text: str, lex: Lexicon) -> str:
    """ "the cheapest product" read as "the lowest product unit price by product": the price column of the one table
    whose rows have a name (its label) and a numeric column called or described as a price; `text` unchanged when
    the catalogue has no such column or several. "what does X cost" (not "cost us") asks its price: "how much does"."""
    text = _WHAT_COSTS.sub("how much", asked_price_or_cost(text, lex))
    if _PRICE_ADJECTIVES.search(text) is None:
        return text
    priced = _labelled_columns(lex, "price")
    if len(priced) != 1:
        return text
    table, column = priced[0]
    words = normalise(table.name).split()
    entity = " ".join([*words[:-1], singular(words[-1])])
    said = re.search(rf"\b{re.escape(entity)}s?\b", text) is not None
    price = f"{entity} {normalise(column.name)}" + ("" if said or _GROUPED.search(text) else f" by {entity}")
    return _PRICE_ADJECTIVES.sub(lambda m: f"{'lowest' if m.group('low') else 'highest'} {price}", text, count=1)


def _asks_a_figure(q: Mapping, s: Shape) -> bool:
    """A count, ranking, share, period, trend or threshold asked: not a look-up of one row."""
    shaped = q.top_n or q.share or q.ranked is not None or q.growth or q.having or q.compared_periods or q.zero_rows
    return bool(s.count or shaped or q.period or q.weekdays or q.search or q.excluded or s.age or s.trend)


# The whole record asked for: "details of", "everything on", "all the info about", "the full record of".
_WHOLE_ROW = (
    r"\b(?:(?:full |all (?:the )?)?details?|everything|(?:all (?:the )?)?info(?:rmation)?|(?:full |whole )?record)"
    r"(?= (?:of|on|about|for)\b)"
)


def read_lookup(t: Text, q: Mapping, s: Shape, lex: Lexicon, dims: list[tuple[int, str, Column | str]]) -> bool:
    """When `q` pins one row and asks columns of it (and no figure), show those columns for that row; True if so."""
    pinned = pinned_row(q, lex)
    if pinned is not None and q.period is not None and _own_figures(q, pinned[0]):
        # "what did the X cost to make last year": one value per row, which no date of the data dates
        q.not_understood.append(f"the {_own_figures(q, pinned[0])} in {q.period.label} (the data keeps one value)")
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
    for ref in [r for r in q.filters if r != key.ref and lex.catalogue.column(r).table == table.ref]:
        asked.append(lex.catalogue.column(ref))  # "is INC-1003 closed": its status is shown, not filtered on
        del q.filters[ref]
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
    if keyed and not q.dimensions and not s.count and all(m.aggregate == "count" for m in q.measures):
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
