"""The offline embedder and the record of which embedding model filled the database."""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections import Counter
from functools import lru_cache

import numpy as np
from langchain_core.embeddings import Embeddings
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.errors import EmbeddingMismatch
from cognicore.memory.text import terms

OFFLINE_EMBEDDING_MODEL = "cognicore-offline-hash-v3"
DIMS = 768
_TRIGRAM_WEIGHT = 0.35


@lru_cache(maxsize=262144)
def _slot(feature: str) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % DIMS, 1.0 if (value >> 63) & 1 else -1.0


def _embed_one(text: str) -> list[float]:
    vec = np.zeros(DIMS, dtype=np.float32)
    counts = Counter(terms(text))
    for term, count in counts.items():
        weight = 1.0 + math.log(count)
        index, sign = _slot("w:" + term)
        vec[index] += sign * weight
        # Character trigrams let near-spellings ("bestseller", "best-selling") share some mass.
        padded = f"<{term}>"
        grams = [padded[i : i + 3] for i in range(len(padded) - 2)]
        for gram in grams:
            index, sign = _slot("c:" + gram)
            vec[index] += sign * weight * _TRIGRAM_WEIGHT / math.sqrt(len(grams))
    norm = float(np.linalg.norm(vec))
    if norm == 0.0:
        vec[0] = 1.0  # an empty text still needs a valid direction for cosine distance
        norm = 1.0
    return (vec / norm).tolist()


class OfflineEmbeddings(Embeddings):
    """Deterministic feature-hashing embeddings: texts sharing words get a higher cosine similarity.

    No network and no model weights, so the whole product runs and ranks sensibly offline.
    """

    model_name: str = OFFLINE_EMBEDDING_MODEL
    dims: int = DIMS

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [_embed_one(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return _embed_one(text)

    async def aembed_documents(self, texts: list[str]) -> list[list[float]]:
        if len(texts) <= 8:
            return self.embed_documents(texts)
        return await asyncio.to_thread(self.embed_documents, texts)

    async def aembed_query(self, text: str) -> list[float]:
        return _embed_one(text)


EMBEDDING_MODEL_TABLE = """
CREATE TABLE IF NOT EXISTS embedding_model (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    name text NOT NULL,
    dims int NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
)"""


async def check_embedding_model(pool: AsyncConnectionPool, name: str, dims: int) -> None:
    """Record the embedding model on first use; refuse to mix vectors of two models."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "INSERT INTO embedding_model (name, dims) VALUES (%s, %s) ON CONFLICT (id) DO NOTHING",
            (name, dims),
        )
        await cur.execute("SELECT name, dims FROM embedding_model")
        row = await cur.fetchone()
    if row and (row["name"], row["dims"]) != (name, dims):
        raise EmbeddingMismatch(
            f"The database holds embeddings from {row['name']} ({row['dims']} dims) but the configured "
            f"model is {name} ({dims} dims). Run `cognicore reembed` to re-embed everything with the "
            "configured model, or switch back (set or unset GOOGLE_API_KEY)."
        )


async def record_embedding_model(pool: AsyncConnectionPool, name: str, dims: int) -> None:
    """Mark the database as embedded with `name` (after a full re-embed)."""
    async with pool.connection() as conn:
        await conn.execute(
            "INSERT INTO embedding_model (name, dims) VALUES (%s, %s) "
            "ON CONFLICT (id) DO UPDATE SET name = excluded.name, dims = excluded.dims, recorded_at = now()",
            (name, dims),
        )
