"""The knowledge base's words, read lazily once and shared by retrieval's typo fixes and the classifier's speller."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.rows import fetch_dicts

__all__ = ["CORPUS_TTL_S", "MAX_PLAIN_WORDS", "CorpusVocabulary", "CorpusWords"]

CORPUS_TTL_S = 300.0  # another process's ingest reaches this one's corrections within this time
MAX_PLAIN_WORDS = 20_000
SAMPLE_CHUNKS = 5_000  # a bounded sample: a large corpus costs no more to read than a small one
# One statement, one round trip, for both views of the corpus: the lexemes as `to_tsvector('english')` stems
# them (what retrieval corrects a misspelt query word to; read from the stored `tsv` column) and the words as
# written ('simple' does not stem), commonest first (what the classifier's speller corrects a request to); a
# hyphenated word also counts joined, as people type it ("Wi-Fi" as "wifi").
READ_CORPUS_WORDS = f"""
SELECT 'lexeme' AS kind, word FROM ts_stat('SELECT tsv FROM kb_chunks') WHERE length(word) BETWEEN 3 AND 40
UNION ALL
(SELECT 'plain', replace(word, '-', '') FROM ts_stat($$SELECT to_tsvector('simple', content)
    FROM (SELECT content FROM kb_chunks ORDER BY id LIMIT {SAMPLE_CHUNKS}) AS sample$$)
 WHERE word ~ '^[a-z]{{3,}}$' OR word ~ '^[a-z]+(-[a-z]+)+$' AND length(word) <= 40
 ORDER BY nentry DESC, 2 LIMIT %(limit)s)"""


@dataclass(frozen=True, slots=True)
class CorpusWords:
    """The corpus' words as written (commonest first) and as the English full-text stemmer stores them."""

    plain: tuple[str, ...]
    lexemes: frozenset[str]


EMPTY = CorpusWords(plain=(), lexemes=frozenset())


class CorpusVocabulary:
    """The knowledge base's vocabulary, read on first use, cached, and read again after an ingest or the TTL.

    One instance is shared by the knowledge base (which invalidates it when it writes chunks) and the offline
    classifier, so the corpus is scanned once, never at application start.
    """

    def __init__(
        self,
        pool: AsyncConnectionPool,
        *,
        ttl_s: float = CORPUS_TTL_S,
        max_words: int = MAX_PLAIN_WORDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pool = pool
        self._ttl_s = ttl_s
        self._max_words = max_words
        self._clock = clock
        self._cached: tuple[float, CorpusWords] | None = None
        self._lock = asyncio.Lock()
        self.reads = 0  # how many times the corpus was scanned (a test and a benchmark count them)

    async def words(self) -> CorpusWords:
        """The cached words; the corpus is read when nothing is cached, after `invalidate` or after the TTL.

        The same `CorpusWords` object comes back until the next read, so a caller can rebuild what it derives
        from the words only when they change (`is` comparison).
        """
        if (cached := self._fresh()) is not None:
            return cached
        async with self._lock:  # concurrent first uses share one read
            if (cached := self._fresh()) is not None:
                return cached
            async with self._pool.connection() as conn:
                rows = await fetch_dicts(conn, READ_CORPUS_WORDS, {"limit": self._max_words})
            self.reads += 1
            found = CorpusWords(
                plain=tuple(r["word"] for r in rows if r["kind"] == "plain"),
                lexemes=frozenset(r["word"] for r in rows if r["kind"] == "lexeme"),
            )
            self._cached = (self._clock(), found)
            return found

    def invalidate(self) -> None:
        """Forget the cached words: documents were ingested, the next use reads the corpus again."""
        self._cached = None

    def _fresh(self) -> CorpusWords | None:
        if self._cached is None or self._clock() - self._cached[0] > self._ttl_s:
            return None
        return self._cached[1]
