"""PostgreSQL for cognicore: the embedded server, the connection pool and the migrations."""

from __future__ import annotations

import asyncio
import re
import time
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg

# register_vector_async's own parts, so the pool can fetch the types once (see `_vector_types`).
from pgvector.psycopg.bit import register_bit_info
from pgvector.psycopg.halfvec import register_halfvec_info
from pgvector.psycopg.sparsevec import register_sparsevec_info
from pgvector.psycopg.vector import register_vector_info
from psycopg import sql
from psycopg.rows import dict_row
from psycopg.types import TypeInfo
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from cognicore.memory.tenancy import holds_session_state

EMBEDDED_DATABASE = "cognicore"

# Each package owns its tables and lists its migrations; position in the list is the version.
MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS cognicore_migrations (
    component text NOT NULL,
    version int NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (component, version)
)"""
MIGRATION_LOCK_KEY = 0x636F676E  # "cogn": serialises concurrent start-ups


class DatabaseError(Exception):
    """Base error of the database layer."""


class DatabaseUnavailable(DatabaseError):
    """The server cannot be reached or started; the message names the URL and the fix."""


_KEY_VALUE_PASSWORD = re.compile(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s']\S*|'.*)", re.IGNORECASE)


def redact(url: str) -> str:
    """The URL (or `key=value` DSN) with every password replaced by `***`, safe to print.

    Covers the userinfo (`user:secret@`), a `?password=` query parameter and `password=...` pairs, quoted
    or not; anything that does not parse is redacted by pattern rather than printed.
    """
    if "://" not in url:
        return _KEY_VALUE_PASSWORD.sub(r"\1***", url)
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return _KEY_VALUE_PASSWORD.sub(r"\1***", re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url))
    netloc = parts.netloc
    if password:
        userinfo, _, host = netloc.rpartition("@")
        netloc = f"{userinfo.split(':', 1)[0]}:***@{host}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(k.lower() == "password" for k, _ in pairs):
            query = urlencode([(k, "***" if k.lower() == "password" else v) for k, v in pairs], safe="/*")
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def _forget_dead_handles(pgdata: Path) -> None:
    """Unregister processes that died without saying so (kill -9) from the embedded server's handle list.

    pgserver stops the server when the last registered process exits; a killed process never unregisters,
    so without this the server would outlive every process using it. Done under pgserver's own lock.
    """
    import psutil
    from pgserver.postgres_server import PostgresServer
    from pgserver.utils import DiskList

    def alive(pid: int) -> bool:
        try:
            return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    handles = DiskList(pgdata.expanduser().resolve() / ".handle_pids.json")
    with PostgresServer._lock:
        registered = handles.get()
        living = [pid for pid in registered if alive(pid)]
        if living != registered:
            handles.put(living)


def _start_embedded_blocking(pgdata: Path) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        import pgserver

        pgdata.parent.mkdir(parents=True, exist_ok=True)
        _forget_dead_handles(pgdata)
        # cleanup_mode="stop": the server is shared by every process using this folder and
        # stopped when the last of them exits.
        server = pgserver.get_server(pgdata, cleanup_mode="stop")
    base = server.get_uri()
    with psycopg.connect(base, autocommit=True) as conn:
        _tune_embedded(conn)
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (EMBEDDED_DATABASE,)).fetchone()
        if not exists:
            try:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(EMBEDDED_DATABASE)))
            except (psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation):
                pass  # another process created it first
            except psycopg.errors.ObjectInUse:
                # template1 was busy with another process's CREATE DATABASE; that one creates ours.
                for _ in range(100):
                    if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (EMBEDDED_DATABASE,)).fetchone():
                        break
                    time.sleep(0.05)
    return server.get_uri(EMBEDDED_DATABASE)


def embedded_shared_buffers() -> str:
    """A quarter of the machine's memory, at most 1 GB: what the memory stream's indexes want cached.

    The default 128MB puts hybrid memory search at 100k memories around 14 ms p95; 1GB keeps it under
    10 ms (bench/memory.py).
    """
    import psutil

    quarter_mb = psutil.virtual_memory().total // (4 * 1024 * 1024)
    return f"{max(128, min(1024, quarter_mb))}MB"


def embedded_effective_cache_size() -> str:
    """Half the machine's memory: what the server may count on the OS caching (PostgreSQL's default is 4 GB).

    The planner's index costs read it, and the memory prewarm (`memory.prewarm`) caches the memory partitions
    up to it: at a million memories they are about 6 GB, so the default leaves part of them on the disk.
    Half of RAM is PostgreSQL's usual conservative setting for a machine it shares.
    """
    import psutil

    return f"{max(128, psutil.virtual_memory().total // (2 * 1024 * 1024))}MB"


def _tune_embedded(conn: psycopg.Connection[Any]) -> None:
    # ALTER SYSTEM takes effect at the next start: no restart under processes that already joined the
    # server. The server stops with its last process, so the next command gets the setting.
    wanted = embedded_shared_buffers()
    row = conn.execute(
        "SELECT setting FROM pg_file_settings WHERE name = 'shared_buffers' AND applied IS NOT NULL "
        "ORDER BY seqno DESC LIMIT 1"
    ).fetchone()
    if row is None or row[0] != wanted:
        conn.execute(sql.SQL("ALTER SYSTEM SET shared_buffers = {}").format(sql.Literal(wanted)))
    # effective_cache_size is written once and then left alone: a size the folder's owner set (or
    # `bench/memory.py --effective-cache-size`) stays. A reload applies it at once.
    told = conn.execute("SELECT 1 FROM pg_file_settings WHERE name = 'effective_cache_size' LIMIT 1").fetchone()
    if told is None:
        size = sql.Literal(embedded_effective_cache_size())
        conn.execute(sql.SQL("ALTER SYSTEM SET effective_cache_size = {}").format(size))
        conn.execute("SELECT pg_reload_conf()")


async def start_embedded(data_dir: Path, *, attempts: int = 2) -> str:
    """Start (or join) the embedded PostgreSQL in `data_dir/pgdata` and return its URL.

    pgserver waits 10 s for the server; on a loaded machine a start can take longer and still succeed,
    so a failed attempt is retried once (it then joins the server that did come up).
    """
    attempt = 1
    while True:
        try:
            return await asyncio.to_thread(_start_embedded_blocking, data_dir / "pgdata")
        except Exception as exc:  # pgserver raises bare subprocess/OS errors
            if attempt < attempts:
                attempt += 1
                await asyncio.sleep(1.0)
                continue
            raise DatabaseUnavailable(
                f"Could not start the embedded PostgreSQL in {data_dir / 'pgdata'}: {exc}. "
                "Check the folder is writable (COGNICORE_DATA_DIR), or set DATABASE_URL to use a server."
            ) from exc


def _vector_types() -> Callable[[psycopg.AsyncConnection[Any]], Awaitable[None]]:
    """A pool's `configure`: pgvector's types fetched by its first connection, registered on every one.

    `register_vector_async` fetches four types per connection (four round trips each time the pool grows);
    their OIDs are fixed for the life of the database's extension, so one fetch per pool is enough.
    """
    infos: list[TypeInfo | None] = []

    async def configure(conn: psycopg.AsyncConnection[Any]) -> None:
        if not infos:  # connections opened together may both fetch; each assigns the whole list
            infos[:] = [await TypeInfo.fetch(conn, name) for name in ("vector", "bit", "halfvec", "sparsevec")]
        vector, bit, halfvec, sparsevec = infos
        register_vector_info(conn, vector)
        register_bit_info(conn, bit)
        if halfvec is not None:
            register_halfvec_info(conn, halfvec)
        if sparsevec is not None:
            register_sparsevec_info(conn, sparsevec)

    return configure


async def ensure_extensions(url: str) -> None:
    """Create `vector` and `pg_trgm`; the pool's type registration needs them to exist first."""
    try:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True, connect_timeout=10) as conn:
            await conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            await conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except psycopg.errors.UniqueViolation:
        pass  # two processes raced on CREATE EXTENSION; the other one won
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DatabaseUnavailable(
            f"Cannot connect to PostgreSQL at {redact(url)}: {reason}. "
            "Check that the server is running and DATABASE_URL is right, or unset DATABASE_URL "
            "to use the embedded server."
        ) from exc
    except psycopg.Error as exc:
        raise DatabaseUnavailable(
            f"PostgreSQL at {redact(url)} cannot load the `vector` and `pg_trgm` extensions: {exc}. "
            "Use a server with pgvector installed (e.g. the pgvector/pgvector image)."
        ) from exc


