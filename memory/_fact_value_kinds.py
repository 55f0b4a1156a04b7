"""The typed values a sentence says (an amount, a clock time, a count, a day, a month, a name, a way of travelling),
read from its tokens, so a change and a known fact can be compared value by value (`_fact_slot_values`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cognicore.memory._fact_owners import FRAME
from cognicore.memory._fact_word_classes import FUNCTION_WORDS
from cognicore.memory._fact_words import MONTH_NAMES, MONTH_WORDS, NOT_NAMES, TRAVEL_MODES, WEEKDAY_NAMES

__all__ = ["Value", "day_word", "typed_values"]

_MONEY_RE = re.compile(r"^[$\u20ac\u00a3]|\d\s?(?:k|m|bn)$", re.I)
_CLOCK_RE = re.compile(r"^\d{1,2}(?::\d\d)?\s?(?:am|pm)$|^\d{1,2}:\d\d$", re.I)
_MONEY_WORDS = frozenset("million thousand billion dollars euros pounds usd eur gbp".split())
# The parts of a day and of a week, in general English: a value of "when" beside the weekday names.
_DAY_WORDS = frozenset(
    (*WEEKDAY_NAMES, "weekend", "weekday", "morning", "afternoon", "evening", "night", "earlies", "lates")
)
_DAY_FORMS = {"weds": "wednesday", "tues": "tuesday", "thurs": "thursday", "nights": "night", "nite": "night"}
_MONTHS = {name[:3]: name for name in MONTH_NAMES}


@dataclass(frozen=True, slots=True)
class Value:
    """One value said in a sentence: its kind, its folded key and where its tokens are."""

    kind: str  # money, clock, count, number, day, month, name, travel
    key: str  # the value folded for comparison
    start: int  # its first token's position
    end: int  # one past its last token


def typed_values(tokens: list[str]) -> list[Value]:
    """The typed values said in `tokens`: figures (money, clock, count of a unit), days, months, names, travel."""
    found: list[Value] = []
    i = 0
    while i < len(tokens):
        tok, low = tokens[i], tokens[i].lower()
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if tok[:1].isdigit() or tok[:1] in "$\u20ac\u00a3":
            if _CLOCK_RE.match(tok) or nxt in ("am", "pm"):
                found.append(
                    Value("clock", re.sub(r"\W|:00", "", low + (nxt if nxt in ("am", "pm") else "")), i, i + 1)
                )
            elif _MONEY_RE.search(tok) or nxt in _MONEY_WORDS:  # "550 thousand dollars" is one value
                end = next((j for j in range(i + 1, len(tokens)) if tokens[j].lower() not in _MONEY_WORDS), len(tokens))
                found.append(Value("money", _figure(low, nxt), i, end))
            elif nxt.isalpha() and nxt not in FRAME and nxt not in FUNCTION_WORDS:
                # a number of something ("25 tickets", "20/wk"): the unit is the slot's, said or not
                found.append(Value("count", re.sub(r"[^\d.]", "", low), i, i + 1))
            elif re.fullmatch(r"\d+", tok):
                # a number that counts nothing ("extension 4417", "locker number 12"): a code the slot holds
                found.append(Value("number", tok, i, i + 1))
            i += 1
            continue
        if day_word(low):  # "tuesday evening", "wednesday nights", "Tuesdays and Thursdays": one value
            j = i + 1
            while j < len(tokens) and (
                day_word(tokens[j].lower())
                or (tokens[j].lower() == "and" and j + 1 < len(tokens) and day_word(tokens[j + 1].lower()))
            ):
                j += 1
            found.append(Value("day", " ".join(day_word(t.lower()) for t in tokens[i:j] if day_word(t.lower())), i, j))
            i = j
            continue
        month = _MONTHS.get(low[:3]) if low[:3] in _MONTHS and low in MONTH_WORDS else None
        if month and (tok[0].isupper() or (i and tokens[i - 1].lower() in ("in", "by", "until", "of", "on"))):
            day = nxt if nxt.isdigit() else (tokens[i - 1] if i and tokens[i - 1].isdigit() else "")
            before = bool(found and day and found[-1].kind in ("number", "count") and found[-1].end == i)
            if before:
                found.pop()  # "5 Dec": the day is the date's, no number of its own
            after = nxt.isdigit()  # "Nov 28": the day is the date's too
            found.append(Value("month", f"{month} {day}".strip(), i - before, i + 1 + after))
            if after:
                i += 2
                continue
        elif low in TRAVEL_MODES:
            found.append(Value("travel", TRAVEL_MODES[low], i, i + 1))
        elif _capitalised(tok) and low.split("'")[0] not in NOT_NAMES and low not in FRAME and i > 0:
            j = i + 1
            while j < len(tokens) and (
                (tokens[j][:1].isupper() and tokens[j].lower() not in NOT_NAMES) or tokens[j].isdigit()
            ):  # "Windows 11", "Latitude 7440"
                j += 1
            found.append(Value("name", " ".join(t.lower() for t in tokens[i:j]), i, j))
            i = j
            continue
        i += 1
    return found


def _capitalised(token: str) -> bool:
    """Is a word written as a name: a capital first, or inside a word that starts lower case ("iPhone", "eBay")?"""
    return token[0].isupper() or (token[0].islower() and any(c.isupper() for c in token[1:]))


def day_word(word: str) -> str:
    """A word naming a day or a part of one, folded ("weds" -> "wednesday", "nights" -> "night"), else ""."""
    day = _DAY_FORMS.get(word, word[:-1] if word.endswith("s") and word[:-1] in _DAY_WORDS else word)
    return day if day in _DAY_WORDS else ""


def _figure(token: str, after: str) -> str:
    """A money figure as a number: "$95,000", "95k" and "95 thousand" are one value."""
    scale = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
    m = re.search(r"(\d[\d,]*(?:\.\d+)?)\s?(k|m|bn)?$", token.lower())
    if not m:
        return token
    number = float(m.group(1).replace(",", "")) * scale.get(m.group(2) or after, 1)
    return f"{number:g}"
