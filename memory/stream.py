"""The episodic memory stream: observations, thoughts, reflections, tool calls and results, per user.

Search is hybrid (HNSW cosine + full text, fused with Reciprocal Rank Fusion) and scored by
recency, importance, relevance and strength (`memory.scoring`) in one SQL statement; the hits'
candidate counts are written afterwards, in batches (`memory._counts`). Every statement runs through
`user_transaction`, under row-level security, so a user can only ever read or write their own memories.

Writing and re-embedding live in `_stream_write.py`, the row mapping and search filters in `_stream_rows.py`,
the SQL in `_stream_sql.py`, `_search_sql.py` and `_keyword_sql.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory._counts import CandidateCounts
from cognicore.memory._search_sql import SEARCH
from cognicore.memory._stream_rows import filter_params, hit, record
from cognicore.memory._stream_sql import CANDIDATES, EXPLAIN, NEAREST, STATS, search_settings
from cognicore.memory._stream_write import EMBED_BATCH, UnknownMemory, embed_items, insert_memories, reembed
from cognicore.memory.lifecycle import Lifecycle
from cognicore.memory.lifecycle_config import LifecycleConfig, Perspective
from cognicore.memory.retrieval import RRF_K, candidate_count, query_words
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.scoring import Scoring
from cognicore.memory.stream_types import (
    KINDS,
    STATUSES,
    Kind,
    MemoryHit,
    MemoryNode,
    MemoryRecord,
    MemoryStats,
    Neighbor,
    NewMemory,
    Status,
)
from cognicore.memory.tenancy import check_user_id, user_read, user_transaction

__all__ = [
    "EMBED_BATCH",
    "KINDS",
    "STATUSES",
    "Kind",
    "MemoryHit",
    "MemoryNode",
    "MemoryRecord",
    "MemoryStats",
    "MemoryStream",
    "Neighbor",
    "NewMemory",
    "Status",
    "UnknownMemory",
]

MAX_K = 200
MAX_EXPLAIN_DEPTH = 20
_TICK = timedelta(microseconds=1)
DEFAULT_MIN_SIMILARITY = 0.1
"""Cosine floor of a hit: drops memories that matched only a stray word and mean nothing alike.

