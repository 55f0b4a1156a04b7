"""Opening the database the application runs on: its URL, migrations, the role-bound pools and the clock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg_pool import AsyncConnectionPool

from cognicore.database import migrate, start_embedded, startup_lock
from cognicore.memory import clock
from cognicore.memory.prewarm import warm_connection
from cognicore.memory.tenancy import APP_ROLE
from cognicore.orchestrator.threads import CHECKPOINT_TENANCY
from cognicore.roles import grant_app_role, grant_sql_reader, open_app_pool, open_sql_pool, reader_url
from cognicore.schema import COMPONENTS
from cognicore.settings import Settings

if TYPE_CHECKING:
    from cognicore.app import App


async def database_url(settings: Settings) -> str:
    """DATABASE_URL when set, else the embedded server's URL (started on demand)."""
    if settings.database_url is not None:
        return settings.database_url.get_secret_value()
    return await start_embedded(settings.data_dir)


async def prepare_database(pool: AsyncConnectionPool) -> None:
    """Apply our migrations and the checkpointer's, then grant the application role, one process at a time."""
    async with startup_lock(pool):
        await migrate(pool, COMPONENTS)
        await AsyncPostgresSaver(pool).setup()  # type: ignore[arg-type]
        async with pool.connection() as conn:  # the checkpointer's tables exist only now
            await conn.execute(CHECKPOINT_TENANCY)
        await grant_app_role(pool)


async def open_app_role_pool(
    settings: Settings, owner: AsyncConnectionPool, *, warm: bool = False
) -> AsyncConnectionPool:
    """The pool the application's own statements run on, logged in as `cognicore_app`.

    COGNICORE_APP_DATABASE_URL when set, else the owner's server as `cognicore_app` without a password
    (the embedded server trusts its socket). A superuser or BYPASSRLS login is an `AppRoleError`.
    """
    if settings.app_database_url is not None:
        url = settings.app_database_url.get_secret_value()
    else:
        url = reader_url(str(owner.conninfo), APP_ROLE)
    # `warm` (a long-lived server): each new connection plans the memory search before its first use.
    return await open_app_pool(
        url,
        min_size=settings.pool_min_size,
        max_size=settings.pool_max_size,
        warm=warm_connection if warm else None,
    )


async def open_sql_reader(
    settings: Settings, owner: AsyncConnectionPool, schemas: Sequence[str]
) -> AsyncConnectionPool:
    """The least-privilege pool for model-written SQL, after the owner grants it the allowed schemas.

    COGNICORE_SQL_DATABASE_URL when set, else the owner's server as `cognicore_sql_reader` (no password:
    the embedded server trusts its socket). Failing is a `SqlReaderError`, never a fallback to `owner`.
    """
    async with startup_lock(owner):
        await grant_sql_reader(owner, schemas)
    if settings.sql_database_url is not None:
        url = settings.sql_database_url.get_secret_value()
    else:
        url = reader_url(str(owner.conninfo))  # our pools take a URL string
    return await open_sql_pool(url, schemas)


async def grant_sql_schemas(app: App) -> None:
    """Grant the reader the allowed schemas again, e.g. after `seed_demo` created one during this process."""
    async with startup_lock(app.admin_pool):
        await grant_sql_reader(app.admin_pool, app.sql_schemas)


def apply_clock(settings: Settings) -> None:
    """Start the deployment clock at COGNICORE_CLOCK when it is set (tests, benchmarks); else leave it."""
    if settings.clock is not None:
        clock.start_at(settings.clock)
