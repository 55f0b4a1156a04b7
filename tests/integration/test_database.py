"""The database layer: migrations are recorded and idempotent; the embedding model is guarded."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import prepare_database
from cognicore.database import migrate, redact
from cognicore.memory.embeddings import DIMS, OFFLINE_EMBEDDING_MODEL, check_embedding_model, record_embedding_model
from cognicore.memory.errors import EmbeddingMismatch
from cognicore.schema import COMPONENTS


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


async def test_reembed_rewrites_every_store_and_clears_the_mismatch(db_url: str, data_dir, pool) -> None:  # type: ignore[no-untyped-def]
    import json

    from tests.integration.test_cli import _env, cli

    env = _env(db_url, data_dir)
    for text in ("I prefer tea.", "Write a short briefing on the top 3 products by revenue last quarter"):
        assert cli("ask", text, "--user", "ann", "--json", env=env).returncode == 0
    await record_embedding_model(pool, "models/gemini-embedding-001", DIMS)  # as if the engine had changed
    refused = cli("ask", "hello?", "--json", env=env)
    assert refused.returncode == 1 and "cognicore reembed" in json.loads(refused.stdout)["error"]["message"]
    counts = json.loads(cli("reembed", "--json", env=env).stdout)
    async with pool.connection() as conn:
        expected = {}
        for table, key in (
            ("kb_chunks", "chunks"),
            ("workflow_triggers", "workflow_triggers"),
            ("memories", "memories"),
            ("facts", "facts"),
        ):
            cur = await conn.execute(f"SELECT count(*) AS n FROM {table}")  # superuser: every user's rows
            expected[key] = (await cur.fetchone())["n"]
    assert {k: counts[k] for k in expected} == expected and counts["users"] == 1
    assert expected["memories"] > 0 and expected["facts"] > 0 and expected["workflow_triggers"] > 0
    assert cli("ask", "What do I like to drink?", "--user", "ann", "--json", env=env).returncode == 0
