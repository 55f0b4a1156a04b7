"""Shared fixtures: one real PostgreSQL per test session, a fresh database per test."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from cognicore.database import migrate, open_pool
from cognicore.schema import COMPONENTS

TEMPLATE = "cognicore_test_template"


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


# A throwaway server needs no crash safety: without a WAL flush per commit and per cloned database, the
# suite's thousands of commits and CREATE DATABASEs stop waiting on the disk. Reloadable settings only.
_THROWAWAY_SERVER = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


def _tune_for_tests(url: str) -> None:
    """Turn crash safety off on the embedded test server (never on a TEST_DATABASE_URL server)."""
    with psycopg.connect(url, autocommit=True) as conn:
        for name, value in _THROWAWAY_SERVER.items():
            conn.execute(sql.SQL("ALTER SYSTEM SET {} = {}").format(sql.Identifier(name), sql.Literal(value)))
        conn.execute("SELECT pg_reload_conf()")


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """URL of a maintenance database on the test server (TEST_DATABASE_URL or an embedded one)."""
    if url := os.environ.get("TEST_DATABASE_URL"):
        yield url
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

        # Its own folder, not pytest's tmp_path: pytest prunes old basetemps, which would pull the data
        # directory from under a server that a concurrent session is still using.
        folder = Path(tempfile.mkdtemp(prefix="cognicore-test-pg-"))
        server = pgserver.get_server(folder / "data", cleanup_mode="delete")
    _tune_for_tests(server.get_uri())
    yield server.get_uri()
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
async def template_url(pg_admin_url: str) -> str:
    """A migrated, demo-seeded database that each test's database is cloned from."""
    from cognicore.demo import seed_demo
    from cognicore.memory.embeddings import OfflineEmbeddings
    from cognicore.memory.knowledge import KnowledgeBase

    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(TEMPLATE)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(TEMPLATE)))
    url = _with_database(pg_admin_url, TEMPLATE)
    pool = await open_pool(url, max_size=4)
    try:
        await migrate(pool, COMPONENTS)
        async with pool.connection() as conn:
            await AsyncPostgresSaver(conn).setup()  # type: ignore[arg-type]
        embeddings = OfflineEmbeddings()
        await seed_demo(pool, KnowledgeBase(pool, embeddings))
    finally:
        await pool.close()
    return url


@pytest.fixture
def db_url(pg_admin_url: str, template_url: str) -> Iterator[str]:
    """A fresh database, cloned from the template, dropped after the test."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(TEMPLATE)))
    yield _with_database(pg_admin_url, name)
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture
async def pool(db_url: str) -> AsyncIterator[AsyncConnectionPool]:
    """An open pool on the test's own database."""
    p = await open_pool(db_url, max_size=6)
    yield p
    await p.close()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A per-test data folder (reports, embedded-server data for CLI tests)."""
    d = tmp_path / "data"
    d.mkdir()
    return d
