"""The values of follow-ups: which known value a word names, where values occur in a request, their column, and a
filter taken out ("drop the channel filter") or negated ("the unassigned ones")."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from cognicore.orchestrator._followup_periods import PERIOD

__all__ = [
    "ValueColumn",
    "column_of",
    "dimension_of",
    "dropped",
    "grouping_asked",
    "is_known",
    "known_in",
    "known_value",
    "named_with_column",
    "negated",
    "negated_state",
    "negation_of",
    "plain",
    "splice",
    "stem_word",
]


def is_known(value: str, entities: Sequence[str]) -> bool:
    """Whether `value` is one of `entities`, as a whole (case ignored), or stands for one (`known_value`)."""
    return known_value(value, entities) is not None


def known_value(value: str, entities: Sequence[str]) -> str | None:
    """The one known value that `value` names, as the deployment writes it, or None.

    Whole ("Inland"), plural ("the s1s" names "S1"), or the start of exactly one multi-word value ("North" names
    "North Coast"); an ambiguous start ("North" of "North Coast" and "North Hills") names none.
    """
    lowered = plain(value)
    lowered = re.sub(r"^the\s+", "", lowered)
    # "small businesses" names "small_business": the plural of a word ending in s, x, z, ch or sh adds "es"
    sibilant = re.sub(r"(s|x|z|ch|sh)es$", r"\1", lowered)
    spaced = " ".join(re.split(r"[_\s-]+", re.sub(r"^the\s+", "", value.strip().lower())))  # "in-progress"
    for form in dict.fromkeys((lowered, lowered.removesuffix("s"), lowered.removesuffix("'s"), sibilant, spaced)):
        exact = [e for e in entities if plain(e) == form]
        if exact:
            return exact[0]
    if len(lowered) < 3:
        return None
    starts = {e for e in entities if plain(e).startswith(lowered + " ")}
    return next(iter(starts)) if len(starts) == 1 else None


# "not (yet) <value>", "non-<value>", "yet/still to be <value>": the value said negated, no value named.
_NEGATED_BEFORE = re.compile(
    r"(?:\bnot (?:yet |been |currently )*|\bnon[- ]?|\b(?:yet|still|waiting|left) to (?:be |get |have been )?)$",
    re.IGNORECASE,
)


def known_in(text: str, entities: Sequence[str]) -> list[re.Match[str]]:
    """Where the known values occur in `text`, longest values first, without overlaps."""
    found: list[re.Match[str]] = []
    for value in sorted(entities, key=len, reverse=True):
        if len(value) < 2:
            continue
        # "small business" names "small_business", "in progress" "in_progress": a value's words, however joined.
        # "wifi" names "Wi-Fi" too: a hyphen may be written as nothing, a space or itself.
        spelt = r"[_\s-]+".join(re.escape(part) for part in re.split(r"[_\s]+", value.strip()))  # "in-progress"
        spelt = spelt.replace(r"\-", r"[-\s]?")
        for m in re.finditer(rf"(?<!\w){spelt}(?!\w)", text, re.IGNORECASE):
            if _NEGATED_BEFORE.search(text[: m.start()]):
                continue  # "not yet closed", "non-closed": the value negated is not named (`negated_state` reads it)
            if not any(m.start() < f.end() and f.start() < m.end() for f in found):
                found.append(m)
    return sorted(found, key=lambda m: m.start())


def splice(text: str, start: int, end: int, new: str) -> str:
    return f"{text[:start]}{new}{text[end:]}"


def dropped(base: str, word: str, entities: Sequence[str], columns: Mapping[str, str]) -> tuple[str, float] | None:
    """ "drop the channel filter": the previous request without its value of that column (its one value when no
    column is named, its period for "the date filter"); None when it names no such value."""
    if re.fullmatch(r"(?:date|period|time|year|quarter|month|day)s?", word, re.IGNORECASE):
        spans = [(m.start(), m.end()) for m in PERIOD.finditer(base)]
    else:
        named = known_in(base, entities)
        if word:
            wanted = {stem_word(w) for w in re.split(r"[\s_-]+", word.lower()) if w}
            named = [m for m in named if wanted & column_words(column_of(m.group(0), columns) or "")]
        elif len({column_of(m.group(0), columns) for m in named}) > 1:
            return None  # "drop the filter" with two of them: which one is not said
        spans = [(m.start(), m.end()) for m in named]
    if not spans:
        return None
    text = base
    for start, end in reversed(spans):
        # the value with its own preposition ("for P1", "in the online channel"), never the words around it
        lead = re.search(r"(?:\b(?:for|in|at|from|with|on|of|where|and)\s+)?(?:the\s+)?$", text[:start], re.IGNORECASE)
        start = lead.start() if lead else start
        text = f"{text[:start].rstrip()} {text[end:].lstrip()}".strip()
    return re.sub(r"\s{2,}", " ", text), 0.8


def stem_word(word: str) -> str:
    """A word without its plural `s`, for matching a column's name ("priorities" -> "priority")."""
    return re.sub(r"ies$", "y", word) if word.endswith("ies") else word.removesuffix("s")


