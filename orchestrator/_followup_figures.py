"""Follow-ups that name a new figure ("and at 10% off?" after "... got the 20% discount?", "and above $300?" after
"... more than $150 a unit", "what about more than 10?" after "customers with more than 5 orders"): the figure of the
same kind in the previous request (a rate, an amount, a count threshold) is swapped for the new one.

Read only with evidence: the follow-up is a lead, the figure and words the previous request says itself (or "off" for a
discount); the previous request names exactly one figure of that kind; a comparison said in the follow-up replaces one
said before the old figure. Anything else is unresolved (`resolve` gives None), so the run says it could not tell what
the figure changes, never answers the figure alone from the documents."""

from __future__ import annotations

import re

from cognicore.orchestrator._followup_leads import LEAD, TAIL
from cognicore.orchestrator._followup_periods import PERIOD
from cognicore.orchestrator._followup_values import splice, stem_word

__all__ = ["figure_change", "refigured"]

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_RATE = rf"{_NUMBER}\s*(?:%|per\s?cent\b)"
_AMOUNT = (
    rf"(?:[$€£]\s?{_NUMBER}(?:\s*(?:k|m|bn|thousand|million)\b)?"
    rf"|{_NUMBER}\s*(?:k|m|bn|thousand|million)?\s*(?:dollars|euros|pounds|usd|eur|gbp)\b)"
)
# A comparison said before a figure ("more than", "at least", "over") or after it ("or more", "and above").
_BEFORE = (
    r"(?:(?:more|greater|higher|bigger|larger|fewer|less|lower|smaller)\s+than|at\s+(?:least|most)|"
    r"over|above|under|below|exceeding|upwards\s+of|up\s+to|>=?|<=?)"
)
_AFTER = r"(?:(?:or|and)\s+(?:more|less|fewer|above|over|under|below|up|higher|lower))"
_FIGURE = re.compile(
    rf"(?<![\w.$€£])(?:(?P<rate>{_RATE})|(?P<amount>{_AMOUNT})|(?P<count>{_NUMBER}))(?![\w.%])", re.IGNORECASE
)
_COMPARED = re.compile(rf"(?:\b|(?<=[<>]))(?P<cmp>{_BEFORE})\s*$", re.IGNORECASE)
_COMPARED_AFTER = re.compile(rf"^\s*(?P<cmp>{_AFTER})\b", re.IGNORECASE)

# The follow-up: a lead ("and", "what about"; one is needed), a few words before the figure and two after it.
_FOLLOWUP = re.compile(
    LEAD + r"(?:(?:what|how)\s+about\s+)?(?P<value>(?:[a-z]+\s+){0,4}?"
    rf"(?:{_BEFORE}\s*)?(?:{_RATE}|{_AMOUNT}|{_NUMBER})(?:\s+{_AFTER})?(?:\s+[a-z]+){{0,2}}?)" + TAIL,
    re.IGNORECASE,
)
# The lead a follow-up needs: "and", "but", "now", "also", "so" or "what/how about" ("how many ... more than 10?" and
# "ok 10%" are no follow-ups).
_LED = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|right|well|hmm+|oh|alright)[,\s]+)*(?:(?:and|but|now|also|so)[,\s]|(?:what|how)\s+about\s)",
    re.IGNORECASE,
)
# Words that only point at the rows or carry the figure ("the ones that got", "at", "with an"): no evidence needed.
_FUNCTION = frozenset(
    "a an the at with for on of by to from one ones those these that which who got get gets getting had has have "
    "having given was were is are only just".split()
)
_WORD = re.compile(r"[a-z]+")  # a word of a lower-cased text, for `_said_before`
# "10% off" restates a discount: evidence is a discount named in the previous request.
_DISCOUNT = re.compile(r"\b(?:discount\w*|off|markdown\w*|reduc\w*)\b", re.IGNORECASE)


