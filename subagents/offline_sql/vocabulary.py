"""A domain's words for its data, supplied by a plugin as data: named measures, synonyms, words to ignore.

The catalogue already names what the schema holds (columns, tables, values); a vocabulary only adds what the
schema cannot say: that "turnover" is revenue, that "best-selling" counts units, what an order value is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

_REF = re.compile(r"\{([a-z_][\w]*\.[a-z_][\w]*\.[a-z_][\w]*)\}")


@dataclass(frozen=True, slots=True)
class NamedMeasure:
    """A measure the domain names: an SQL aggregate over `{schema.table.column}` references.

    `words` are the phrases that name it ("turnover", "average order value"); `weak_words` name it only when
    no other measure is named ("best-selling products by revenue" ranks by revenue); `label` says what it is
    in an explanation; `ratio` marks a measure that is not additive (an average or a rate: no share of total).
    """

    name: str
    sql: str
    words: tuple[str, ...]
    label: str = ""
    ratio: bool = False
    weak_words: tuple[str, ...] = ()

    @property
    def columns(self) -> tuple[str, ...]:
        """The `schema.table.column` references the expression reads."""
        return tuple(dict.fromkeys(_REF.findall(self.sql)))

    def render(self, alias_of: Mapping[str, str]) -> str:
        """The expression with each reference written as `alias.column` (`alias_of` maps tables to aliases)."""

        def sub(m: re.Match[str]) -> str:
            table, column = m.group(1).rsplit(".", 1)
            return f'{alias_of[table]}."{column}"'

        return _REF.sub(sub, self.sql)


@dataclass(frozen=True)
class SqlVocabulary:
    """What a domain plugin tells the offline SQL writer, all data.

    - `measures`: named measures (with their synonyms) beyond the schema's own numeric columns;
    - `synonyms`: phrase -> a phrase the catalogue or a measure knows ("sales channel" -> "channel");
    - `ignore`: phrases that carry no meaning for a query (the company's own name);
    - `default_measure`: the measure used when a request names none but asks for a breakdown or ranking.
    """

    measures: tuple[NamedMeasure, ...] = ()
    synonyms: Mapping[str, str] = field(default_factory=dict)
    ignore: tuple[str, ...] = ()
    default_measure: str = ""

    def merged(self, other: SqlVocabulary) -> SqlVocabulary:
        """Both vocabularies (the first one's default measure wins)."""
        return SqlVocabulary(
            measures=(*self.measures, *other.measures),
            synonyms={**other.synonyms, **self.synonyms},
            ignore=(*self.ignore, *other.ignore),
            default_measure=self.default_measure or other.default_measure,
        )


def merge_vocabularies(vocabularies: Sequence[SqlVocabulary]) -> SqlVocabulary:
    """One vocabulary from several plugins' (in load order)."""
    out = SqlVocabulary()
    for v in vocabularies:
        out = out.merged(v)
    return out
