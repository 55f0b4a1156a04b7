"""Tenant isolation of the memory tables by PostgreSQL row-level security.

Every memory row carries a `user_id`. A policy lets a transaction see and write only the rows of the
user named by the transaction-scoped setting `cognicore.user_id`, and the application runs its
memory statements as the `cognicore_app` role, which the policy binds: the connecting user may be a
superuser (the embedded server), and superusers bypass row-level security, hence the role switch.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager, nullcontext
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.errors import MemoryStoreError

__all__ = [
    "APP_ROLE",
    "APP_ROLE_MIGRATION",
    "USER_SETTING",
    "InvalidTenant",
    "check_user_id",
    "rls_migration",
    "user_read",
    "user_transaction",
    "user_writes",
]

APP_ROLE = "cognicore_app"
"""The role memory statements run as; it owns nothing and cannot bypass row-level security."""

USER_SETTING = "cognicore.user_id"
"""The transaction-scoped setting the policies compare `user_id` with."""

# Roles are cluster-wide while migrations run per database (tests create many databases in one
# cluster, in parallel), so "already exists" from either check or race is fine. A connecting user
# that is not a superuser must be a member of the role to `SET ROLE` to it.
APP_ROLE_MIGRATION = f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
        BEGIN
            CREATE ROLE {APP_ROLE} NOLOGIN;
        EXCEPTION
            WHEN duplicate_object OR unique_violation THEN
                NULL;
            WHEN insufficient_privilege THEN
                RAISE EXCEPTION 'cannot create the role {APP_ROLE}: %', SQLERRM
                    USING HINT = format('Ask an administrator to run: CREATE ROLE {APP_ROLE} NOLOGIN; '
                                        'GRANT {APP_ROLE} TO %I;', current_user);
        END;
    END IF;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       AND NOT pg_has_role(current_user, '{APP_ROLE}', 'MEMBER') THEN
        BEGIN
            EXECUTE format('GRANT {APP_ROLE} TO %I', current_user);
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE EXCEPTION '% cannot switch to the role {APP_ROLE}: %', current_user, SQLERRM
                USING HINT = format('Ask an administrator to run: GRANT {APP_ROLE} TO %I;', current_user);
        END;
    END IF;
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO {APP_ROLE}', current_schema());
END
$$;
"""

_TABLE_RE = re.compile(r"[a-z_][a-z0-9_]*")
SET_TENANT = f"SELECT set_config('role', '{APP_ROLE}', true), set_config('{USER_SETTING}', %s, true)"


class InvalidTenant(MemoryStoreError, ValueError):
    """A memory operation was asked for without a usable user id."""


def rls_migration(table: str) -> str:
    """The SQL that puts `table` (which has a `user_id text` column) under per-user row-level security.

    ENABLE + FORCE, so the table owner is bound too; one policy for reads (USING) and writes (WITH
    CHECK); grants to the application role, including the `id` sequence when the table has one.
    For a partitioned table, apply it to the parent: the role gets no grant on the partitions, so
    they cannot be read around the parent's policy.
    """
    if not _TABLE_RE.fullmatch(table):
        raise ValueError(f"rls_migration needs a plain lower-case table name, got {table!r}")
    return f"""
ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
CREATE POLICY {table}_tenant ON {table}
    USING (user_id = current_setting('{USER_SETTING}', true))
    WITH CHECK (user_id = current_setting('{USER_SETTING}', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {APP_ROLE};
DO $$
DECLARE seq text;
BEGIN
    -- In the body, not the DECLARE: an error while initialising a variable escapes the block's handler.
    seq := pg_get_serial_sequence('{table}', 'id');
    IF seq IS NOT NULL THEN
        EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %s TO {APP_ROLE}', seq);
    END IF;
EXCEPTION WHEN undefined_column THEN
    NULL;  -- no `id` column, no sequence to grant
END
$$;
"""


def check_user_id(user_id: str | None) -> str:
    """`user_id` if it can name a tenant; an `InvalidTenant` naming the problem otherwise."""
    if not isinstance(user_id, str) or not user_id.strip():
        raise InvalidTenant(
            f"A memory operation needs a non-empty user id (got {user_id!r}); pass the id of the user "
            "whose memories these are (the CLI's --user)."
        )
    if "\x00" in user_id:
        raise InvalidTenant("A user id cannot contain a NUL character.")
    return user_id


# Connections that hold session-level state (a session advisory lock), which the pool's reset must discard.
_SESSION_STATE: weakref.WeakSet[AsyncConnection[Any]] = weakref.WeakSet()


