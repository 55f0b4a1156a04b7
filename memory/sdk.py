"""`Memory`: cognicore's long-term memory from Python, without the orchestrator.

    from cognicore.memory import Memory

    async with await Memory.open("postgresql://...") as mem:
        await mem.add("maria", "I adopted a beagle")
        hits = await mem.search("maria", "which dog", k=5)

It opens a small pool on an already migrated database (`cognicore db migrate`, or any start of the app)
and gives add, import, search, facts, explain and the extraction worker; the CLI's memory commands use it
too. The embedder must be the one the database was filled with: by default the offline embedder, and an
error naming the recorded model otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import psycopg
from langchain_core.embeddings import Embeddings
from pgvector.psycopg import register_vector_async
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from cognicore.memory.conversation_import import ConversationTurn, ImportReport, import_conversation, read_conversation
from cognicore.memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, OfflineEmbeddings
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.extraction import FactExtractor, OfflineFactExtractor
from cognicore.memory.fact_types import Fact
from cognicore.memory.facts import FactStore
from cognicore.memory.jobs import EXTRACT_TURN, ProcessReport, make_extract_handler, process
from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.prewarm import DEFAULT_BUDGET_S, PrewarmProgress, PrewarmReport, warm_connection
from cognicore.memory.prewarm import prewarm as prewarm_memory
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream import DEFAULT_MIN_SIMILARITY, MemoryStream
from cognicore.memory.stream_types import Kind, MemoryHit, MemoryNode, NewMemory

__all__ = ["Memory"]

RECORDED_MODEL = "SELECT name, dims FROM embedding_model"


class Memory:
    """The memory stream and facts of one database, for any number of users (row-level security)."""

    def __init__(
        self,
        pool: AsyncConnectionPool,
        embeddings: Embeddings,
        *,
        scoring: Scoring | None = None,
        min_similarity: float = DEFAULT_MIN_SIMILARITY,
        extractor: FactExtractor | None = None,
        owns_pool: bool = False,
        lifecycle: LifecycleConfig | None = None,
    ) -> None:
        self.pool = pool
        self.stream = MemoryStream(
            pool, embeddings, scoring=scoring, min_similarity=min_similarity, lifecycle=lifecycle
        )
        self.fact_store = FactStore(pool, embeddings)
        self._extractor: FactExtractor = extractor or OfflineFactExtractor()
        self._owns_pool = owns_pool
        self.prewarmed: PrewarmReport | None = None
        """What `open(..., prewarm=...)` read into the server's buffers (None: no prewarm)."""

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        embeddings: Embeddings | None = None,
        scoring: Scoring | None = None,
        min_similarity: float = DEFAULT_MIN_SIMILARITY,
        extractor: FactExtractor | None = None,
        max_connections: int = 4,
        prewarm: bool | float = False,
        progress: Callable[[PrewarmProgress], None] | None = None,
    ) -> Memory:
        """Connect to a migrated cognicore database at `url`; close with `close()` or `async with`.

        `prewarm` (True, or a time budget in seconds) prepares a long-lived process for its first searches:
        all `max_connections` connections open at once, each with the search planned (`warm_connection`),
        then the memory partitions are read into the server's buffers (`memory.prewarm.prewarm`, reporting
        to `progress`); the report is `self.prewarmed`. Without it, opening stays quick.
        """
        if prewarm is not True and prewarm is not False and not (isinstance(prewarm, int | float) and prewarm > 0):
            raise ValueError(f"prewarm must be True, False or a time budget in seconds > 0, got {prewarm!r}")
        await _check_schema(url)
        pool = AsyncConnectionPool(
            url,
            min_size=max_connections if prewarm else 1,
            max_size=max_connections,
            open=False,
            configure=_warmed if prewarm else register_vector_async,
            kwargs={"autocommit": True, "prepare_threshold": None, "row_factory": dict_row},
        )
        try:
            await pool.open(wait=True, timeout=10)
            embeddings = embeddings or await _recorded_embeddings(pool)
            report = None
            if prewarm:
                budget = DEFAULT_BUDGET_S if prewarm is True else float(prewarm)
                report = await prewarm_memory(pool, budget_s=budget, progress=progress)
        except PoolTimeout as exc:
            await pool.close()
            raise MemoryStoreError(
                "Cannot connect to the memory database within 10 s: check the URL and that the server is running "
                "(`cognicore db start` for the embedded one)."
            ) from exc
        except BaseException:
            await pool.close()
            raise
        mem = cls(pool, embeddings, scoring=scoring, min_similarity=min_similarity, extractor=extractor, owns_pool=True)
        mem.prewarmed = report
        return mem

    async def close(self) -> None:
        """Write pending candidate counts, then close the pool if this object opened it."""
        try:
            await self.stream.flush_counts()
        finally:
            if self._owns_pool:
                await self.pool.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def add(
        self,
        user_id: str,
        content: str | NewMemory | Sequence[str | NewMemory],
        *,
        kind: Kind = "observation",
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        created_at: datetime | None = None,
        importance: int = 3,
    ) -> list[int]:
        """Store one or more memories; plain strings take the keyword options. Returns their ids."""
        items = [content] if isinstance(content, str | NewMemory) else list(content)
        memories = [
            item
            if isinstance(item, NewMemory)
            else NewMemory(
                content=item,
                kind=kind,
                session_id=session_id,
                metadata=metadata or {},
                created_at=created_at,
                importance=importance,
            )
            for item in items
        ]
        return await self.stream.add(user_id, memories)

    async def import_conversation(
        self,
        user_id: str,
        conversation: str | Path | Sequence[ConversationTurn | dict[str, Any]],
        *,
        extract: bool = True,
    ) -> ImportReport:
        """Import a conversation (a JSON or JSONL file, or turns) as `user_id`'s memories; queue extraction."""
        if isinstance(conversation, str | Path):
            turns = read_conversation(Path(conversation))
            source = Path(conversation).name
        else:
            turns = [t if isinstance(t, ConversationTurn) else ConversationTurn.model_validate(t) for t in conversation]
            source = "import"
        return await import_conversation(self.pool, self.stream, user_id, turns, source=source, extract=extract)

    async def search(self, user_id: str, query: str, **options: Any) -> list[MemoryHit]:
        """Hybrid scored search of the memory stream; options as `MemoryStream.search` (k, metadata, as_of...)."""
        return await self.stream.search(user_id, query, **options)

    async def facts(self, user_id: str, query: str | None = None, *, k: int = 10, history: bool = False) -> list[Fact]:
        """The user's facts: those matching `query` (best first), or all current ones (`history`: every one)."""
        if query is not None:
            return [h.fact for h in await self.fact_store.search(user_id, query, k=k, include_superseded=history)]
        return await (self.fact_store.history(user_id) if history else self.fact_store.active(user_id))

    async def explain(self, user_id: str, memory_id: int) -> MemoryNode | None:
        """Memory `memory_id` with the memories it was derived from (None: no such memory of this user)."""
        return await self.stream.explain(user_id, memory_id)

    async def process(self, user_id: str | None = None, *, limit: int = 1000) -> ProcessReport:
        """Run queued fact extraction (after an import or a conversation) now, with this object's extractor."""
        handlers = {EXTRACT_TURN: make_extract_handler(self._extractor, self.fact_store)}
        return await process(self.pool, handlers, user_id=user_id, limit=limit)


