"""A deployment's embedding model and dimension: recorded, checked at start-up, changed by `reembed_all`.

The local model is a tiny sentence-transformers model built offline (tests/local_model.py): these tests
skip when the `cognicore[local]` extra is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import reembed_all
from cognicore.embedders import build_embedder
from cognicore.memory.embeddings import (
    DIMS,
    OFFLINE_EMBEDDING_MODEL,
    check_embedding_model,
    finish_vector_columns,
    resize_vector_columns,
)
from cognicore.memory.errors import EmbeddingMismatch
from cognicore.memory.stream import NewMemory
from cognicore.settings import Settings
from tests.integration.conftest import AppFactory
from tests.local_model import DIMS as LOCAL_DIMS
from tests.local_model import build_local_model

U = "ann"
TEXTS = ["I ordered a flat white coffee", "the battery of my watch died", "my warranty claim was refused"]


@pytest.fixture(scope="module")
def local_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    words = {w for t in TEXTS for w in t.split()} | {"what", "coffee", "did", "order"}
    return build_local_model(tmp_path_factory.mktemp("local-model"), words)


async def column_sizes(pool: AsyncConnectionPool) -> dict[str, tuple[int, bool]]:
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT c.relname AS t, a.atttypmod AS dims, a.attnotnull AS not_null FROM pg_attribute a "
            "JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type ty ON ty.oid = a.atttypid "
            "WHERE ty.typname IN ('vector', 'halfvec') AND c.relkind IN ('r', 'p') AND NOT c.relispartition"
        )
        return {r["t"]: (r["dims"], r["not_null"]) for r in await cur.fetchall()}


async def test_the_local_model_is_built_from_a_folder(local_model: Path, settings: Settings) -> None:
    settings = settings.model_copy(update={"embedding_model": f"huggingface:{local_model}"})
    embedder = build_embedder(settings)
    assert (embedder.name, embedder.dims) == (f"huggingface:{local_model}", LOCAL_DIMS)
    vector = await embedder.embeddings.aembed_query("what coffee did I order")
    assert len(vector) == LOCAL_DIMS and sum(v * v for v in vector) == pytest.approx(1.0, abs=1e-4)


async def test_reembed_moves_the_deployment_to_another_dimension(
    local_model: Path, settings: Settings, make_app: AppFactory, pool: AsyncConnectionPool
) -> None:
    async with make_app() as offline:  # an offline deployment with memories
        ids = await offline.memory.stream.add(U, [NewMemory(content=t) for t in TEXTS])
    local = settings.model_copy(update={"embedding_model": f"huggingface:{local_model}"})
    with pytest.raises(EmbeddingMismatch, match=r"768 dimensions.*gives 32.*cognicore reembed"):
        async with make_app(settings=local):
            pass
    async with make_app(settings=local, check_embeddings=False) as app:
        report = await reembed_all(app)
        assert report.memories == len(TEXTS)
        assert set((await column_sizes(pool)).values()) == {(LOCAL_DIMS, True)}  # resized, NOT NULL again
        hits = await app.memory.stream.search(U, "what coffee did I order", k=3, min_similarity=-1, quiet=True)
        assert hits[0].id == ids[0] and hits[0].similarity is not None
        with pytest.raises(EmbeddingMismatch, match="cognicore reembed"):  # a 768-dimension vector no longer fits
            await app.memory.stream.add(U, [NewMemory(content="x", embedding=[0.1] * DIMS)])
    async with make_app(settings=local) as app:  # the start-up check passes now
        assert len(await app.memory.stream.add(U, [NewMemory(content="a second coffee")])) == 1
    with pytest.raises(EmbeddingMismatch, match=r"gives 768.*cognicore reembed"):  # and the offline one is refused
        async with make_app():
            pass


async def test_a_fresh_size_is_refused_and_an_unfinished_reembed_is_reported(pool: AsyncConnectionPool) -> None:
    with pytest.raises(EmbeddingMismatch, match="768 dimensions but the configured embedding model m gives 384"):
        await check_embedding_model(pool, "m", 384)
    await check_embedding_model(pool, OFFLINE_EMBEDDING_MODEL, DIMS)
    resized = await resize_vector_columns(pool, old_dims=DIMS, dims=384)
    assert {"public.memories.embedding", "public.facts.embedding", "public.kb_chunks.embedding"} <= set(resized)
    assert await resize_vector_columns(pool, old_dims=DIMS, dims=384) == []  # nothing left at 768
    async with pool.connection() as conn:  # the seeded knowledge base's chunks lost their vectors
        row = await (await conn.execute("SELECT count(*) AS n, count(embedding) AS v FROM kb_chunks")).fetchone()
    assert row is not None and row["n"] > 0 and row["v"] == 0
    with pytest.raises(EmbeddingMismatch, match=r"did not finish\. Run `cognicore reembed` again"):
        await finish_vector_columns(pool, 384)
