"""Free-text search inside a table's prose columns: "tickets mentioning access denied", "that say 'slow'".

The phrase is taken out of the request before any word is read (the speller would "correct" it, the rules
would try to place its words), and becomes an `ILIKE` over the table's text columns that hold prose or
names (not its low-cardinality dimensions, whose values are filters already). Generic: the columns come from
the catalogue, the markers are English verbs of saying.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cognicore.subagents.offline_sql.aside_words import SET_ASIDE
from cognicore.subagents.offline_sql.catalogue import Column, Table
from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise

# "mentioning", "that say", "containing", "with the word", "about" (the last only for words the data lacks)
_MARKER = re.compile(
    r"\b(?:that |which |whose \w+ )?(?P<verb>mention(?:s|ed|ing)?|say(?:s|ing)?|contain(?:s|ed|ing)?|"
    r"with the (?:words?|phrase|text)|about|refer(?:s|ring)? to)\s+",
    re.I,
)
_QUOTED = re.compile(r"""\s*(["'\u2018\u201c])(?P<phrase>[^"'\u2019\u201d]+)["'\u2019\u201d]""")
# An unquoted phrase runs to the end of the request or to the first word that starts another part of it.
_PHRASE_END = re.compile(
    r"\s+(?:by|per|grouped|broken|split|in|during|since|from|before|after|for|and|or|that|which|sorted|ordered|"
    r"last|this|over)\b|\s*[?,.;!]|\s*$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Search:
    """A phrase to find in text columns, as written by the user."""

    phrase: str
    negated: bool = False  # "other than the slow ones", "tickets not mentioning slow": the rows without it

    def pattern(self) -> str:
        """The `ILIKE` pattern: the phrase anywhere, its `%`, `_` and backslashes matched literally."""
        escaped = re.sub(r"([\\%_])", r"\\\1", self.phrase)
        return f"%{escaped}%"

    def condition(self, columns: list[str], pattern: str) -> str:
        """The SQL condition on `columns` (`pattern` a quoted literal): the phrase in any of them, or in none."""
        found = "(" + " OR ".join(f"{c} ILIKE {pattern}" for c in columns) + ")"
        return f"NOT coalesce({found}, false)" if self.negated else found


# "tickets with slow in the title", "products with 'pro' in their name": a phrase inside a text column named
_IN_COLUMN = re.compile(
    r"\b(?:with|having|that (?:have|has))\s+"
    r"(?P<phrase>[\"'\u2018\u201c][^\"'\u2019\u201d]+[\"'\u2019\u201d]|[\w-]+(?:\s+[\w-]+){0,2}?)"
    r"\s+in\s+(?:the|their|its|a)\s+(?P<column>[a-z_]+?)s?\b",
    re.I,
)


# "other than the slow ones", "not mentioning", "excluding those about": the phrase names the rows left out
_ASIDE_BEFORE = re.compile(
    rf"(?:\b(?:not|never|without|non|exclude|{SET_ASIDE}|(?:anything|everything|all) but)|n['\u2019]t)"
    r"(?: (?:the|any|those|these|all|of|ones?|that|which|are|is|were|was|do|does|did))*\s*$",
    re.I,
)


def _aside(request: str, start: int, end: int, phrase: str) -> tuple[str, Search]:
    """`request` without the search phrase between `start` and `end`, and the phrase, negated (with the negation
    taken out too) when a set-aside word or a "not" comes right before it."""
    negated = _ASIDE_BEFORE.search(request[:start])
    cut = negated.start() if negated else start
    return request[:cut] + " " + request[end:], Search(phrase, negated=negated is not None)


def split_search(request: str, lex: Lexicon) -> tuple[str, Search | None]:
    """`request` without its search phrase (and the verb introducing it), and the phrase; `(request, None)`
    when there is none, or when the phrase only names what the data already holds ("about the printer")."""
    prose = {normalise(c.name) for t in lex.catalogue.tables for c in search_columns(t)}
    for m in _IN_COLUMN.finditer(request):
        if normalise(m.group("column")) in prose:
            phrase = m.group("phrase").strip("\"'\u2018\u2019\u201c\u201d ")
            return _aside(request, m.start(), m.end(), phrase)
    for m in _MARKER.finditer(request):
        if _told_beside(request, m, lex, prose):
            continue  # "ana says her queue is too long. How many ...?": what someone says, told before the question
        quoted = _QUOTED.match(request, m.end())
        if quoted:
            phrase, end = quoted.group("phrase").strip(), quoted.end()
        else:
            stop = _PHRASE_END.search(request, m.end())
            end = stop.start() if stop else len(request)
            phrase = request[m.end() : end].strip()
            if _known(phrase, lex):
                continue  # "tickets about the VPN": a value of the data, a filter the rules place
            if m.group("verb").lower() == "about" and any(_known(w, lex) for w in phrase.split()):
                continue  # "about" is also "about P1 tickets": only a phrase of words the data lacks is searched
        if len(phrase) < 2:
            continue
        # "tickets that mention slow in the title": the column it is said in goes with the phrase
        if (where := _IN_THE.match(request, end)) and normalise(where.group("column")) in prose:
            end = where.end()
        return _aside(request, m.start(), end, phrase)
    return request, None


def _told_beside(request: str, m: re.Match[str], lex: Lexicon, prose: set[str]) -> bool:
    """Whether the marker `m` is in a sentence of its own, followed by another, that names neither the rows nor a
    column of their text: something told beside the question, never a phrase the rows hold."""
    start = max(request.rfind(end, 0, m.start()) for end in ".!?")
    stop = re.search(r"[.!?](?:\s+|$)", request[m.end() :])
    if stop is None or not request[m.end() + stop.end() :].strip():
        return False
    said = normalise(request[start + 1 : m.end() + stop.start()]).split()
    rows = {p for p, targets in lex.phrases.items() if any(x.kind == "entity" for x in targets)}
    return not any(w in rows or w.rstrip("s") in rows or w in prose or w.rstrip("s") in prose for w in said)


_IN_THE = re.compile(r"\s+in\s+(?:the|their|its|a)\s+(?P<column>[a-z_]+?)s?\b", re.I)


def unplaced_phrase(words: list[str], read: str, table: Table | None) -> tuple[Search, list[Column]] | None:
    """Words no rule placed that stand together in the request and inside the values of a text column of
    `table` ("the access denied tickets": titles hold "access denied"): a search for them, as "mentioning" says.
    Only columns whose values the catalogue holds are looked at, so the phrase is known to be in the data."""
    if table is None or not words:
        return None
    phrase = " ".join(words)
    if f" {phrase} " not in " " + re.sub(r"\s+", " ", read) + " ":
        return None  # scattered words, not one phrase
    pattern = re.compile(rf"\b{re.escape(phrase)}\b")
    columns = [c for c in search_columns(table) if any(pattern.search(normalise(v)) for v in c.values)]
    at = pattern.search(read)
    negated = at is not None and _ASIDE_BEFORE.search(read[: at.start()]) is not None
    return (Search(phrase, negated=negated), columns) if columns else None


def _known(phrase: str, lex: Lexicon) -> bool:
    """Whether `phrase` (without articles) is a phrase of the catalogue: a value, column or table word."""
    words = normalise(re.sub(r"^(?:the|a|an|any|our)\s+", "", phrase.strip(), flags=re.I))
    return bool(words) and (words in lex.phrases or words.rstrip("s") in lex.phrases)


def search_columns(table: Table) -> list[Column]:
    """The columns of `table` a phrase is searched in: its label and its text columns that hold prose (too
    many or too long values to be a dimension), never keys."""
    return [
        c
        for c in table.columns
        if c.kind == "text" and not c.primary_key and c.foreign_key is None and (c is table.label or not c.values)
    ]
