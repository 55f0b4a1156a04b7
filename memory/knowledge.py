"""The knowledge base: Markdown and text files chunked, embedded and searched by hybrid retrieval."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
from langchain_core.callbacks import AsyncCallbackManagerForRetrieverRun, CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from langchain_core.retrievers import BaseRetriever
from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from pydantic import ConfigDict

from cognicore.memory._kb_files import Prepared, Preparer, batches
from cognicore.memory.corpus_words import CorpusVocabulary
from cognicore.memory.errors import IngestError, MemoryStoreError
from cognicore.memory.ingest import (
    IngestEvent,
    IngestReport,
    IngestStatus,
    Progress,
    SkippedFile,
    SkipReason,
)
from cognicore.memory.retrieval import (
    RRF_K,
    candidate_count,
    ef_search_for,
    hybrid_ctes,
    paraphrase_terms,
    spelling_fixes,
    text_query_terms,
)
from cognicore.memory.rows import fetch_dicts

__all__ = [
    "DocumentInfo",
    "IngestEvent",
    "IngestReport",
    "IngestStatus",
    "KnowledgeBase",
    "KnowledgeRetriever",
    "KnowledgeStats",
    "Passage",
    "SkipReason",
    "SkippedFile",
]

EMBED_BATCH = 64  # texts per embedding call: small files share calls, big ones are split into several

SELECT_DOCUMENT_STATE = """
SELECT source, content_hash, metadata->>'chunker' AS chunker FROM kb_documents WHERE source = ANY(%s)"""
UPSERT_DOCUMENT = """
INSERT INTO kb_documents (source, title, content_hash, metadata) VALUES (%s, %s, %s, %s)
ON CONFLICT (source) DO UPDATE
    SET title = excluded.title, content_hash = excluded.content_hash,
        metadata = excluded.metadata, ingested_at = now()
RETURNING id"""
DELETE_CHUNKS = "DELETE FROM kb_chunks WHERE document_id = %s"
INSERT_CHUNK = "INSERT INTO kb_chunks (document_id, ord, content, embedding) VALUES (%s, %s, %s, %s)"
SET_EF_SEARCH = "SELECT set_config('hnsw.ef_search', %s, true)"
SEARCH = sql.SQL(
    """
WITH {ctes}
SELECT c.id AS chunk_id, c.document_id, d.source, d.title, c.content,
       f.score, f.vector_rank, f.text_rank
FROM fused AS f
JOIN kb_chunks AS c ON c.id = f.id
JOIN kb_documents AS d ON d.id = c.document_id
ORDER BY f.score DESC, f.id
LIMIT %(k)s"""
).format(ctes=hybrid_ctes("kb_chunks"))
LIST_DOCUMENTS = """
SELECT d.id, d.source, d.title, d.ingested_at, count(c.id)::int AS chunks
FROM kb_documents AS d LEFT JOIN kb_chunks AS c ON c.document_id = d.id
GROUP BY d.id ORDER BY d.source"""
STATS = """
SELECT (SELECT count(*) FROM kb_documents)::int AS documents,
       (SELECT count(*) FROM kb_chunks)::int AS chunks"""
COUNT_CHUNKS = "SELECT count(*)::int AS n FROM kb_chunks"
CHUNK_PAGE = "SELECT id, content FROM kb_chunks WHERE id > %s ORDER BY id LIMIT %s"
UPDATE_EMBEDDING = "UPDATE kb_chunks SET embedding = %s WHERE id = %s"
# For each full-text query (`to_tsquery('english')` syntax): how many chunks match it, and the first `limit` of
# them; one round trip for every query of a check over the whole corpus.
# Per full-text query, in one round trip: how many chunks match, and the first `limit` of them with their document.
COUNT_MATCHES = """
WITH q AS (SELECT t.q, t.ord FROM unnest(%(queries)s::text[]) WITH ORDINALITY AS t(q, ord)),
hit AS (
  SELECT q.ord, c.id, c.document_id, c.content, count(*) OVER w AS n, row_number() OVER (w ORDER BY c.id) AS rn
  FROM q JOIN kb_chunks AS c ON c.tsv @@ to_tsquery('english', q.q)
  WINDOW w AS (PARTITION BY q.ord))