async def _warmed(conn: psycopg.AsyncConnection[Any]) -> None:
    """A new connection with pgvector's types and the search planned, before its first use."""
    await register_vector_async(conn)
    await warm_connection(conn)


async def _check_schema(url: str) -> None:
    """Fail fast, naming the fix, on a server that is down or a database that was never migrated."""
    try:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True, connect_timeout=10) as conn:
            cur = await conn.execute(
                "SELECT to_regtype('vector') IS NOT NULL AND to_regclass('memories') IS NOT NULL "
                "AND to_regclass('embedding_model') IS NOT NULL"
            )
            row = await cur.fetchone()
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise MemoryStoreError(
            f"Cannot connect to the memory database: {reason}. Check the URL and the server."
        ) from exc
    if not row or not row[0]:
        raise MemoryStoreError(
            "This database has no cognicore schema yet: run `cognicore db migrate` (or start the app once)."
        )


async def _recorded_embeddings(pool: AsyncConnectionPool) -> Embeddings:
    """The offline embedder if the database was filled with it (or is empty); an error naming the model if not."""
    try:
        async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(RECORDED_MODEL)
            row = await cur.fetchone()
    except psycopg.errors.UndefinedTable as exc:
        raise MemoryStoreError(
            "This database has no cognicore schema yet: run `cognicore db migrate` (or start the app once)."
        ) from exc
    if row is None or (row["name"], row["dims"]) == (OFFLINE_EMBEDDING_MODEL, DIMS):
        return OfflineEmbeddings()
    raise MemoryStoreError(
        f"The memory was embedded with {row['name']} ({row['dims']} dims): pass that model as "
        "`Memory.open(url, embeddings=...)`, any LangChain Embeddings giving the same vectors (e.g. "
        f"HuggingFaceEmbeddings(model_name=<its folder>), or GoogleGenerativeAIEmbeddings with "
        f"output_dimensionality={row['dims']})."
    )
