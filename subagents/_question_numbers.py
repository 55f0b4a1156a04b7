"""Numbers with their units in questions and passages: "35%" is no "day 35", "$80" no "80 units", "9 hrs" no "9
days", so a figure matches only a figure of the same kind."""

from __future__ import annotations

import re

from cognicore.memory.text import NUMBER_WORDS, words

# A number with its unit: "35%" is no "day 35", "$80" no "80 units", "9 hrs" no "9 days". Both the question's
# numbers and the passages' are tagged with their unit, so a figure matches only a figure of the same kind.
_UNIT_NUMBER = re.compile(
    r"(?P<cur>[$€£]\s?|\b(?:usd|eur|gbp)\s?)?(?P<n>\d+(?:[.,]\d+)?)\s?"
    r"(?P<unit>%|percent\b|per cent\b|pct\b"
    r"|(?:business\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b)?",
    re.I,
)
_UNIT_NAMES = {"min": "minute", "hr": "hour", "percent": "%", "per cent": "%", "pct": "%"}


def number_units(text: str) -> dict[str, str]:
    """The numbers of `text` written with a unit, each as a tag of number and unit ("35%" -> {"35": "35%"},
    "$80" -> {"80": "$80"}, "9 hrs" -> {"9": "9hour"}); bare numbers are left out."""
    tagged: dict[str, str] = {}
    text = with_digits(text)
    for m in _UNIT_NUMBER.finditer(text):
        number = m.group("n").replace(",", "")
        if m.group("cur"):
            tagged.setdefault(number, f"${number}")
        elif unit := (m.group("unit") or "").lower():
            unit = unit.removeprefix("business").strip()
            unit = _UNIT_NAMES.get(unit, _UNIT_NAMES.get(unit.rstrip("s"), unit.rstrip("s")))
            tagged.setdefault(number, f"{number}{unit}")
    for m in _DAY_NUMBER.finditer(text):  # "on day 20", "week 3": a count of that unit
        tagged.setdefault(m.group(2), f"{m.group(2)}{m.group(1).lower()}")
    return tagged


# "two weeks", "five minutes", "thirty days": a number written as a word before a unit is that figure.
_WORD_NUMBER = re.compile(
    rf"\b({'|'.join(NUMBER_WORDS)})(?:\s+|-)((?:business\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?|percent)\b)",
    re.I,
)


def with_digits(text: str) -> str:
    """`text` with the numbers written as words before a unit in digits ("more than five minutes" -> "more than 5
    minutes"), so a limit so written is read like one in digits."""
    return _WORD_NUMBER.sub(lambda m: f"{NUMBER_WORDS[m.group(1).lower()]} {m.group(2)}", text)


_DAY_NUMBER = re.compile(r"\b(day|week|month|year)\s+(\d+)\b(?![.,]\d)", re.I)


def unit_words(text: str) -> frozenset[str]:
    """The unit words written with a number ("weeks" in "after 3 weeks", "day" in "on day 20"): part of the figure,
    not a subject of their own ("after 3 weeks" is not about "Inserts take about a week")."""
    found = {m.group("unit").lower() for m in _UNIT_NUMBER.finditer(text) if m.group("unit")}
    found |= {m.group(1).lower() for m in _DAY_NUMBER.finditer(text)}
    return frozenset(w for unit in found for w in words(unit))


def unit_of(tag: str) -> str:
    """The unit of a tagged number ("35%" -> "%", "$80" -> "$", "9hour" -> "hour")."""
    return re.sub(r"[\d.,]", "", tag)