SELECT q.ord, coalesce(max(h.n), 0)::int AS n,
       coalesce(jsonb_agg(jsonb_build_object('chunk_id', h.id, 'document_id', h.document_id, 'source', d.source,
                                             'title', d.title, 'content', h.content) ORDER BY h.id)
                FILTER (WHERE h.rn <= %(limit)s), '[]'::jsonb) AS chunks
FROM q LEFT JOIN hit AS h ON h.ord = q.ord LEFT JOIN kb_documents AS d ON d.id = h.document_id
GROUP BY q.ord ORDER BY q.ord"""


@dataclass(frozen=True, slots=True)
class Passage:
    """A retrieved chunk with its document and how each ranked list placed it (None: not a candidate)."""

    chunk_id: int
    document_id: int
    source: str
    title: str
    content: str
    score: float
    vector_rank: int | None
    text_rank: int | None


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """One ingested document, as `cognicore kb list` shows it."""

    id: int
    source: str
    title: str
    chunks: int
    ingested_at: datetime


@dataclass(frozen=True, slots=True)
class KnowledgeStats:
    """Sizes of the knowledge base."""

    documents: int
    chunks: int


class KnowledgeBase:
    """Documents and chunks in PostgreSQL; ingest is idempotent, search is hybrid in one statement."""

    def __init__(
        self,
        pool: AsyncConnectionPool,
        embeddings: Embeddings,
        *,
        chunk_size: int = 1000,
        chunk_overlap: int = 150,
        max_file_bytes: int = 2_000_000,
        vocabulary: CorpusVocabulary | None = None,
    ) -> None:
        if not 0 <= chunk_overlap < chunk_size:
            raise ValueError(f"chunk_overlap ({chunk_overlap}) must be >= 0 and below chunk_size ({chunk_size})")
        self._pool = pool
        self._embeddings = embeddings
        self._files = Preparer(chunk_size=chunk_size, chunk_overlap=chunk_overlap, max_file_bytes=max_file_bytes)
        # The corpus' words, read on first use and shared with the offline classifier (its speller).
        self.vocabulary = vocabulary or CorpusVocabulary(pool)

    async def ingest_paths(
        self, paths: Sequence[Path], *, on_progress: Callable[[IngestEvent], None] | None = None
    ) -> IngestReport:
        """Add or update the Markdown and text files at `paths` (folders recursively); skip the rest."""
        # Walking folders, reading and chunking files block: keep them off the event loop.
        files, prepared, skipped = await asyncio.to_thread(self._files.read_all, paths)
        progress = Progress(len(files), on_progress)
        for skip in skipped:
            progress.emit(skip.path, "skipped")
        statuses = await self._store(prepared, progress)
        by_status: dict[str, list[str]] = {"added": [], "updated": [], "unchanged": []}
        chunks_by_source: dict[str, int] = {}
        for item in prepared:
            status = statuses[item.source]
            by_status[status].append(item.source)
            if status != "unchanged":
                chunks_by_source[item.source] = len(item.chunks)
        return IngestReport(
            added=tuple(by_status["added"]),
            updated=tuple(by_status["updated"]),
            unchanged=tuple(by_status["unchanged"]),
            skipped=tuple(skipped),
            chunks_written=sum(chunks_by_source.values()),
            chunks_by_source=chunks_by_source,
        )

    async def ingest_text(self, source: str, text: str, *, title: str | None = None) -> IngestStatus:
        """Add or update one in-memory document (Markdown or plain text) under the key `source`."""
        if not source.strip():
            raise IngestError("A document needs a non-empty source to be stored under.")
        if not text.strip():
            raise IngestError(f"{source}: the text is empty; nothing to ingest.")
        item = self._files.prepare(source, text, markdown=True, title=title)
        statuses = await self._store([item], Progress(1, None))
        return statuses[source]

    async def search(
        self, query: str, *, k: int = 6, alternatives: Mapping[str, Sequence[str]] | None = None
    ) -> list[Passage]:
        """The `k` chunks best matching `query` by meaning and by words, fused with RRF in SQL.

        `alternatives` (word -> other words for it) widen the text side for query words the corpus never uses.
        """
        if k <= 0 or not query.strip():
            return []
        vector = np.asarray(await self._embeddings.aembed_query(query), dtype=np.float32)
        candidates = candidate_count(k)
        lexemes = (await self.vocabulary.words()).lexemes
        # A misspelt word ("retrun") matches no passage's text: its likely corrections join the OR; so do the
        # paraphrases of a word the documents never use ("broken" -> "damaged").
        fixes = spelling_fixes(query, lexemes) + paraphrase_terms(query, lexemes, alternatives or {})
        params: dict[str, Any] = {
            "query_vector": vector,
            "query_terms": " | ".join(filter(None, [text_query_terms(query), *fixes])),
            "candidates": candidates,
            "rrf_k": RRF_K,
            "k": k,
        }
        # The SET LOCAL and the search are pipelined: one trip to the server for both.
        async with self._pool.connection() as conn, conn.transaction(), conn.pipeline():
            await conn.execute(SET_EF_SEARCH, (str(ef_search_for(candidates)),))
            rows = await fetch_dicts(conn, SEARCH, params)
        return [
            Passage(
                chunk_id=r["chunk_id"],
                document_id=r["document_id"],
                source=r["source"],
                title=r["title"],
                content=r["content"],
                score=float(r["score"]),
                vector_rank=r["vector_rank"],
                text_rank=r["text_rank"],
            )
            for r in rows
        ]

    async def matches(self, queries: Sequence[str], *, limit: int = 20) -> list[tuple[int, list[Passage]]]:
        """For each full-text query over the whole corpus: how many chunks match, and the first `limit` of them.

        A claim about what the documents do not say is checked here, against every chunk, not the few retrieved.
        """
        if not queries:
            return []
        async with self._pool.connection() as conn:
            rows = await fetch_dicts(conn, COUNT_MATCHES, {"queries": list(queries), "limit": limit})
        return [
            (r["n"], [Passage(**c, score=0.0, vector_rank=None, text_rank=None) for c in r["chunks"]]) for r in rows
        ]

    async def documents(self) -> list[DocumentInfo]:
        """Every document with its chunk count, by source."""
        async with self._pool.connection() as conn:
            rows = await fetch_dicts(conn, LIST_DOCUMENTS)
        return [DocumentInfo(**r) for r in rows]

    async def stats(self) -> KnowledgeStats:
        """How many documents and chunks are stored."""
        async with self._pool.connection() as conn:
            [row] = await fetch_dicts(conn, STATS)
        return KnowledgeStats(documents=row["documents"], chunks=row["chunks"])

    async def reembed(
        self, *, batch_size: int = EMBED_BATCH, on_progress: Callable[[int, int], None] | None = None
    ) -> int:
        """Re-embed every chunk with the current embeddings, batch by batch; return the chunk count.

        Each batch commits on its own, so an interrupted run can simply be started again. Recording
        the new model (`memory.embeddings.record_embedding_model`) is the caller's job, once every
        store is re-embedded.
        """
        async with self._pool.connection() as conn:
            [row] = await fetch_dicts(conn, COUNT_CHUNKS)
        total = row["n"]
        done, last_id = 0, 0
        while True:
            async with self._pool.connection() as conn:
                page = await fetch_dicts(conn, CHUNK_PAGE, (last_id, batch_size))
            if not page:
                break
            vectors = await self._embed([r["content"] for r in page], what="re-embedding the knowledge base")
            async with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
                await cur.executemany(UPDATE_EMBEDDING, [(v, r["id"]) for v, r in zip(vectors, page, strict=True)])
            done += len(page)
            last_id = page[-1]["id"]
            if on_progress:
                on_progress(done, max(total, done))
        return done

    def as_retriever(self, k: int = 6) -> KnowledgeRetriever:
        """This knowledge base behind LangChain's retriever interface."""
        return KnowledgeRetriever(knowledge=self, k=k)

    # -- ingest internals -------------------------------------------------------------------------

    async def _store(self, items: list[Prepared], progress: Progress) -> dict[str, IngestStatus]:
        """Embed the new or changed items in batches across files, then swap each file's chunks."""
        async with self._pool.connection() as conn:
            rows = await fetch_dicts(conn, SELECT_DOCUMENT_STATE, ([i.source for i in items],))
        known = {r["source"]: (r["content_hash"], r["chunker"]) for r in rows}
        statuses: dict[str, IngestStatus] = {}
        pending: list[Prepared] = []
        for item in items:
            if known.get(item.source) == (item.content_hash, item.chunker):
                statuses[item.source] = "unchanged"
                progress.emit(item.source, "unchanged")
            else:
                pending.append(item)
        for group in batches(pending, EMBED_BATCH):
            texts = [c.content for item in group for c in item.chunks]
            vectors = await self._embed(texts, what=", ".join(i.source for i in group))
            offset = 0
            for item in group:
                item_vectors = vectors[offset : offset + len(item.chunks)]
                offset += len(item.chunks)
                await self._write(item, item_vectors)
                self.vocabulary.invalidate()  # new words: read again at the next use
                statuses[item.source] = "updated" if item.source in known else "added"
                progress.emit(item.source, statuses[item.source], len(item.chunks))
        return statuses

    async def _embed(self, texts: list[str], *, what: str) -> list[np.ndarray]:
        """Embed `texts`, translating provider failures into an `IngestError` naming `what`."""
        vectors: list[list[float]] = []
        try:
            for start in range(0, len(texts), EMBED_BATCH):
                vectors += await self._embeddings.aembed_documents(texts[start : start + EMBED_BATCH])
        except Exception as exc:  # providers raise anything; nothing has been written yet
            raise IngestError(
                f"Embedding failed while ingesting {what}: {type(exc).__name__}: {exc}. "
                "Stored documents are unchanged; try again."
            ) from exc
        if len(vectors) != len(texts):
            raise IngestError(f"The embedding model returned {len(vectors)} vectors for {len(texts)} texts.")
        return [np.asarray(v, dtype=np.float32) for v in vectors]

    async def _write(self, item: Prepared, vectors: list[np.ndarray]) -> None:
        """Replace the document's chunks in one transaction: readers see the old set or the new one."""
        metadata = Jsonb({"chunker": item.chunker, "chunks": len(item.chunks)})
        try:
            async with self._pool.connection() as conn, conn.transaction():
                [row] = await fetch_dicts(conn, UPSERT_DOCUMENT, (item.source, item.title, item.content_hash, metadata))
                await conn.execute(DELETE_CHUNKS, (row["id"],))
                async with conn.cursor() as cur:
                    await cur.executemany(
                        INSERT_CHUNK,
                        [(row["id"], c.ord, c.content, v) for c, v in zip(item.chunks, vectors, strict=True)],
                    )
        except psycopg.Error as exc:
            raise MemoryStoreError(f"Could not store {item.source} in the knowledge base: {exc}") from exc


class KnowledgeRetriever(BaseRetriever):
    """LangChain retriever over a `KnowledgeBase`; async only, because the pool is async."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    knowledge: KnowledgeBase
    k: int = 6

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        raise NotImplementedError(
            "KnowledgeRetriever is async-only (it shares the async connection pool): "
            "use `await retriever.ainvoke(query)`."
        )

    async def _aget_relevant_documents(
        self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun
    ) -> list[Document]:
        passages = await self.knowledge.search(query, k=self.k)
        return [
            Document(
                page_content=p.content,
                metadata={"source": p.source, "title": p.title, "chunk_id": p.chunk_id, "score": p.score},
            )
            for p in passages
        ]