async def reset_connection(conn: psycopg.AsyncConnection[Any]) -> None:
    """Return a pooled connection to a clean session: role, settings, advisory locks, temporary objects.

    For pools whose connections run SQL we did not write (the SQL reader) or DDL (the owner). psycopg_pool
    calls it each time a connection comes back; if it raises, the pool discards the connection.
    `DISCARD ALL` cannot run inside a transaction block, so an open one is rolled back first and the
    statement always runs in autocommit. Our pools prepare nothing (`prepare_threshold=None`), so dropping
    the server's prepared statements leaves psycopg's cache consistent.
    """
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        await conn.rollback()
    autocommit = conn.autocommit
    if not autocommit:
        await conn.set_autocommit(True)
    await conn.execute("DISCARD ALL")
    if not autocommit:
        await conn.set_autocommit(False)
    holds_session_state(conn, clear=True)


async def reset_own_connection(conn: psycopg.AsyncConnection[Any]) -> None:
    """The reset of a pool that runs only our own statements: a rollback, and `DISCARD ALL` when declared.


    The application's statements set role and tenant with `set_config(..., true)` (`SET LOCAL`), which ends
    with the transaction, so a connection that declared no session state
    (`memory.tenancy.declare_session_state`) is clean once its transaction is over: no round trip on the hot
    path. `tests/integration/test_pool_reset.py`
    checks that the connections of a finished run carry no role, tenant or lock.
    """
    if holds_session_state(conn, clear=True):
        await reset_connection(conn)
    elif conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        await conn.rollback()


