"""The offline embedder and the record of which embedding model filled the database."""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache

import numpy as np
import psycopg
from langchain_core.embeddings import Embeddings
from psycopg import sql
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
    """Record the embedding model on first use; refuse to mix vectors of two models or of two sizes."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_COLUMN_DIMS)
        sizes = sorted({r["dims"] for r in await cur.fetchall()})
        if sizes and sizes != [dims]:
            raise EmbeddingMismatch(
                f"The database's vector columns hold {', '.join(map(str, sizes))} dimensions but the configured "
                f"embedding model {name} gives {dims}. Run `cognicore reembed` to resize them and re-embed "
                "everything with it (instant on an empty database), or configure the previous model "
                "(COGNICORE_EMBEDDING_MODEL)."
            )
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
            "configured model, or switch back (COGNICORE_EMBEDDING_MODEL; set or unset GOOGLE_API_KEY)."
        )


async def record_embedding_model(pool: AsyncConnectionPool, name: str, dims: int) -> None:
    """Mark the database as embedded with `name` (after a full re-embed)."""
    async with pool.connection() as conn:
        await conn.execute(
            "INSERT INTO embedding_model (name, dims) VALUES (%s, %s) "
            "ON CONFLICT (id) DO UPDATE SET name = excluded.name, dims = excluded.dims, recorded_at = now()",
            (name, dims),
        )


# Every embedding column of the schema, whatever store declared it: `vector(n)` and `halfvec(n)` columns of
# plain and partitioned tables (a partition follows its parent). pgvector keeps the dimension in the typmod.
_VECTOR_COLUMNS = """
SELECT format('%I.%I', n.nspname, c.relname) AS table_name, a.attname AS column_name, t.typname AS type_name,
       a.atttypmod AS dims, a.attnotnull AS not_null
FROM pg_attribute AS a
JOIN pg_class AS c ON c.oid = a.attrelid
JOIN pg_namespace AS n ON n.oid = c.relnamespace
JOIN pg_type AS t ON t.oid = a.atttypid
WHERE t.typname IN ('vector', 'halfvec') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND a.attnum > 0 AND NOT a.attisdropped AND n.nspname = current_schema()
ORDER BY 1, 2"""
_COLUMN_DIMS = f"SELECT DISTINCT v.dims FROM ({_VECTOR_COLUMNS}) AS v WHERE v.dims > 0"


async def resize_vector_columns(pool: AsyncConnectionPool, *, old_dims: int, dims: int) -> list[str]:
    """Make every `old_dims` embedding column hold `dims` instead, emptied, for a re-embed; return them.

    Run by the owner, before re-embedding with a model of another size. One transaction: each column loses
    its NOT NULL and its values (they cannot be converted), and PostgreSQL rebuilds its indexes (HNSW over
    NULLs: instant); the re-embed then fills the rows and `finish_vector_columns` restores NOT NULL. Until
    then searches skip the rows without a vector. Columns of another size than `old_dims` are left alone.
    """
    if old_dims == dims:
        return []
    async with pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_VECTOR_COLUMNS)
        columns = [r for r in await cur.fetchall() if r["dims"] == old_dims]
        for col in columns:
            await cur.execute(
                sql.SQL(
                    "ALTER TABLE {table} ALTER COLUMN {column} DROP NOT NULL, "
                    "ALTER COLUMN {column} TYPE {type} USING NULL"
                ).format(
                    table=sql.SQL(col["table_name"]),  # format('%I.%I') quoted it
                    column=sql.Identifier(col["column_name"]),
                    type=sql.SQL("{}({})").format(sql.Identifier(col["type_name"]), sql.Literal(dims)),
                )
            )
    return [f"{c['table_name']}.{c['column_name']}" for c in columns]


async def finish_vector_columns(pool: AsyncConnectionPool, dims: int) -> list[str]:
    """After a re-embed, make the `dims` embedding columns NOT NULL again (every one is); return those changed.

    A row still without a vector means the re-embed did not finish: the error says to run it again.
    """
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_VECTOR_COLUMNS)
        columns = [r for r in await cur.fetchall() if r["dims"] == dims and not r["not_null"]]
        for col in columns:
            table, column = sql.SQL(col["table_name"]), sql.Identifier(col["column_name"])
            try:
                await conn.execute(sql.SQL("ALTER TABLE {} ALTER COLUMN {} SET NOT NULL").format(table, column))
            except psycopg.errors.NotNullViolation as exc:
                raise EmbeddingMismatch(
                    f"{col['table_name']}.{col['column_name']} still has rows without an embedding: the re-embed "
                    "did not finish. Run `cognicore reembed` again."
                ) from exc
    return [f"{c['table_name']}.{c['column_name']}" for c in columns]


async def recorded_dims(pool: AsyncConnectionPool) -> int:
    """The dimension of the embedding columns now (the one recorded, else the columns', else `DIMS`)."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute("SELECT dims FROM embedding_model")
        row = await cur.fetchone()
        if row is not None:
            return int(row["dims"])
        await cur.execute(_COLUMN_DIMS)
        sizes = [r["dims"] for r in await cur.fetchall()]
    return int(sizes[0]) if len(sizes) == 1 else DIMS


@asynccontextmanager
async def vector_size_errors() -> AsyncIterator[None]:
    """Turn PostgreSQL's refusal of a vector of the wrong size into an error that names the fix."""
    try:
        yield
    except psycopg.errors.DataException as exc:
        if "dimensions" not in str(exc):
            raise
        raise EmbeddingMismatch(
            f"The embeddings do not fit the database's vector columns ({str(exc).strip()}). Configure the embedding "
            "model the database was filled with, or run `cognicore reembed` to move everything to this one."
        ) from exc
