"""Writing the memory stream: embedding new memories, inserting them in batches, and re-embedding a user.

Split from `memory.stream` so the store class keeps only its public calls; the SQL is in `_stream_sql.py`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory._stream_sql import INSERT, VISIBLE_IDS
from cognicore.memory.embeddings import vector_size_errors
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream_types import NewMemory
from cognicore.memory.tenancy import user_transaction

EMBED_BATCH = 64  # texts per embedding call
INSERT_BATCH = 1000  # rows per INSERT statement (~3 MB of vectors)

REEMBED_PAGE = """
SELECT id, content FROM memories
WHERE user_id = %(user_id)s AND id > %(after)s ORDER BY id LIMIT %(limit)s"""
# `user_id` in the WHERE prunes the update to the user's partition.
REEMBED_UPDATE = "UPDATE memories SET embedding = %(embedding)s WHERE user_id = %(user_id)s AND id = %(id)s"


class UnknownMemory(MemoryStoreError, ValueError):
    """A memory id named as a source does not exist for this user."""


async def embed_items(embeddings: Embeddings, items: Sequence[NewMemory]) -> list[np.ndarray]:
    """Each item's embedding: given ones as they are, the others embedded in batches of `EMBED_BATCH`."""
    missing = [i for i, item in enumerate(items) if item.embedding is None]
    computed: list[list[float]] = []
    try:
        for start in range(0, len(missing), EMBED_BATCH):
            texts = [items[i].content for i in missing[start : start + EMBED_BATCH]]
            computed += await embeddings.aembed_documents(texts)
    except Exception as exc:  # providers raise anything; nothing has been written yet
        raise MemoryStoreError(
            f"Embedding {len(missing)} memories failed: {type(exc).__name__}: {exc}. Nothing was stored; try again."
        ) from exc
    if len(computed) != len(missing):
        raise MemoryStoreError(f"The embedding model returned {len(computed)} vectors for {len(missing)} texts.")
    vectors: list[np.ndarray | None] = [item.embedding for item in items]
    for i, values in zip(missing, computed, strict=True):
        vectors[i] = np.asarray(values, dtype=np.float32)
    # The size itself is the database's (per deployment): a mismatch fails the insert (vector_size_errors).
    shapes = {None if vector is None else vector.shape for vector in vectors}
    if len(shapes) != 1 or None in shapes or len(next(iter(shapes)) or ()) != 1:
        raise MemoryStoreError(f"Memory embeddings must be flat vectors of one size, got shapes {shapes}.")
    return vectors  # type: ignore[return-value]  # every slot was checked above


async def insert_memories(
    conn: AsyncConnection,
    user_id: str,
    items: Sequence[NewMemory],
    vectors: Sequence[np.ndarray],
    lifecycle: LifecycleConfig,
    *,
    chain: bool,
) -> list[int]:
    """Insert `items` with their `vectors` in the open transaction `conn`; their ids, in order.

    One statement per `INSERT_BATCH` rows, or with `chain` one per item, each derived from the one before.
    """
    sources = sorted({s for item in items for s in item.source_ids})
    ids: list[int] = []
    async with vector_size_errors():
        if sources:
            await _check_sources(conn, sources)
        if chain:
            for item, vector in zip(items, vectors, strict=True):
                linked = item.model_copy(update={"source_ids": (*item.source_ids, *ids[-1:])})
                [row] = await fetch_dicts(conn, INSERT, _insert_params(user_id, [linked], [vector], lifecycle))
                ids.append(row["id"])
            return ids
        for start in range(0, len(items), INSERT_BATCH):
            batch = items[start : start + INSERT_BATCH]
            rows = await fetch_dicts(
                conn, INSERT, _insert_params(user_id, batch, vectors[start : start + INSERT_BATCH], lifecycle)
            )
            # The sequence hands out ids in the order of `ORDER BY s.n`, so sorted ids are in input order.
            ids += sorted(row["id"] for row in rows)
    return ids


async def reembed(pool: AsyncConnectionPool, embeddings: Embeddings, user_id: str, *, batch: int) -> int:
    """Embed every memory of `user_id` again, `batch` at a time, each batch committed on its own."""
    done, last = 0, 0
    while True:
        async with user_transaction(pool, user_id) as conn:
            rows = await fetch_dicts(conn, REEMBED_PAGE, {"user_id": user_id, "after": last, "limit": batch})
        if not rows:
            return done
        vectors = await embeddings.aembed_documents([r["content"] for r in rows])
        async with user_transaction(pool, user_id) as conn, conn.cursor() as cur:
            await cur.executemany(
                REEMBED_UPDATE,
                [
                    {"user_id": user_id, "id": r["id"], "embedding": np.asarray(v, dtype=np.float32)}
                    for r, v in zip(rows, vectors, strict=True)
                ],
            )
        done += len(rows)
        last = rows[-1]["id"]


async def _check_sources(conn: AsyncConnection, sources: list[int]) -> None:
    """Refuse provenance links to memories this user cannot see (another user's, or none)."""
    [row] = await fetch_dicts(conn, VISIBLE_IDS, (sources,))
    missing = sorted(set(sources) - set(row["ids"]))
    if missing:
        raise UnknownMemory(
            f"source_ids {missing} are not memories of this user; a memory can only be derived from "
            "memories stored before it for the same user."
        )


def _insert_params(
    user_id: str, items: Sequence[NewMemory], vectors: Sequence[np.ndarray], lifecycle: LifecycleConfig
) -> dict[str, Any]:
    # Arrays of text so all-NULL columns need no type inference; the statement casts each one.
    return {
        "user_id": user_id,
        "session_ids": [i.session_id for i in items],
        "kinds": [i.kind for i in items],
        "contents": [i.content for i in items],
        "embeddings": list(vectors),
        "importances": [i.importance for i in items],
        "metadata": [Jsonb(i.metadata) for i in items],
        "sources": [json.dumps(list(i.source_ids)) for i in items],
        "created": [i.created_at.isoformat() if i.created_at else None for i in items],
        "origins": [i.source for i in items],
        "strengths": [
            lifecycle.initial_strength_education if i.source == "education" else lifecycle.initial_strength
            for i in items
        ],
        "now": clock.now(),
    }
