"""An amount's kind beyond its number: what period it is per and what it counts, read from general English.

"$2.1M" in "my quarterly quota" and "$1.8 million" in "my sales quota for each quarter" are both money per quarter;
"36 tickets" in "my weekly goal" and "30 closed tickets per week" are both tickets per week. A change of an amount
whose slot is named in other words ("bumped my quota up - 550 thousand dollars a quarter" after "my quarterly sales
target is $400k") links to the one known amount of the same kind, near the same size: never to two, never to an
amount ten times off (a bonus is not the salary it shares a currency with).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cognicore.memory._fact_keys import lemma

__all__ = ["AMOUNT_CHANGE_RE", "PERIOD_WORDS", "SET_AMOUNTS", "amount_fits", "near_in_size", "periods", "units"]

# The calendar periods an amount can be per, with the adjectives and nouns that say them.
PERIOD_WORDS = {
    "daily": "day", "day": "day", "days": "day",
    "weekly": "week", "week": "week", "weeks": "week", "wk": "week",
    "monthly": "month", "month": "month", "months": "month",
    "quarterly": "quarter", "quarter": "quarter", "quarters": "quarter", "q": "quarter",
    "yearly": "year", "annual": "year", "annually": "year", "year": "year", "years": "year", "yr": "year",
}  # fmt: skip
# "per quarter", "a quarter", "each quarter", "every quarter", "/quarter": the amount is per that period.
_PER = frozenset("per a an each every".split())
# A change of an amount, in general English ("bumped my quota up", "they cut it to", "raised to").
AMOUNT_CHANGE_RE = re.compile(
    r"\b(?:bump(?:ed)?|rais(?:ed|e)|upped|increas(?:ed|e)|lower(?:ed)?|reduc(?:ed|e)|cut|trimm?(?:ed)?|slash(?:ed)?|"
    r"went\s+(?:up|down)|gone\s+(?:up|down)|(?:is|are|was|got)\s+(?:up|down)|revised|adjusted|changed|doubled|halved)\b",
    re.I,
)
# Words between a number and what it counts that are no unit ("30 closed tickets": tickets).
_SMALL = frozenset("a an the of per each every to up down now".split())


def periods(tokens: Sequence[str]) -> frozenset[str]:
    """The periods an amount is said per: an adjective ("quarterly") or a noun after "per/a/each/every"."""
    low = [t.lower() for t in tokens]
    found = set()
    for i, word in enumerate(low):
        period = PERIOD_WORDS.get(word)
        if period is None:
            continue
        adjective = word.endswith("ly") or word == "annual"
        if adjective or (i and (low[i - 1] in _PER or low[i - 1].startswith("/"))):
            found.add(period)
    return frozenset(found)


def units(tokens: Sequence[str], at: int) -> frozenset[str]:
    """What the number at `tokens[at]` counts: the lemmas of the next two words that are no small word or period."""
    after = [t.lower() for t in tokens[at + 1 : at + 3]]
    return frozenset(lemma(w) for w in after if w.isalpha() and w not in _SMALL and w not in PERIOD_WORDS)


def near_in_size(old: str, new: str) -> bool:
    """Are two figures (as numbers in text) within a factor of two of each other: one revised, not another one?"""
    try:
        a, b = float(old), float(new)
    except ValueError:
        return False
    return a > 0 and b > 0 and max(a, b) / min(a, b) <= 2


# Amounts someone sets for a person or a team, which get "bumped" or "cut" under other names: a quota is a target,
# a budget a limit. A rent or a bill is no such amount: changed, it names itself.
SET_AMOUNTS = frozenset("quota target goal number budget limit allowance cap threshold objective aim".split())
# The slots those amounts are, each a set of names for one slot: a quota is a target to reach, a cap a limit not to
# pass, an allowance a budget to spend. "number" names none of them ("finance bumped the quarterly number").
_SLOTS = (
    frozenset("quota target goal objective aim".split()),
    frozenset("limit cap threshold".split()),
    frozenset("budget allowance".split()),
)


def amount_fits(
    message: Sequence[str], said: Sequence[object], known: Sequence[str], old_values: Sequence[object]
) -> tuple[object, object] | None:
    """The known amount and the message's new one when both are of one kind (money, or a count of the same thing),
    per the same period, and near in size; `said` holds the message's values that may be new (none said ended)."""
    if not AMOUNT_CHANGE_RE.search(" ".join(message)):
        return None
    if not (_lemmas(message) & SET_AMOUNTS and _lemmas(known) & SET_AMOUNTS):
        return None  # "they raised my rent to $60 a month" is not my phone bill of $50 a month
    if not _one_slot(_lemmas(message), _lemmas(known)):
        return None  # "my bonus cap was raised to $150k" names another slot than "my quarterly target is $200k"
    per = periods(known)
    if not per or periods(message) != per:
        return None  # "money per quarter" is the kind; an amount per nothing said could be any amount
    pairs = []
    for old in old_values:
        kind = getattr(old, "kind", "")
        if kind not in ("money", "count"):
            continue
        new = [
            v for v in said
            if getattr(v, "kind", "") == kind and near_in_size(getattr(old, "key", ""), getattr(v, "key", ""))
            and getattr(v, "key", "") != getattr(old, "key", "")
            and (kind == "money" or _same_unit(known, getattr(old, "start", 0), message, getattr(v, "start", 0)))
        ]  # fmt: skip
        if len(new) == 1:
            pairs.append((old, new[0]))
    return pairs[0] if len(pairs) == 1 else None


def _one_slot(message: set[str], known: set[str]) -> bool:
    """Do two amounts name one slot: no slot names in one of them ("the quarterly number"), or a name of one slot in
    both ("quota" and "target"), not a limit for a target?"""
    said, had = [{i for i, names in enumerate(_SLOTS) if names & words} for words in (message, known)]
    return not said or not had or bool(said & had)


def _same_unit(known: Sequence[str], old_at: int, message: Sequence[str], new_at: int) -> bool:
    """Do two counts count the same thing: the same unit after each, or the known unit named before the new figure
    ("ticket volume is up to 35 a day" for "20 tickets a day")?"""
    old, new = units(known, old_at), units(message, new_at)
    return bool(old & new) if new else bool(old & {lemma(t.lower()) for t in message[:new_at]})


def _lemmas(tokens: Sequence[str]) -> set[str]:
    return {lemma(t.lower()) for t in tokens}