With the offline embedder unrelated texts score about 0 +- 0.05 and a shared content word about
0.15; Gemini embeddings of unrelated texts sit higher, so the shell should map a setting onto it.
"""


class MemoryStream:
    """Append and search one store of memories, each row owned by a user (row-level security)."""

    def __init__(
        self,
        pool: AsyncConnectionPool,
        embeddings: Embeddings,
        *,
        scoring: Scoring | None = None,
        min_similarity: float = DEFAULT_MIN_SIMILARITY,
        lifecycle: LifecycleConfig | None = None,
    ) -> None:
        if not -1.0 <= min_similarity <= 1.0:
            raise ValueError(f"min_similarity is a cosine similarity in [-1, 1], got {min_similarity!r}")
        self._pool = pool
        self._embeddings = embeddings
        self._scoring = scoring or Scoring()
        self._min_similarity = min_similarity
        self._counts = CandidateCounts(pool)
        self._lifecycle = lifecycle or LifecycleConfig()
        self.lifecycle = Lifecycle(pool, self._lifecycle)
        """Reinforcement, task records, impact and the sleep phase of this store (`memory.lifecycle`)."""

    async def add(
        self, user_id: str, items: Sequence[NewMemory], *, chain: bool = False, conn: AsyncConnection | None = None
    ) -> list[int]:
        """Store `items` for `user_id` and return their ids, in order.

        Texts without an embedding are embedded in batches first; rows go in with one statement per
        `_stream_write.INSERT_BATCH`, all in one transaction. `source_ids` must name existing memories of the same
        user; otherwise nothing is written. With `chain`, each item also derives from the one before it
        (a tool call and its result): one transaction, one statement per item. `conn` is an open
        `user_transaction` of the same user to write in (the run's round and these memories commit together).
        """
        check_user_id(user_id)
        if not items:
            return []
        # Embedded before the transaction: a remote embedder must not hold it open.
        vectors = await embed_items(self._embeddings, items)
        if conn is None:
            async with user_transaction(self._pool, user_id) as own:
                return await insert_memories(own, user_id, items, vectors, self._lifecycle, chain=chain)
        return await insert_memories(conn, user_id, items, vectors, self._lifecycle, chain=chain)

    async def search(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        kinds: Sequence[Kind] | None = None,
        session_id: str | None = None,
        session_first: bool = False,
        since: datetime | None = None,
        until: datetime | None = None,
        as_of: datetime | None = None,
        metadata: dict[str, Any] | None = None,
        status: Status | None = "active",
        min_similarity: float | None = None,
        quiet: bool = False,
        perspective: Perspective | None = None,
    ) -> list[MemoryHit]:
        """The `k` memories of `user_id` best matching `query`, scored, best first.

        `session_id` filters to that session, or with `session_first` puts that session's memories
        before the others instead. `since`/`until` bound `created_at`; `metadata` keeps memories whose
        metadata contains it (`{"speaker": "Maria"}`); `status=None` means any. `as_of` searches the
        memory as it was then: nothing created later, and recency measured from that moment (a
        conversation imported with its own dates). `k` only cuts the ranked list (up to `CANDIDATES`).
        The hits' `candidate_count` is incremented shortly after, in a batch (`flush_counts`), unless
        `quiet` (an evaluation that must not change what it measures). A `perspective` (the agent the
        search is for) adds its keywords to the embedded query (when query expansion is on) and ranks by
        the memories' strength from that perspective; `status=None` also finds archived memories.
        """
        check_user_id(user_id)
        if not 1 <= k <= MAX_K:
            raise ValueError(f"k must be between 1 and {MAX_K}, got {k}")
        if session_first and session_id is None:
            raise ValueError("session_first needs the session_id whose memories come first")
        if as_of is not None:
            if as_of.tzinfo is None:
                raise ValueError(f"as_of must be timezone-aware (e.g. datetime.now(UTC)), got {as_of!r}")
            # `until` is exclusive; as of a moment, what was created at that moment exists.
            until = min(until, as_of + _TICK) if until is not None else as_of + _TICK
        floor = self._min_similarity if min_similarity is None else min_similarity
        filters = filter_params(kinds, None if session_first else session_id, since, until, status, metadata)
        if not query.strip():
            return []
        vector = np.asarray(await self._embeddings.aembed_query(self._expanded(query, perspective)), dtype=np.float32)
        scoring = self._scoring
        params: dict[str, Any] = {
            "user_id": user_id,
            "query_vector": vector,
            "query_words": query_words(query),
            "candidates": max(CANDIDATES, k),
            "rrf_k": RRF_K,
            "k": k,
            "min_similarity": floor,
            "session_id": session_id,
            "session_first": session_first,
            "as_of": as_of,
            "now": clock.now(),
            "perspective": perspective.name if perspective is not None else None,
            **filters,
            "alpha": scoring.alpha,
            "beta": scoring.beta,
            "gamma": scoring.gamma,
            "delta": scoring.delta,
            "decay": scoring.decay,
        }
        rows = await user_read(self._pool, user_id, SEARCH, params)  # memory_search sets its scan's settings
        hits = [hit(r) for r in rows]
        if not quiet:
            self._counts.add(user_id, [h.id for h in hits])
        return hits

    async def flush_counts(self) -> None:
        """Write the candidate counts of past searches now (they are otherwise written in batches)."""
        await self._counts.flush()

    async def nearest(
        self, user_id: str, vector: Sequence[float], *, k: int = 10, exact: bool = False
    ) -> list[Neighbor]:
        """The `k` active memories closest to `vector`, by the same index scan as `search`'s vector stage.

        `exact=True` compares against every row of the user instead (no index): the reference a
        benchmark measures recall against, or what a dedupe job wants.
        """
        check_user_id(user_id)
        if not 1 <= k <= MAX_K:
            raise ValueError(f"k must be between 1 and {MAX_K}, got {k}")
        query = np.asarray(vector, dtype=np.float32)
        candidates = candidate_count(k)
        settings: list[tuple[str, Sequence[Any]]] = [search_settings(user_id)]
        if exact:
            settings.append(("SELECT set_config('enable_indexscan', 'off', true)", ()))
        rows = await user_read(
            self._pool,
            user_id,
            NEAREST,
            {"user_id": user_id, "query_vector": query, "candidates": candidates, "k": k},
            before=settings,
        )
        return [Neighbor(id=r["id"], similarity=float(r["similarity"])) for r in rows]

    async def mark_used(self, user_id: str, ids: Sequence[int], *, perspective: str | None = None) -> list[int]:
        """Record that memories `ids` were used; return the ids actually reinforced (the second stage).

        Increments `access_count`, adds the lifecycle's increment on use to `strength` (and its perspective
        increment to `perspective`'s strength), and sets `last_accessed_at` to the clock's now, so recency
        restarts. An archived memory used again comes back active at the reactivation strength. Ids that
        are not this user's memories are ignored.
        """
        return await self.lifecycle.reinforce(user_id, ids, perspectives=[perspective] if perspective else [])

    def _expanded(self, query: str, perspective: Perspective | None) -> str:
        """The query with the perspective's keywords appended, when expansion is on (seed 002, 4.7)."""
        if perspective is None or not perspective.keywords or not self._lifecycle.enable_query_expansion:
            return query
        return f"{query} {' '.join(perspective.keywords)}"

    async def explain(self, user_id: str, memory_id: int) -> MemoryNode | None:
        """Memory `memory_id` with the memories it was derived from, recursively down to observations.

        None when the user has no such memory. A memory reached along two paths appears under both.
        """
        check_user_id(user_id)
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(
                conn, EXPLAIN, {"user_id": user_id, "id": memory_id, "max_depth": MAX_EXPLAIN_DEPTH}
            )
        if not rows:
            return None
        children: dict[tuple[int, ...], list[MemoryNode]] = {}
        root: MemoryNode | None = None
        # Deepest rows first, so every node's sources are built before the node itself.
        for r in sorted(rows, key=lambda r: -len(r["path"])):
            path = tuple(r["path"])
            node = MemoryNode(memory=record(r), sources=tuple(children.pop(path, [])))
            if len(path) == 1:
                root = node
            else:
                children.setdefault(path[:-1], []).append(node)
        return root

    async def stats(self, user_id: str) -> MemoryStats:
        """Counts of the user's memories by kind and by status, and the oldest and newest times."""
        check_user_id(user_id)
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, STATS, {"user_id": user_id})
        by_kind: dict[str, int] = {}
        by_status: dict[str, int] = {}
        for r in rows:
            by_kind[r["kind"]] = by_kind.get(r["kind"], 0) + r["n"]
            by_status[r["status"]] = by_status.get(r["status"], 0) + r["n"]
        return MemoryStats(
            user_id=user_id,
            total=sum(by_kind.values()),
            by_kind=by_kind,
            by_status=by_status,
            oldest=min((r["oldest"] for r in rows), default=None),
            newest=max((r["newest"] for r in rows), default=None),
        )

    async def reembed_user(self, user_id: str, *, batch: int = EMBED_BATCH) -> int:
        """Embed every memory of `user_id` again with the current model (after `cognicore reembed`).

        Batch by batch, each committed on its own, so an interrupted re-embed can simply run again.
        """
        check_user_id(user_id)
        return await reembed(self._pool, self._embeddings, user_id, batch=batch)
