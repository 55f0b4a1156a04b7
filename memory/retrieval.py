"""Hybrid retrieval shared by every store: vector and full-text candidates fused with Reciprocal Rank Fusion.

The SQL builder returns the common table expressions of one statement, so a store gets both ranked
lists and their fusion in a single round trip; `rrf_fuse` is the same fusion in pure Python, used by
tests to cross-check the SQL and by callers that fuse lists from elsewhere.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from psycopg import sql

RRF_K = 60
"""The constant of Reciprocal Rank Fusion (Cormack et al., 2009): score = sum(1 / (RRF_K + rank))."""

MAX_QUERY_TERMS = 64
"""Words of a query used on the full-text side; the rest of a pasted essay adds cost, not recall."""

_TERM_RE = re.compile(r"[a-z0-9]+")

K = TypeVar("K", bound=Hashable)


def rrf_fuse(ranked_lists: Sequence[Sequence[K]], *, k: int = RRF_K, limit: int | None = None) -> list[tuple[K, float]]:
    """Fuse ranked lists of ids (best first) into `(id, score)` pairs, best first.

    Ties are broken by the id, ascending, exactly as `hybrid_ctes` orders them, so both agree.
    """
    scores: dict[K, float] = {}
    for ranked in ranked_lists:
        # A list ranks each item once, as SQL does: later duplicates are dropped before ranking.
        for rank, item in enumerate(dict.fromkeys(ranked), start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    fused = sorted(scores.items(), key=lambda pair: (-pair[1], pair[0]))
    return fused if limit is None else fused[:limit]


def text_query_terms(query: str) -> str:
    """The query as an OR of its words, safe to pass to `to_tsquery`.

    OR, not AND: a question rarely has all its words in one passage, and `ts_rank_cd` already ranks
    passages matching more of them higher. Only `[a-z0-9]` runs survive, so punctuation and tsquery
    operators in user text can never cause a syntax error; a query of stopwords becomes an empty
    tsquery that matches nothing (PostgreSQL only emits a notice).
    """
    words = list(dict.fromkeys(_TERM_RE.findall(query.lower())))[:MAX_QUERY_TERMS]
    return " | ".join(words)


def query_words(query: str) -> list[str]:
    """The distinct `[a-z0-9]` words of `query`, in order, at most `MAX_QUERY_TERMS`: one keyword term each."""
    return list(dict.fromkeys(_TERM_RE.findall(query.lower())))[:MAX_QUERY_TERMS]


TYPO_CUTOFF = 0.75
"""difflib ratio above which an unknown query word is read as a misspelling of a corpus lexeme."""

_LEXEME_RE = re.compile(r"^[a-z0-9]+$")


def knows(word: str, lexicon: frozenset[str]) -> bool:
    """True when `word` is a corpus lexeme or one of its inflections (lexemes are stems: "polici", "return")."""
    if word in lexicon:
        return True
    return any(word[:cut] in lexicon for cut in range(max(3, len(word) - 4), len(word)))


def spelling_fixes(query: str, lexicon: frozenset[str], *, cutoff: float = TYPO_CUTOFF) -> list[str]:
    """Corpus lexemes the query's unknown words are likely misspellings of ("retrun" -> "return").

    Only words of five letters or more, without digits, that no lexeme explains are corrected, against
    lexemes with the same first letter: short words and codes are too ambiguous. The fixes are added to
    the full-text OR, so a typo no longer costs the passage its text rank; the original word stays.
    """
    fixes: list[str] = []
    by_letter: dict[str, list[str]] = {}
    for word in query_words(query):
        if len(word) < 5 or not word.isalpha() or knows(word, lexicon):
            continue
        if word[0] not in by_letter:
            by_letter[word[0]] = [x for x in lexicon if x[:1] == word[0] and len(x) >= 3 and _LEXEME_RE.match(x)]
        close = difflib.get_close_matches(word, by_letter[word[0]], n=2, cutoff=cutoff)
        # "policy" beside the lexeme "polici" is an inflection the stemmer already handles, not a typo.
        if not any(word[: len(c) - 1] == c[:-1] for c in close):
            fixes += close
    return list(dict.fromkeys(fixes))


def paraphrase_terms(query: str, lexicon: frozenset[str], alternatives: Mapping[str, Sequence[str]]) -> list[str]:
    """Other words for the query's words that no corpus lexeme explains ("broken" -> "damaged"), for the text OR.

    Only unknown words are widened: a word the documents use already ranks them, and more OR terms for it
    would only dilute the rank. `alternatives` maps a lower-case word to its paraphrases (the caller's groups).
    """
    found: list[str] = []
    for word in query_words(query):
        if word.isalpha() and not knows(word, lexicon):
            found += [w for w in alternatives.get(word, ()) if w != word and _TERM_RE.fullmatch(w)]
    return list(dict.fromkeys(found))


def candidate_count(k: int) -> int:
    """How many candidates each side contributes for a final top `k`: enough for fusion to matter."""
    return max(4 * k, 20)


def ef_search_for(candidates: int) -> int:
    """A `hnsw.ef_search` that lets the index return `candidates` rows with good recall."""
    return min(1000, max(2 * candidates, 40))


def hybrid_ctes(
    table: str,
    *,
    id_column: str = "id",
    embedding_column: str = "embedding",
    tsv_column: str = "tsv",
    where: sql.Composable | None = None,
) -> sql.Composed:
    """Common table expressions `vector_hits`, `text_hits` and `fused` over `table`.

    `fused(id, vector_rank, text_rank, score)` holds every candidate of either side with its RRF
    score; the caller writes `WITH <these> SELECT ... FROM fused JOIN ... ORDER BY score DESC, id
    LIMIT ...`. Bound parameters the statement expects, by name: `query_vector` (a pgvector value),
    `query_terms` (from `text_query_terms`), `candidates` (rows per side) and `rrf_k`. `where` is a
    filter applied inside both candidate scans (e.g. a tenant), so neither ranks rows it may not see.
    """
    ident = sql.Identifier
    filter_sql = sql.SQL("WHERE ({})").format(where) if where is not None else sql.SQL("")
    text_filter = sql.SQL("AND ({})").format(where) if where is not None else sql.SQL("")
    return sql.SQL(
        """
    vector_hits AS (
        -- ORDER BY distance LIMIT n over the bare table is the shape the HNSW index serves.
        SELECT hit.id, row_number() OVER (ORDER BY hit.distance, hit.id) AS rank
        FROM (
            SELECT {id} AS id, {emb} <=> %(query_vector)s AS distance
            FROM {table}
            {filter}
            ORDER BY distance
            LIMIT %(candidates)s
        ) AS hit
    ),
    text_query AS (
        SELECT to_tsquery('english', %(query_terms)s) AS q
    ),
    text_hits AS (
        SELECT hit.id, row_number() OVER (ORDER BY hit.text_score DESC, hit.id) AS rank
        FROM (
            SELECT {id} AS id, ts_rank_cd({tsv}, text_query.q) AS text_score
            FROM {table}, text_query
            WHERE {tsv} @@ text_query.q {text_filter}
            ORDER BY text_score DESC, {id}
            LIMIT %(candidates)s
        ) AS hit
    ),
    fused AS (
        SELECT coalesce(v.id, t.id) AS id,
               v.rank AS vector_rank,
               t.rank AS text_rank,
               coalesce(1.0::float8 / (%(rrf_k)s + v.rank), 0.0::float8)
                 + coalesce(1.0::float8 / (%(rrf_k)s + t.rank), 0.0::float8) AS score
        FROM vector_hits AS v
        FULL OUTER JOIN text_hits AS t ON t.id = v.id
    )"""
    ).format(
        id=ident(id_column),
        emb=ident(embedding_column),
        tsv=ident(tsv_column),
        table=ident(*table.split(".")),
        filter=filter_sql,
        text_filter=text_filter,
    )


def rrf_fused_cte(*, vector_cte: str = "vector_hits", text_cte: str = "text_hits") -> sql.Composed:
    """The `fused` CTE of `hybrid_ctes` alone, over two ranked CTEs `(id, rank)` the caller builds.

    For stores whose candidate scans differ from `hybrid_ctes`' (the memory stream's keyword stage is
    a function call); the same fusion, columns and bound parameter `rrf_k`. MATERIALIZED so that the
    caller joins on a plain `id` column: under row-level security a join on `coalesce(...)` counts as
    leaky and could not use an index on the other side.
    """
    return sql.SQL(
        """
    fused AS MATERIALIZED (
        SELECT coalesce(v.id, t.id) AS id,
               v.rank AS vector_rank,
               t.rank AS text_rank,
               coalesce(1.0::float8 / (%(rrf_k)s + v.rank), 0.0::float8)
                 + coalesce(1.0::float8 / (%(rrf_k)s + t.rank), 0.0::float8) AS score
        FROM {vector} AS v
        FULL OUTER JOIN {text} AS t ON t.id = v.id
    )"""
    ).format(vector=sql.Identifier(vector_cte), text=sql.Identifier(text_cte))