def _then(
    first: Callable[[psycopg.AsyncConnection[Any]], Awaitable[None]] | None,
    then: Callable[[psycopg.AsyncConnection[Any]], Awaitable[None]],
) -> Callable[[psycopg.AsyncConnection[Any]], Awaitable[None]]:
    """A pool's `configure` that runs `first` (when given), then `then`."""

    async def configure(conn: psycopg.AsyncConnection[Any]) -> None:
        if first is not None:
            await first(conn)
        await then(conn)

    return configure


async def open_pool(
    url: str,
    *,
    min_size: int = 1,
    max_size: int = 10,
    extensions: bool = True,
    create_extensions: bool = True,
    name: str = "the database",
    own_statements_only: bool = False,
    warm: Callable[[psycopg.AsyncConnection[Any]], Awaitable[None]] | None = None,
) -> AsyncConnectionPool:
    """An open pool whose connections suit LangGraph's checkpointer too (autocommit, dict rows).

    Every connection is reset when it comes back: `DISCARD ALL` (`reset_connection`), or, for a pool that
    runs only our own statements (`own_statements_only`), the cheaper `reset_own_connection`.
    `extensions=False` skips creating and registering pgvector: a least-privilege pool can neither create
    extensions nor needs vectors; `create_extensions=False` only registers them (the owner created them).
    `warm` runs on each new connection before its first use (`memory.prewarm.warm_connection` plans the search).
    """
    if extensions and create_extensions:
        await ensure_extensions(url)
    configure = _vector_types() if extensions else None
    if warm is not None:
        configure = _then(configure, warm)
    pool: AsyncConnectionPool = AsyncConnectionPool(
        url,
        min_size=min_size,
        max_size=max_size,
        open=False,
        configure=configure,
        reset=reset_own_connection if own_statements_only else reset_connection,
        # prepare_threshold=None: migrations and DDL send several statements in one string, which
        # cannot be prepared; it also keeps the pool usable behind PgBouncer.
        kwargs={"autocommit": True, "prepare_threshold": None, "row_factory": dict_row},
    )
    try:
        await pool.open(wait=True, timeout=15)
    except PoolTimeout as exc:
        await pool.close()
        raise DatabaseUnavailable(
            f"Cannot open connections to {name} at {redact(url)} within 15 s. "
            "Check that the server is running and accepts connections for this user."
        ) from exc
    return pool


@asynccontextmanager
async def startup_lock(pool: AsyncConnectionPool, *, timeout_s: float = 120.0) -> AsyncIterator[None]:
    """Hold the start-up advisory lock: one process at a time migrates the database.

    Waiters poll `pg_try_advisory_lock` instead of blocking in `pg_advisory_lock`: a blocked statement is an
    open transaction, and the checkpointer's `CREATE INDEX CONCURRENTLY` (run by the lock holder) waits for
    every open transaction, so a blocking wait would deadlock the two processes.
    """
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        deadline = time.monotonic() + timeout_s
        while True:
            await cur.execute("SELECT pg_try_advisory_lock(%s) AS ok", (MIGRATION_LOCK_KEY,))
            row = await cur.fetchone()
            if row and row["ok"]:
                break
            if time.monotonic() > deadline:
                raise DatabaseUnavailable(
                    f"Another process has held the start-up lock for {timeout_s:g} s while migrating the "
                    "database; check for a stuck `cognicore` process and try again."
                )
            await asyncio.sleep(0.05)
        try:
            yield
        finally:
            await cur.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK_KEY,))


async def migrate(pool: AsyncConnectionPool, components: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """Apply each component's pending migrations in order, in one transaction; return what ran.

    Concurrent processes must hold `startup_lock` around it.
    """
    applied: list[str] = []
    async with pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
        await conn.execute(MIGRATIONS_TABLE)
        for component, steps in components:
            await cur.execute(
                "SELECT coalesce(max(version), -1) AS v FROM cognicore_migrations WHERE component = %s",
                (component,),
            )
            row = await cur.fetchone()
            current = row["v"] if row else -1
            for version, statement in enumerate(steps):
                if version <= current:
                    continue
                await conn.execute(statement)  # type: ignore[arg-type]  # trusted, static SQL
                await conn.execute(
                    "INSERT INTO cognicore_migrations (component, version) VALUES (%s, %s)",
                    (component, version),
                )
                applied.append(f"{component}:{version}")
    return applied
