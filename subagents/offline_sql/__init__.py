"""The generic offline SQL writer: the allowed schemas' catalogue, a request mapper and an SQL builder."""

from cognicore.subagents.offline_sql.catalogue import Catalogue, Column, Join, Table, read_catalogue
from cognicore.subagents.offline_sql.lexicon import Lexicon, build_lexicon
from cognicore.subagents.offline_sql.mapper import Mapping, map_request
from cognicore.subagents.offline_sql.vocabulary import NamedMeasure, SqlVocabulary, merge_vocabularies
from cognicore.subagents.offline_sql.writer import SchemaSqlWriter, write_from_catalogue

__all__ = [
    "Catalogue",
    "Column",
    "Join",
    "Lexicon",
    "Mapping",
    "NamedMeasure",
    "SchemaSqlWriter",
    "SqlVocabulary",
    "Table",
    "build_lexicon",
    "map_request",
    "merge_vocabularies",
    "read_catalogue",
    "write_from_catalogue",
]