def column_words(column: str) -> set[str]:
    """The words of a value's column and table ("shop.jobs.site_type" -> job, site, type)."""
    parts = [p for piece in column.lower().split(".")[1:] for p in piece.split("_") if p]
    return {stem_word(p) for p in parts}


def negated(value: str, base: str, entities: Sequence[str], columns: Mapping[str, str]) -> str | None:
    """ "what about the unassigned ones" after "how many tickets does ben have": the value of the column the word
    negates ("ben" of the assignee) replaced by the word; None when the word negates no column named there."""
    word = re.sub(r"^(?:the\s+)?(\S+?)(?:\s+ones?)?$", r"\1", value.strip(), flags=re.IGNORECASE).lower()
    if not re.fullmatch(r"un[a-z]{4,}", word):
        return None
    for m in known_in(base, entities):
        column = (column_of(m.group(0), columns) or "").rsplit(".", 1)[-1].lower()
        if column[:5] == word[2:7]:  # "unassigned" negates "assignee": the same first five letters
            return splice(base, m.start(), m.end(), word)
    return None


def negation_of(base: str, column: str) -> re.Match[str] | None:
    """A word of `base` negating `column` ("unassigned" of an `assignee`): the first five letters after `un`."""
    name = column.rsplit(".", 1)[-1].lower()
    return next(
        (m for m in re.finditer(r"\bun([a-z]{4,})\b", base, re.IGNORECASE) if name[:5] == m.group(1).lower()[:5]), None
    )


_PARTICIPLE = re.compile(r"[a-z]{3,}ed$")


def negated_state(base: str, column: str, columns: Mapping[str, str]) -> re.Match[str] | None:
    """A state of `base` said negated ("unresolved", "unanswered") that a value of `column` replaces: the column holds
    states (a participle value such as "closed") and the word is an un-participle that negates no column by its name
    (`negation_of`: "unassigned" is the assignee's). "same for the closed ones" after "unresolved tickets" asks about
    the closed ones, not the unresolved ones that are also closed."""
    if not any(_PARTICIPLE.fullmatch(plain(v)) for v, c in columns.items() if getattr(c, "dimension", c) == column):
        return None
    names = {str(c).rsplit(".", 1)[-1].lower() for c in columns.values()}
    for m in _NEGATED_STATE.finditer(base):
        word = re.sub(r"^(?:un|non[- ]?)", "", m.group(0).split()[-1].lower())
        if any(name[:5] == word[:5] for name in names):
            continue  # "unassigned", "not assigned": the assignee's emptiness, no state
        return m
    return None


