"""Rows kept by whether an amount was applied to them: "lines that got a discount", "discounted orders" (the rate
above zero), "lines with no discount", "undiscounted" (zero). Only for a column of a rate or fraction of each row
(by its name or comment), so "regions with revenue" is never read as revenue above zero.
"""

from __future__ import annotations

import re
from decimal import Decimal

from cognicore.subagents.offline_sql.catalogue import Column
from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise
from cognicore.subagents.offline_sql.mapping import Mapping, Text

__all__ = ["claim_amount_filters", "money_asked", "rate_column"]

_FRACTION = re.compile(r"\b(?:fraction|rate|ratio|percent|percentage|pct|share|proportion)\b|\b0 ?(?:-|to) ?1\b")
_GIVEN = r"(?:with|got|get|gets|getting|had|has|have|having|at|given|carrying|carried|received|receiving|on)"
_NONE = r"(?:no|without|zero|not given|never given|not getting|never got|not on)"


def rate_column(column: Column) -> bool:
    """A column holding a rate or fraction of each row (its name or comment says so), which no sum may add up."""
    return _FRACTION.search(f"{column.name} {column.comment}".lower().replace("_", " ")) is not None


def _rates(lex: Lexicon) -> dict[str, Column]:
    """The rate columns by their name's last word ("discount"), when that word names one column only."""
    found: dict[str, list[Column]] = {}
    for table in lex.catalogue.tables:
        for c in table.columns:
            if c.kind == "numeric" and not c.is_key and rate_column(c):
                found.setdefault(normalise(c.name).split()[-1], []).append(c)
    return {w: cs[0] for w, cs in found.items() if len(cs) == 1}


# How the column's comment or name says its values are written: as fractions ("0.10 = 10 %", "a fraction") or as
# percents ("discount_pct", "in percent")
_AS_FRACTION = re.compile(r"\bfraction\b|\b0 ?(?:-|to) ?1\b|\b0\.\d+ ?= ?\d+ ?%")
_AS_PERCENT = re.compile(r"\b(?:percent|percentage|pct)\b|%")
_PERCENT = r"(\d{1,3}) ?(?:percent|per cent|pct)"
# A word between the figure and the rate's name that only describes it ("the 20% promo discount"), never a unit or a
# comparison ("10% more discount", "5 percent of the discount")
_NOT_DESCRIBING = frozenset(
    "of in on off more less higher lower bigger smaller above below over under or and to".split()
)


def _rate_value(t: Text, q: Mapping, column: Column, word: str, done: str) -> bool:
    """ "a 20% discount", "the 10 percent promo discount", "a discount of 15%", "discounted at 5%": the rows whose
    rate equals that figure, written as the column holds it (a fraction or a percent, by its comment or name)."""
    given = rf"(?:\b{_GIVEN}(?: an?| the)? )?"  # "carried the 5% seasonal discount": the verb says no more
    m = t.find(rf"{given}\b{_PERCENT}(?: ([a-z]+))? {word}s?\b")
    if m is not None and m.group(2) in _NOT_DESCRIBING:
        m = None
    m = m or t.find(rf"{given}\b(?:{word}s?|{done})(?: rate)? (?:of|at|by)(?: an?)? {_PERCENT}\b")
    if m is None and word == "discount":  # "sold at 15% off": what English calls a discount
        m = t.find(rf"{given}\b{_PERCENT} off\b")
    if m is None:
        return False
    t.s = t.s[: m.start()] + " " * (m.end() - m.start()) + t.s[m.end() :]
    said = f"{column.name} {column.comment}".lower().replace("_", " ")
    if _AS_FRACTION.search(said):
        q.rates[column.ref] = str(Decimal(m.group(1)) / 100)
    elif _AS_PERCENT.search(said):
        q.rates[column.ref] = m.group(1)
    else:  # "rate", "ratio": whether 20% is 0.20 or 20 in this column, nothing says
        q.not_understood.append(f"how {column.ref} writes {m.group(1)}% (a fraction or a percent)")
    return True


# Money asked of a rate ("the discount in dollars", "how much did we give away in discounts", "the discount amount"):
# the amount it took off; "how large were discounts" alone may be the rate, so it stays unsure
_MONEY_OF_RATE = re.compile(
    r"\b(?:dollars?|usd|eur|euros?|money|cash|amount|(?:give|gives|gave|given|giving) away|lose|loses|losing|lost|"
    r"cost us)\b"
)


def money_asked(text: str) -> bool:
    """Whether the request asks a money amount of a rate (its words, normalised), not the rate itself."""
    return _MONEY_OF_RATE.search(text) is not None


def claim_amount_filters(t: Text, q: Mapping, lex: Lexicon) -> None:
    """ "got a discount" / "discounted": the rate above zero; "without a discount" / "undiscounted": zero; "a 20%
    discount": that rate."""
    for word, column in _rates(lex).items():
        forms = rf"{word}s?"
        done = f"{word}ed" if not word.endswith("e") else f"{word}d"
        if _rate_value(t, q, column, word, done):
            continue
        for pattern, above in (
            (rf"\b{_NONE}(?: an?| any)? {forms}\b|\bun{done}\b|\bnon {done}\b", False),
            (rf"\b{_GIVEN}(?: an?| any| some)? {forms}\b|\b{done}\b", True),
        ):
            if column.ref not in q.nonzero and t.take(pattern) is not None:
                q.nonzero[column.ref] = above
