"""Shared fixtures: one real PostgreSQL per test session, a fresh database per test."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from cognicore.database import migrate, open_pool
from cognicore.schema import COMPONENTS

# One template per xdist worker ("gw0", "gw1"...): on a shared TEST_DATABASE_URL server, a worker's session start
# (DROP DATABASE ... WITH (FORCE)) must not pull another worker's template away.
TEMPLATE = "cognicore_test_template" + (f"_{w}" if (w := os.environ.get("PYTEST_XDIST_WORKER")) else "")
MAX_WORKERS = 4  # each worker starts its own PostgreSQL and seeds its own template: more rarely pays on a laptop
INTEGRATION = Path(__file__).resolve().parent / "integration"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (the default options): workers for a run over the integration folder, none otherwise.

    The integration tests (real PostgreSQL, servers, processes) are where the time goes; spread over the CPUs
    (at most MAX_WORKERS) they finish in about half the time on two cores. Unit tests alone, or named files
    and test ids, finish sooner in this process than a worker takes to import the package (no bytecode
    cache here) and seed its own template. PYTEST_XDIST_AUTO_NUM_WORKERS (xdist's own variable) still decides.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    chosen = [(config.invocation_params.dir / arg.split("::")[0]).resolve() for arg in config.args]
    if not any(path.is_dir() and (path == INTEGRATION or path in INTEGRATION.parents) for path in chosen):
        return 0
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cpus, MAX_WORKERS))


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


_SHARED_SCOPES = ("class", "module", "package")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups (`--dist loadgroup`)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep the tests of a module with a module-scoped fixture (a server, a model) on one xdist worker.

    Spread over two workers, such a fixture (`cognicore serve` for test_api.py, ...) would be built twice.
    """
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d.scope in _SHARED_SCOPES and d.baseid for chain in defs for d in chain):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


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


def _clone_template(admin_url: str) -> str:
    """CREATE DATABASE from the template under a fresh name; returns the name."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(TEMPLATE)))
    return name


def _drop_database(admin_url: str, name: str) -> None:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


class _Clones:
    """Fresh template clones, one made ahead in a thread while the current test runs.

    A clone copies the template's files (about 0.3 s of server time); made during the previous test, it is
    usually ready when the next test asks, and every test still gets a database nobody else has touched.
    """

    def __init__(self, admin_url: str) -> None:
        self._admin_url = admin_url
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="template-clone")
        self._next: Future[str] = self._thread.submit(_clone_template, admin_url)

    def take(self) -> str:
        """A new database's name (waiting for the clone in flight), and start making the following one."""
        name = self._next.result()
        self._next = self._thread.submit(_clone_template, self._admin_url)
        return name

    def close(self) -> None:
        """Drop the clone made ahead that no test took."""
        try:
            _drop_database(self._admin_url, self._next.result())
        finally:
            self._thread.shutdown()


@pytest.fixture(scope="session")
def _clones(pg_admin_url: str, template_url: str) -> Iterator[_Clones]:
    clones = _Clones(pg_admin_url)
    yield clones
    clones.close()


@pytest.fixture
def db_url(pg_admin_url: str, _clones: _Clones) -> Iterator[str]:
    """A fresh database, cloned from the template, dropped after the test."""
    name = _clones.take()
    yield _with_database(pg_admin_url, name)
    _drop_database(pg_admin_url, name)


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