# Every form a state is said negated in (as the data reader's done_states reads them): "unresolved", "non-closed",
# "pending", "outstanding", "not (yet) closed", "not yet in progress", "yet/still to be closed"; "pending review" is
# a step awaited, no state. Its last word checked against the columns' names ("unassigned").
_NEGATED_STATE = re.compile(
    r"\b(?:un[a-z]{3,}ed"
    r"|non[- ]?[a-z]{3,}"
    r"|(?:pending|outstanding|unfinished|incomplete|undone)"
    r"(?! (?:[a-z]{3,}(?:ment|al|ion|ance|ence|ure)|review|triage|sign[- ]off|reply|response|answer|check)\b)"
    r"|(?:not|never) (?:yet |been |currently )*(?:in progress|[a-z]{3,}ed)"
    r"|(?:yet|still|waiting|left) to (?:be |get |have been )?[a-z]+)\b",
    re.IGNORECASE,
)


# "which components have ...", "what assignees ...": a grouping asked by the wh-word's noun.
# "which components ...", "does each assignee have", "for every region": a grouping asked by its column's word
_WHICH_NOUN = re.compile(r"\b(?:which|what|each|every)\s+(?P<noun>[a-z][\w-]*)\b", re.IGNORECASE)


def grouping_asked(base: str, prep: str, value: str, columns: Mapping[str, str]) -> tuple[str, float] | None:
    """ "now by assignee instead" after "Which components have closed tickets, and how many each": the grouping asked
    by "which <a column's word>" replaced by `value` (as a plural when the old noun was one); None without one, or
    when `prep` sets no grouping ("by", "per")."""
    m = _WHICH_NOUN.search(base) if prep in ("by", "per") else None
    # the columns' own names, not their tables': "which tickets ..." asks for rows, grouped by nothing
    named = {stem_word(w) for c in set(columns.values()) for w in c.lower().rsplit(".", 1)[-1].split("_") if w}
    if m is None or stem_word(m.group("noun").lower()) not in named:
        return None
    noun = m.group("noun")
    new = value if not noun.lower().endswith("s") or value.lower().endswith("s") else f"{value}s"
    return splice(base, m.start("noun"), m.end("noun"), new), 0.8


class ValueColumn(str):
    """The column that holds a data value ("shop.regions.code"), with the dimension it names: a table's key
    columns (a region's unique code and its unique name) name one thing two ways, so one dimension."""

    dimension: str

    def __new__(cls, column: str, dimension: str | None = None) -> ValueColumn:
        made = super().__new__(cls, column)
        made.dimension = dimension or column
        return made


def dimension_of(value: str, columns: Mapping[str, str]) -> str | None:
    """The dimension a data value names: its key table's for a key column ("EU" and "Europe" both name a region),
    else its column; None for a title or a value of no column."""
    column = column_of(value, columns)
    return column.dimension if isinstance(column, ValueColumn) else column


def column_of(value: str, columns: Mapping[str, str]) -> str | None:
    """The column of a data value, matched without case; None for a title or a value of no column."""
    lowered = plain(value)
    return next((c for v, c in columns.items() if plain(v) == lowered), None)


def plain(text: str) -> str:
    """`text` lower case with its words joined by single spaces ("Small_Business" -> "small business")."""
    return " ".join(re.split(r"[_\s]+", text.strip().lower().replace("-", ""))).strip()


def named_with_column(value: str, entities: Sequence[str], columns: Mapping[str, str]) -> str | None:
    """The known value `value` names with the word of its column after it ("the partner channel" -> "partner", "the
    Europe region"), or None; a word of another column or of nothing ("the partner discount") names no value."""
    found = known_in(value, entities)
    if len(found) != 1:
        return None
    m = found[0]
    before, after = value[: m.start()].strip().lower(), value[m.end() :].strip()
    column = known_value(m.group(0), entities) or m.group(0)
    said = set(re.findall(r"[a-z]+", after.lower()))
    own = set(re.findall(r"[a-z]+", re.split(r"[.]", columns.get(column, ""))[-1].replace("_", " ").lower()))
    return m.group(0) if before in ("", "the") and said and said <= own else None