def declare_session_state(conn: AsyncConnection[Any]) -> None:
    """Declare that `conn` now holds session-level state, so its pool discards it all when it comes back.

    The application's pool skips `DISCARD ALL` for connections that declared nothing: every statement of
    ours sets role and tenant for its transaction only.
    """
    _SESSION_STATE.add(conn)


def holds_session_state(conn: AsyncConnection[Any], *, clear: bool = False) -> bool:
    """Whether `conn` declared session-level state; `clear` forgets the declaration (its reset ran)."""
    held = conn in _SESSION_STATE
    if clear:
        _SESSION_STATE.discard(conn)
    return held


@asynccontextmanager
async def user_transaction(
    pool: AsyncConnectionPool, user_id: str | None, *, pipeline: bool = False
) -> AsyncIterator[AsyncConnection]:
    """A pooled connection inside a transaction that acts as `user_id` under row-level security.

    Role and tenant are set with `set_config(..., true)`, i.e. `SET LOCAL`: both end with the
    transaction, commit or rollback, so nothing leaks back into the pool. With `pipeline`, BEGIN, the
    tenant and the caller's statements travel together until the caller fetches a result: fewer round
    trips for a latency-bound read (errors then surface at that fetch).
    """
    check_user_id(user_id)
    async with pool.connection() as conn:
        if pipeline:
            async with conn.pipeline(), conn.transaction():
                await conn.execute(SET_TENANT, (user_id,))
                yield conn
        else:
            async with conn.transaction():
                await conn.execute(SET_TENANT, (user_id,))
                yield conn


async def user_read(
    pool: AsyncConnectionPool,
    user_id: str | None,
    query: str,
    params: Mapping[str, Any] | Sequence[Any] | None = None,
    *,
    before: Sequence[tuple[str, Sequence[Any]]] = (),
) -> list[dict[str, Any]]:
    """The rows of one read acting as `user_id`, in one round trip (for latency-bound reads: the search).

    The tenant, the `before` statements (transaction-local settings) and the query go out in one pipeline
    segment, and the rows are read once its Sync is answered. On an autocommit connection (the application's
    pools) PostgreSQL runs the segment as one implicit transaction, as for `user_writes`; otherwise it is
    wrapped in BEGIN/COMMIT, sent with it. A read inside `user_transaction(pipeline=True)` waits for its rows,
    for the COMMIT and for the end of its pipeline. An error surfaces here, the transaction rolled back.
    """
    check_user_id(user_id)
    async with pool.connection() as conn:
        cur = conn.cursor(row_factory=dict_row)
        try:
            async with conn.pipeline(), nullcontext() if conn.autocommit else conn.transaction():
                await conn.execute(SET_TENANT, (user_id,))
                for statement, values in before:
                    await conn.execute(statement, values)  # type: ignore[arg-type]  # static SQL of the stores
                await cur.execute(query, params)  # type: ignore[arg-type]  # static SQL of the stores
            return await cur.fetchall()
        finally:
            await cur.close()


class QueuedWrites:
    """The statements of a `user_writes` block, kept until the block ends; none of them returns anything."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list[Any]]] = []

    def execute(self, query: str, params: Any = None) -> None:
        """Queue one statement."""
        self.statements.append((query, [params]))

    def executemany(self, query: str, params_seq: Sequence[Any]) -> None:
        """Queue one statement per row of `params_seq`."""
        if params_seq:
            self.statements.append((query, list(params_seq)))


@asynccontextmanager
async def user_writes(pool: AsyncConnectionPool, user_id: str | None) -> AsyncIterator[QueuedWrites]:
    """Write-only statements acting as `user_id`, sent when the block ends: atomically, in one round trip.

    The tenant and the statements go out in one pipeline segment of an autocommit connection, which
    PostgreSQL runs as one implicit transaction, committed (or, if any statement fails, rolled back as a
    whole) at the Sync that ends it; role and tenant end with it. A block that raises sends nothing. A
    `user_transaction` costs a round trip for BEGIN, one per result read and one for COMMIT: the price of
    reading.
    """
    check_user_id(user_id)
    queued = QueuedWrites()
    yield queued
    if not queued.statements:
        return
    async with pool.connection() as conn:
        if not conn.autocommit:
            raise MemoryStoreError("user_writes needs an autocommit pool: its statements are one implicit transaction")
        async with conn.pipeline(), conn.cursor() as cur:
            await cur.execute(SET_TENANT, (user_id,))
            for query, rows in queued.statements:
                await cur.executemany(query, rows)  # type: ignore[arg-type]  # static SQL of the callers' modules
