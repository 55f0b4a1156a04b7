"""Prices and costs asked in other words, rewritten to the one labelled table's price or cost column before the
request is mapped: "how much are we selling X for now" -> its unit price, "what do X cost us (to make)" -> its unit
cost, "the cheapest product" -> the lowest price. Columns are found by their names and comments, never a word list.
"""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise, singular
from cognicore.subagents.offline_sql.lookup import pinned_row
from cognicore.subagents.offline_sql.mapping import Mapping, Text

__all__ = ["asked_price_or_cost", "cost_to_make", "price_asked", "price_words"]

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
# "how much more does A cost us to make than B": what a thing costs to make, never the revenue a default would give
_COST_TO_MAKE = re.compile(rf"\bcosts?(?: (?:us|we|our company))?(?: more| less)?{_TO_MAKE}")


def cost_to_make(text: str) -> bool:
    """Whether `text` asks what something costs to make, which no default measure answers."""
    return _COST_TO_MAKE.search(text) is not None


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
# A second attribute of the one row asked by a verb of price: "the SKU of X, and what does it list for right now",
# "..., and what do they sell for / go for / retail at": its price, never dropped.
_ITS_PRICE_TOO = re.compile(
    r"\band what (?:does|do|will|would) (?:it|they|that|those) (?:lists?|sells?|go(?:es)?|retails?) (?:for|at)"
    rf"(?:{_NOW})\b"
)
_PRICE_NOUN = re.compile(r"\b(?:current |today s )?(?:asking|selling|sticker|list) price (?=(?:on|of|for)\b)")
# What one thing costs the seller: "what does it cost us to produce one pair of X", "how much do we pay per X",
# "what do X cost us", "how much does each X cost us to make".
_IT_COSTS_US = re.compile(
    r"\b(?:how much|what) (?:does|do|did|would|will) it cost(?: us)? to (?:make|produce|build|manufacture|assemble)"
    r"(?: (?:one|each|a|an|a single))?(?: (?:pairs?|pieces?|box|boxes|packs?|units?) of)?(?: the)?\b|"
    r"\b(?:how much|what) (?:do|did) we pay(?: (?:per|a|for each|for one) (?:unit|item|piece))? (?:for|per)"
    r"(?: each| one| a| an| a single)?\b"
)
_COSTS_US = re.compile(
    r"\b(?:how much|what) (?:does|do|did) (?:each |one |a |an |the )?(?!(?:it|we|you|they|i) )"
    rf"(?P<x>(?:[a-z0-9-]+ ){{1,6}}?)cost(?: us(?:{_TO_MAKE})?|{_TO_MAKE})(?:{_NOW})\b"
)


_ONE_UNIT = re.compile(r"\b(?:unit|piece|item)\s*$")
# "which products cost more than $200": each one's price over a threshold; "cost us more than 100 dollars to make":
# its cost. Group `noun` is the rows said before it (the labelled table's, or the verb is no one item's cost).
_COST_OVER = re.compile(
    r"\b(?P<noun>[a-z]+)(?: (?:that|which|whose))? (?:costs?|cost(?P<us> us))(?: (?:each|apiece))? "
    r"(?P<cmp>more than|less than|over|under|above|below|at least|at most) (?P<n>\d+(?: \d{3})*k?)"
    r"(?: (?:dollars?|usd|euros?|bucks))?(?: each| apiece)?(?P<make> to (?:make|produce|build|manufacture|assemble))?"
)
# A figure over many rows or order lines: "cost us in total", "charge for X on average", "what do all our X cost
# altogether". A reading of one item's price or cost never passes over one (the text is then left as it is).
_AGGREGATE = re.compile(
    r"\b(?:total|totals|totalled|average|averages|avg|mean|median|overall|altogether|all together|sum|summed|"
    r"combined|cumulative|typical|typically)\b"
)
# Words around the item that name no row: "one pair of the X", "each X unit".
_ITEM_FILLER = {"the", "a", "an", "one", "each", "single", "pair", "pairs", "of", "unit", "units", "piece", "pieces"}


def _names_a_row(words: str, table: Table) -> bool:
    """Whether every word of `words` (but fillers) is a word of a name of `table`'s rows ("video doorbell",
    "smartwatches"), never "average order": the item whose cost is asked must be one the data names."""
    label = table.label
    said = [singular(w) for w in words.split() if w not in _ITEM_FILLER]
    if label is None or not label.values or not said:
        return False
    known = {singular(w) for v in label.values for w in normalise(v).split()}
    return all(w in known for w in said)


def _cost_over(m: re.Match[str], prices: list[tuple[Table, Column]], costs: list[tuple[Table, Column]]) -> str:
    """ "products cost more than 200" -> "products have a unit price more than 200" (with "us" or "to make": the
    unit cost), when the rows said are the one labelled table's whose column it is; else as written."""
    said = costs if m.group("us") or m.group("make") else prices
    if len(said) != 1:
        return m.group(0)
    table, column = said[0]
    noun = singular(normalise(table.name).split()[-1])
    if singular(m.group("noun")) != noun:
        return m.group(0)
    return f"{m.group('noun')} have a {normalise(column.name)} {m.group('cmp')} {m.group('n')}"


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
        text = _ITS_PRICE_TOO.sub(f"and the {price}", text)
    elif len(prices) == 1 and any(charged.search(text) for charged in _CHARGED):
        # "what are we charging for X overall": no price; "charging" is never read as a product's name ("Volt
        # Charging Dock"), the verb stays unplaced (unsure)
        text = re.sub(r"\bcharging\b", "charge", text)
    text = _COST_OVER.sub(lambda m: _cost_over(m, prices, costs), text)
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
            noun = singular(normalise(table.name).split()[-1])
            if (
                re.search(r"\b(?:each|every)\s*$", m.group(0)[: m.start("x") - m.start()])
                and singular(item.strip()) == noun
            ):
                return f"what is the {cost} by {noun}"  # "what does each product cost us to make": each one's cost
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
    if (adjective := _PRICE_ADJECTIVES.search(text)) is None:
        return text
    # "the most expensive to make": what it costs us, never its price
    made = re.match(rf"((?: [a-z0-9-]+){{0,2}}?)(?:{_TO_MAKE})\b", text[adjective.end() :])
    priced = _labelled_columns(lex, "cost" if made else "price")
    if made:  # "the cheapest product to produce": the words between stay, "to produce" is said by the cost column
        text = text[: adjective.end()] + made.group(1) + text[adjective.end() + made.end() :]
    if len(priced) != 1:
        return text
    table, column = priced[0]
    words = normalise(table.name).split()
    entity = " ".join([*words[:-1], singular(words[-1])])
    said = re.search(rf"\b{re.escape(entity)}s?\b", text) is not None
    price = f"{entity} {normalise(column.name)}" + ("" if said or _GROUPED.search(text) else f" by {entity}")
    return _PRICE_ADJECTIVES.sub(lambda m: f"{'lowest' if m.group('low') else 'highest'} {price}", text, count=1)
