"""Pronoun rows: "which open one is the oldest", "the closed ones", "list the p1s": "one"/"ones" or a value in the
plural read as the rows of the only table, so the rules that follow see a noun they know."""

from __future__ import annotations

import re

from cognicore.subagents.offline_sql.aside_words import SET_ASIDE
from cognicore.subagents.offline_sql.lexicon import Lexicon, normalise, plural, singular
from cognicore.subagents.offline_sql.shape import ASC, DESC, NUM_WORDS

# "which open one is the oldest", "the closed ones": "one" stands for a row of the only table (not "the top one",
# "which one of the components").
_ONE = re.compile(r"\b(which|the|an?|any|those|these)((?: [a-z0-9_]+){0,2}) (one|ones)\b(?! of\b)")
_SET_ASIDE = re.compile(rf"\b(?:{SET_ASIDE}|but|not)\s*$")
_NOT_PRONOUN = frozenset(f"{DESC}|{ASC}|first|last|second|next|only|same|other|no|this|that".split("|"))


def pronoun_rows(text: str, lex: Lexicon) -> str:
    """ "one"/"ones" after a determiner and up to two describing words, read as the only table's row noun."""
    if len(lex.catalogue.tables) != 1:
        return text
    noun = singular(normalise(lex.catalogue.tables[0].name).split()[-1])

    def sub(m: re.Match[str]) -> str:
        between = m.group(2).split()
        if (between and between[-1] in _NOT_PRONOUN) or any(w.isdigit() or w in NUM_WORDS for w in between):
            return m.group(0)
        if between and _SET_ASIDE.search(text[: m.start()]):
            return f"{m.group(1)}{m.group(2)}"  # "other than the VPN ones": the value names the rows set aside
        return f"{m.group(1)}{m.group(2)} {noun if m.group(3) == 'one' else plural(noun)}"

    text = _ONE.sub(sub, text)
    # "list the p1s", "how many p1s are open": a value written in the plural names rows of the only table
    book = lex.book("phrases")

    def rows_of(m: re.Match[str]) -> str:
        w = m.group(0)
        targets = book.get(w, [])
        values = {normalise(x.value) for x in targets if x.kind == "value" and x.value}
        plain = singular(w) == w or w in values or any(x.kind != "value" for x in targets)
        if plain or not targets or len(values) != 1:
            return w
        return f"{singular(w)} {plural(noun)}"

    return re.sub(r"\b[a-z0-9_]+s\b", rows_of, text)
