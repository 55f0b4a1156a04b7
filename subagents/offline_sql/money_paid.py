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

__all__ = ["COST_OF_GOODS", "cost_of_goods", "money_paid", "not_goods", "our_spending", "total_cost", "unplaced_payer"]

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
    # not "total cost": "the total cost of an X" is one X's cost, "of order 5525" what that order cost us, which
    # this measure is not; only words naming the goods' cost name it
    return NamedMeasure("cost_of_goods", sql, (COST_OF_GOODS, "cost of goods sold"), label=label)


# "what did <subject> cost us": the thing that cost us money
_COST_SUBJECT = re.compile(
    r"\b(?:what|how much)(?: money)? (?:did|does|do|has|have|had|would|will) (?P<subject>.+?) cost(?:s|ed)? us\b"
)
# "we paid in total for X", "we spent on X": what was bought; "we paid partners": whom, no goods
_PAID_FOR = re.compile(
    r"^(?: (?:per|a|an|for each|each|for one|for a single) (?:unit|item|piece))?(?: (?:in total|altogether|in all|"
    r"overall|all told))? (?:for|on) (?P<object>.+)$"
)
# "what does it cost us to make one X": "it" stands for making (buying, producing) the thing named after it
_COST_TO = re.compile(r"^ to (?:make|produce|build|manufacture|buy|source|get|acquire|stock) (?P<object>.+)$")
_SOLD = re.compile(r"\b(?:sell|sells|sold|selling|buy|bought|purchased|ordered|stock(?:ed)?)\b")
_GOODS_WORD = re.compile(rf"\b(?:{_GOODS}|stuff|merchandise|inventory|stock|lines?)\b")
_PRONOUN = re.compile(r"^(?:the )?(?:it|they|them|that|those|these|this)$")


def _goods_tables(lex: Lexicon) -> set[str]:
    """The tables of the goods whose cost the cost-of-goods measure counts: the cost's and the quantity's, and the
    tables the cost's references (a product's category)."""
    target = next((t for t in lex.phrases.get(COST_OF_GOODS, []) if t.measure is not None), None)
    if target is None or target.measure is None:
        return set()
    tables = {ref.rsplit(".", 1)[0] for ref in target.measure.columns}
    cost = next(ref for ref in target.measure.columns if "cost" in ref.rsplit(".", 1)[-1])
    # the product's category, never the order a line belongs to (the order is no goods)
    return tables | {c.foreign_key for c in lex.catalogue.table(cost.rsplit(".", 1)[0]).columns if c.foreign_key}


def _names_goods(phrase: str, text: str, lex: Lexicon) -> bool:
    """The phrase names goods: their noun or a verb of selling them ("the earbuds we sold", "the goods"), a value or
    name of the goods' tables ("Toys", "Desk Lamps"), or a pronoun for goods the sentence sold."""
    phrase = phrase.strip()
    if _GOODS_WORD.search(phrase) or _SOLD.search(phrase):
        return True
    if _PRONOUN.match(phrase):
        return _SOLD.search(text) is not None
    tables = _goods_tables(lex)
    words = phrase.split()
    for size in range(min(len(words), 5), 0, -1):
        for i in range(len(words) - size + 1):
            gram = " ".join(words[i : i + size])
            said = (gram, re.sub(r"(?<=[a-z])e?s$", "", gram), re.sub(r"(?<=[a-z])s$", "", gram))
            for target in [t for g in dict.fromkeys(said) for t in lex.phrases.get(g, [])]:
                column, table = target.column, target.table
                if target.kind == "value" and column is not None and column.table in tables:
                    return True
                if target.kind == "entity" and table is not None and table.ref in tables:
                    return True
    return False


