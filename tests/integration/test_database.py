"""The database layer: migrations are recorded and idempotent; the embedding model is guarded."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import prepare_database
from cognicore.database import migrate, redact
from cognicore.schema import COMPONENTS
from memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, check_embedding_model, record_embedding_model
from memory.errors import EmbeddingMismatch


async def test_migrations_are_recorded_and_run_once(pool: AsyncConnectionPool) -> None:
    assert await migrate(pool, COMPONENTS) == []  # the template already applied them
    await prepare_database(pool)  # and the checkpointer's, again, harmlessly
    async with pool.connection() as conn:
        cur = await conn.execute("SELECT component, count(*) AS n FROM cognicore_migrations GROUP BY 1 ORDER BY 1")
        counts = {r["component"]: r["n"] for r in await cur.fetchall()}
    assert counts == {name: len(steps) for name, steps in COMPONENTS}


async def test_a_different_embedding_model_is_refused_with_the_fix(pool: AsyncConnectionPool) -> None:
    await check_embedding_model(pool, OFFLINE_EMBEDDING_MODEL, DIMS)
    with pytest.raises(EmbeddingMismatch, match="cognicore reembed"):
        await check_embedding_model(pool, "models/gemini-embedding-001", DIMS)
    await record_embedding_model(pool, "models/gemini-embedding-001", DIMS)
    await check_embedding_model(pool, "models/gemini-embedding-001", DIMS)


def test_redact_hides_only_the_password() -> None:
    assert redact("postgresql://app:s3cret@db:5432/x") == "postgresql://app:***@db:5432/x"
    assert redact("postgresql://postgres:@/postgres?host=/tmp/x") == "postgresql://postgres:@/postgres?host=/tmp/x"


def test_redact_key_value_dsn() -> None:
    assert redact("host=db user=app password=s3cret dbname=x") == "host=db user=app password=*** dbname=x"
