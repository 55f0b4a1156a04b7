"""Money asked about goods ("how much did customers spend on X", "what did the X we sold cost us in total"): a money
measure, never a count of the goods. Whose money decides which: the buyers' spending is what the data's main
measure counts (its revenue), ours is the goods' cost (units times the cost of one unit, when the schema has both
columns); when the sentence says no payer, or the data has no such measure, the words stay unplaced (unsure).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cognicore.subagents.offline_sql.catalogue import Catalogue, Column
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure

if TYPE_CHECKING:  # the lexicon registers `cost_of_goods`; this module reads a built one
    from cognicore.subagents.offline_sql.lexicon import Lexicon

__all__ = ["COST_OF_GOODS", "cost_of_goods", "money_paid", "unplaced_payer"]

COST_OF_GOODS = "cost of goods"
_PAY = r"(?:pay|pays|paid|paying|spend|spends|spent|spending|shell(?:ed)? out|fork(?:ed)? out)"
_BUYERS = r"(?:customers?|buyers?|clients?|shoppers?|consumers?|people|users?|they)"
# "how much did customers spend (with us) on", "what did buyers pay (us) altogether for"
_BUYERS_PAID = re.compile(rf"\b{_BUYERS} (?:have |had )?{_PAY}(?: us| with us)?\b")
# "how much did we pay for", "what did the X we sold cost us in total", "what we spent on"
_WE_PAID = re.compile(rf"\b(?:we|i) (?:have |had )?{_PAY}\b|\bcost(?:s|ed)? us\b")
# "how much was spent on": no payer said
_NO_PAYER = re.compile(rf"\b(?:was|were|got|been|being|is|are) {_PAY}\b")
# One item's price or cost ("pay for a X", "per X", "each"): the price wording's, never a total
_ONE_ITEM = re.compile(r"^ (?:for|on|per) (?:a|an|one|each|a single|every)\b|^ per\b")
# The goods' own noun after the item ("<product> units", "<category> products"): what was bought, not measured
_GOODS = r"(?:units?|items?|pieces?|products?|goods)"
_MANY = re.compile(r"\b(?:total|altogether|in all|overall|combined|sold|bought|purchased)\b")
# What was paid, not what one thing costs now ("how much does the X cost us in total" stays the price wording's)
_PAST = re.compile(r"\b(?:did|sold|bought|purchased|spent|paid)\b")


def _quantity(catalogue: Catalogue) -> list[Column]:
    return [
        c
        for t in catalogue.tables
        for c in t.columns
        if c.kind == "numeric"
        and not c.is_key
        and re.match(r"(?:quantity|qty|units?)\b", f"{c.name} {c.comment}".lower())
    ]


def cost_of_goods(catalogue: Catalogue) -> NamedMeasure | None:
    """Units times the cost of one unit, summed: the goods' cost to the seller, when the schema has exactly one
    numeric column of a unit's cost (by its name or comment) and one of quantities, joined by keys."""
    costs = [
        c
        for t in catalogue.tables
        for c in t.columns
        if c.kind == "numeric"
        and not c.is_key
        and "cost" in c.name.lower()
        and re.search(r"^unit_|\b(?:of one|per) unit\b", f"{c.name} {c.comment}".lower())
    ]
    quantities = _quantity(catalogue)
    if len(costs) != 1 or len(quantities) != 1:
        return None
    cost, units = costs[0], quantities[0]
    if cost.table != units.table and catalogue.path(units.table, cost.table) is None:
        return None
    sql = f"round(sum({{{units.ref}}} * {{{cost.ref}}}), 2)"
    label = f"cost of the goods ({units.ref} x {cost.ref})"
    return NamedMeasure("cost_of_goods", sql, (COST_OF_GOODS, "cost of goods sold", "total cost"), label=label)


def _buyers_measure(lex: Lexicon) -> str | None:
    """The phrase of the data's main measure (what buyers' spending adds up to), if the vocabulary names one."""
    name = lex.vocabulary.default_measure.replace("_", " ")
    return name if name and any(t.kind == "measure" for t in lex.phrases.get(name, [])) else None


def money_paid(text: str, lex: Lexicon) -> str:
    """ "how much did customers spend on X units" -> "how much did <main measure> on X"; "how much did we pay in
    total for X" -> "how much did cost of goods for X"; `text` unchanged where no payer is said, one item's price
    or cost is asked (the price wording reads it), or the data has no measure for that side."""
    ours = COST_OF_GOODS if COST_OF_GOODS in lex.phrases else None
    for pattern, measure, many_only in ((_BUYERS_PAID, _buyers_measure(lex), False), (_WE_PAID, ours, True)):
        m = pattern.search(text)
        if m is None or measure is None or _ONE_ITEM.match(text[m.end() :]):
            continue
        if many_only and not (_MANY.search(text) and _PAST.search(text)):  # "how much do we pay for X": one X's cost
            continue
        rest = re.sub(rf"(?<=[a-z0-9] ){_GOODS}\b", " ", text[m.end() :], count=1)
        return re.sub(r"\s+", " ", f"{text[: m.start()]}{measure}{rest}").strip()
    return text


def unplaced_payer(text: str, lex: Lexicon) -> str | None:
    """ "how much was spent on X": money with no payer named, whose side (the buyers' revenue, the seller's cost)
    the sentence does not say ("which invoices are paid", a value of the data, is no such money)."""
    m = _NO_PAYER.search(text)
    return m.group(0) if m and not lex.phrases.get(m.group(0).split()[-1]) else None