def not_goods(text: str, lex: Lexicon) -> str | None:
    """ "what did shipping cost us", "how much did we pay partners", "what did we spend on marketing": what cost us
    money is said and is not the goods the cost-of-goods measure counts (a service, a party we paid, nothing named):
    the words naming it, for the mapper to report (None when it is the goods, or nothing here asks what we paid)."""
    if COST_OF_GOODS not in lex.phrases:
        return None
    m = _WE_PAID.search(text)
    if m is None:
        return None
    if m.group(0).startswith("cost"):
        said = _COST_SUBJECT.search(text)
        subject = said.group("subject") if said else text[: m.start()]
        if _PRONOUN.match(subject.strip()) and (made := _COST_TO.match(re.sub(r"[?.!]+$", "", text[m.end() :]))):
            subject = made.group("object")
    else:
        rest = re.sub(r"[?.!]+$", "", text[m.end() :]).rstrip()
        paid = _PAID_FOR.match(rest)
        if paid is None:  # "we paid partners in total": whom we paid, or nothing ("what we spent last year")
            return f"what we {m.group(0).split()[-1]} {rest.strip()}".strip()
        subject = paid.group("object")
    return None if _names_goods(subject, text, lex) else subject.strip()


def _buyers_measure(lex: Lexicon) -> str | None:
    """The phrase of the data's main measure (what buyers' spending adds up to), if the vocabulary names one."""
    name = lex.vocabulary.default_measure.replace("_", " ")
    return name if name and any(t.kind == "measure" for t in lex.phrases.get(name, [])) else None


def money_paid(text: str, lex: Lexicon) -> str:
    """ "how much did customers spend on X units" -> "how much did <main measure> on X"; "how much did we pay in
    total for X" -> "how much did cost of goods for X"; `text` unchanged where no payer is said, one item's price
    or cost is asked (the price wording reads it), or the data has no measure for that side."""
    ours = COST_OF_GOODS if COST_OF_GOODS in lex.phrases and not_goods(text, lex) is None else None
    for pattern, measure, many_only in ((_BUYERS_PAID, _buyers_measure(lex), False), (_WE_PAID, ours, True)):
        m = pattern.search(text)
        if m is None or measure is None or _ONE_ITEM.match(text[m.end() :]):
            continue
        if many_only and not (_MANY.search(text) and _PAST.search(text)):  # "how much do we pay for X": one X's cost
            continue
        rest = re.sub(rf"(?<=[a-z0-9] ){_GOODS}\b", " ", text[m.end() :], count=1)
        return re.sub(r"\s+", " ", f"{text[: m.start()]}{measure}{rest}").strip()
    return text


# "the total cost of X": of one X (its unit cost, the price wording's) or of X's sold (the cost of goods)?
_TOTAL_COST = re.compile(r"\btotal costs? (?!of (?:the )?goods\b)(?:of|for) (?P<what>.+)$")
_ONE = re.compile(r"^(?:a|an|one|each|a single|every|per)\b")


def total_cost(text: str) -> str | None:
    """ "total cost of Audio products", "the total cost of order 5525": no goods sold said ("the cost of goods"),
    nor one item ("of a desk lamp", its unit cost): the words, for the mapper to report, else None."""
    m = _TOTAL_COST.search(re.sub(r"[?.!]+$", "", text).strip())
    return m.group(0) if m and not _ONE.match(m.group("what")) and not _SOLD.search(m.group("what")) else None


def our_spending(text: str) -> str | None:
    """ "how much did we spend on Audio last year" that `money_paid` left as written (no total of goods sold): our
    spending, which no measure of what customers paid answers; the words, else None."""
    m = re.search(r"\b(?:we|i) (?:have |had )?(?:spend|spends|spent|spending)\b", text)
    return m.group(0) if m and not _ONE_ITEM.match(text[m.end() :]) else None


def unplaced_payer(text: str, lex: Lexicon) -> str | None:
    """ "how much was spent on X": money with no payer named, whose side (the buyers' revenue, the seller's cost)
    the sentence does not say ("which invoices are paid", a value of the data, is no such money)."""
    m = _NO_PAYER.search(text)
    return m.group(0) if m and not lex.phrases.get(m.group(0).split()[-1]) else None