def figure_change(request: str) -> str | None:
    """The figure phrase of a follow-up that names one new figure ("at 10% off", "above $300", "more than 10"), or
    None: a count needs its comparison ("and 10?" is no threshold), and a period ("and in 2024?") is no figure."""
    m = _FOLLOWUP.match(request)
    if m is None or not _LED.match(request):
        return None
    value = m.group("value").strip()
    figures = list(_FIGURE.finditer(value))
    if len(figures) != 1 or PERIOD.search(value):
        return None
    figure = figures[0]
    if figure.group("count") and not _comparison(value, figure):
        return None
    return value


def refigured(base: str, value: str) -> tuple[str, float] | None:
    """`base` with its one figure of the kind `value` names replaced by `value`'s; None without evidence (a word of
    the follow-up the previous request does not say, no figure or several of that kind there, a comparison added to
    a figure said without one)."""
    new = next(_FIGURE.finditer(value), None)
    if new is None:
        return None
    kind = next(k for k in ("rate", "amount", "count") if new.group(k))
    periods = [(p.start(), p.end()) for p in PERIOD.finditer(base)]  # found once, not once per figure
    olds = [m for m in _FIGURE.finditer(base) if m.group(kind) and not any(s <= m.start() < e for s, e in periods)]
    if kind == "count":
        olds = [m for m in olds if _comparison(base, m)]
    if len(olds) != 1:
        return None
    old = olds[0]
    new_cmp = _comparison(value, new)
    if not _said_before(value, new, new_cmp, base, old):
        return None
    old_cmp = _comparison(base, old)
    written = _as_written(new.group(0), old.group(0)) if kind == "rate" else new.group(0)
    if new_cmp is None:
        return splice(base, old.start(), old.end(), written), 0.85
    if old_cmp is None:
        return None  # "and above 10%?" after "the 20% discount": which comparison is meant is not said
    start, end = min(old_cmp[0], old.start()), max(old_cmp[1], old.end())
    said = value[new_cmp[0] : new_cmp[1]]
    return splice(base, start, end, f"{said} {written}" if new_cmp[0] < new.start() else f"{written} {said}"), 0.85


def _comparison(text: str, figure: re.Match[str]) -> tuple[int, int] | None:
    """The span of the comparison said right before or after `figure` in `text`, or None."""
    before = _COMPARED.search(text[: figure.start()])
    if before is not None:
        return before.start("cmp"), before.end("cmp")
    after = _COMPARED_AFTER.match(text[figure.end() :])
    return (figure.end() + after.start("cmp"), figure.end() + after.end("cmp")) if after else None


def _said_before(value: str, new: re.Match[str], cmp: tuple[int, int] | None, base: str, old: re.Match[str]) -> bool:
    """Whether every word of the follow-up besides its figure, its comparison and words that only point is said by
    the previous request; a word after the figure must be said right after the old one ("10 orders" for "5 orders",
    not "10 customers"), "off" stands for a discount the previous request names. `cmp` is the comparison said with
    `new` (`_comparison`)."""
    skip = [(new.start(), new.end()), cmp] if cmp else [(new.start(), new.end())]
    known = {stem_word(w) for w in _WORD.findall(base.lower())}
    after_old = {stem_word(w) for w in _WORD.findall(base[old.end() :].lower())[:3]}
    for word in _WORD.finditer(value.lower()):
        if any(s <= word.start() < e for s, e in skip) or word.group(0) in _FUNCTION:
            continue
        if word.group(0) == "off":
            if not _DISCOUNT.search(base):
                return False
            continue
        if stem_word(word.group(0)) not in (after_old if word.start() >= new.end() else known):
            return False
    return True


def _as_written(new: str, old: str) -> str:
    """A rate as the previous request wrote its own ("15 percent" for "20%" is "15%")."""
    number = re.match(_NUMBER, new)
    return f"{number.group(0) if number else new}{'%' if '%' in old else ' percent'}"
