"""Tokenising and stemming shared by the offline embedder and the offline reasoning roles."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

WORD_RE = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")

# How a question opens ("what's", "who", "do", "has we ..."): routing reads it (`orchestrator.scope`), and memory
# evidence reads it to tell a user's question from a saying that tells something. One pattern, both import it.
QUESTION_START = re.compile(
    r"^\s*(what(?:'?s)?|who(?:'?s)?|whom|whose|when|where(?:'?s)?|why|how(?:'?s)?|which|am|is|are|was|were|do|does"
    r"|did|can|could|should|would|(?:have|has)(?=\s+(?:i|you|we|they|he|she|it|anyone|anybody|someone|the|our|my)\b)"
    r"|will|tell me|explain|describe)\b",
    re.IGNORECASE,
)
# The speaker in the first person ("I" and its contractions, "me", "my", "mine", "myself"), the speaker's own things,
# and the speaker's group: wherever a request is read as about the user (routing, memory, change previews). One list.
FIRST_PERSON_OWN = r"my|mine|myself"
FIRST_PERSON = rf"i|i'm|im|i've|i'd|i'll|me|{FIRST_PERSON_OWN}"
FIRST_PERSON_PLURAL = r"we|we're|we've|we'll|us|our|ours"
# "how many hours", "how many business days": a duration asked as a number of time units, not a count of rows. Routing
# (`orchestrator`), the answer's shape and the absence check (`subagents`) read it: one pattern.
HOW_MANY_UNITS = r"how\s+many\s+(?:business\s+|working\s+)?(?:seconds|minutes|hours|hrs|days|weeks|months|years)"
# The number words a sentence counts with ("three days", "the last six months", "fifteen percent"): one list.
NUMBER_WORDS: dict[str, int] = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
        " seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
# A time unit as a sentence writes it, abbreviations too ("hours", "hrs", "h"), with its length in hours.
TIME_UNIT = r"seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?|fortnights?|months?|years?|yrs?"
_UNIT_HOURS = {"s": 1 / 3600, "mi": 1 / 60, "h": 1, "d": 24, "n": 24, "w": 168, "f": 336, "mo": 730, "y": 8760}
_COUNT = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# A span of time said in a sentence: a number or number word, then a time unit ("within 5 business days", "about a
# week", "a 2-year warranty", "half an hour", "a few days", "24h"). Every reader of a duration uses this one; `n`
# is the count, `unit` the unit (`duration_hours` turns a match into hours).
DURATION = re.compile(
    rf"\b(?P<n>\d+(?:[.,]\d+)?|half\s+an?|an?|{_COUNT}|few|several|couple\s+of)"
    rf"(?:\s*-\s*|\s+|(?<=\d))(?:business\s+|working\s+|full\s+)?(?P<unit>{TIME_UNIT})\b",
    re.IGNORECASE,
)
DURATION_TEXT = re.sub(r"\(\?P<\w+>", "(?:", DURATION.pattern)  # the same, without its groups, to write into a pattern


def duration_hours(match: re.Match[str]) -> float | None:
    """The length in hours of a `DURATION` match, or None when its count is vague ("a few days", "several weeks")."""
    n, unit = match.group("n").lower(), match.group("unit").lower()
    if n.startswith("half"):
        count = 0.5
    elif n in ("a", "an"):
        count = 1.0
    elif n in NUMBER_WORDS:
        count = float(NUMBER_WORDS[n])
    elif n[0].isdigit():
        count = float(n.replace(",", "") if re.fullmatch(r"\d+,\d{3}", n) else n.replace(",", "."))
    else:
        return None
    return count * next(h for start, h in _UNIT_HOURS.items() if unit.startswith(start))


_LEAD_IN = re.compile(r"^\s*(?:and|so)\s*,?\s+", re.IGNORECASE)  # "and what about ...", "so am I ..."
_REMIND = re.compile(r"^\s*(?:remind|tell)\b", re.IGNORECASE)  # "remind me of my budget" asks, it tells nothing


def asks(text: str) -> bool:
    """Does the text ask rather than tell (a question opener, after "and"/"so", or a final "?")?"""
    opening = _LEAD_IN.sub("", text)
    return bool(QUESTION_START.match(opening) or _REMIND.match(opening)) or text.rstrip().endswith("?")


STOPWORDS = frozenset(
    """a an the and or but if then else of to in on at by for with from into over under about as is are was
    were be been being do does did done have has had having it its this that these those there here i me my
    we our you your he she they them their what which who whom whose when where why how can could should
    would will shall may might must not no so than too very just also any all each every some such only
    own same other more most few both up down out off again further once please s t""".split()
)

_SUFFIXES = (
    "ational",
    "ization",
    "fulness",
    "iveness",
    "ations",
    "ation",
    "ments",
    "ment",
    "ings",
    "ing",
    "ies",
    "ied",
    "edly",
    "ed",
    "ly",
    "es",
    "s",
)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light, deterministic suffix stripper: enough to match `sales`/`sale`, `selling`/`sell`."""
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                return base + "y"
            if suffix == "es" and not base.endswith(("s", "x", "z", "ch", "sh")):
                return _drop_e(base + "e")
            if suffix in ("ing", "ed") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "ls":
                return base[:-1]  # "planning" -> "plan"
            return _drop_e(base)
    return _drop_e(word)


def _drop_e(stem: str) -> str:
    # "decide" and "decided" both become "decid", "price" and "prices" both "pric".
    return stem[:-1] if len(stem) > 4 and stem.endswith("e") else stem


def _unaccented(text: str) -> str:
    """`text` with its letters' accents dropped ("Tomás" -> "Tomas"): one word however it is typed."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    """Lower-cased words of `text`, accents dropped, hyphenated words kept whole and also split."""
    out: list[str] = []
    for token in WORD_RE.findall(_unaccented(text).lower()):
        token = token.removesuffix("'s")  # "quarter's" is "quarter"
        out.append(token)
        if "-" in token:
            out.extend(p for p in token.split("-") if p)
    return out


def terms(text: str) -> list[str]:
    """Stemmed content words of `text`, in order, stopwords removed."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]
