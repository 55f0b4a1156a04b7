"""Database roles of a deployment: who logs in for what, each with no more power than its job needs.

The owner (DATABASE_URL) runs migrations, the checkpointer's setup and demo seeding, nothing else. The
application's own statements log in as `cognicore_app`: not a superuser, no BYPASSRLS, so row-level
security binds every statement on its connections, and `RESET ROLE` leads back to the same bound role.

`cognicore_sql_reader` logs in for `database_query` only: no superuser, no BYPASSRLS, no predefined
`pg_*` role, SELECT on the tables and views of the allowed schemas and nothing else, every transaction
read-only, with statement, lock and idle timeouts as role defaults. The migration creates it (roles are
cluster-wide, so parallel databases of one cluster race on it harmlessly); the grants follow the allowed
schemas, a setting, so the shell applies them at start-up. A missing or over-privileged role is a
`SqlReaderError` at start-up, never a silent fallback to a stronger role.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.database import DatabaseError, open_pool, redact
from cognicore.memory.tenancy import APP_ROLE

SQL_READER_ROLE = "cognicore_sql_reader"

# Role defaults the reader cannot escape: `default_transaction_read_only` makes even a statement the guard
# missed unable to write; the timeouts bound a hostile query. Our code tightens the statement timeout per
# transaction (COGNICORE_SQL_TIMEOUT_MS); `DISCARD ALL` on return restores these defaults.
READER_DEFAULTS = {
    "default_transaction_read_only": "on",
    "statement_timeout": "5s",
    "lock_timeout": "1s",
    "idle_in_transaction_session_timeout": "10s",
}

_CREATE_HINT = (
    f"CREATE ROLE {SQL_READER_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT; "
    "see the README, Security model"
)
_DEFAULTS_SQL = "\n".join(
    f"""    IF NOT EXISTS (SELECT 1 FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole
                   WHERE r.rolname = '{SQL_READER_ROLE}' AND s.setdatabase = 0
                     AND '{name}={value}' = ANY(s.setconfig)) THEN
        BEGIN
            ALTER ROLE {SQL_READER_ROLE} SET {name} = '{value}';
        EXCEPTION WHEN internal_error THEN
            NULL;  -- "tuple concurrently updated": a parallel migration set it at the same moment
        END;
    END IF;"""
    for name, value in READER_DEFAULTS.items()
)
# Cluster-wide, so "already exists" (from the check or a race with a parallel database) is fine; the
# attributes are re-asserted so a role created by hand with too much power is brought down to size.
SQL_READER_MIGRATION = f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{SQL_READER_ROLE}') THEN
        BEGIN
            CREATE ROLE {SQL_READER_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION
                NOINHERIT CONNECTION LIMIT 32;
        EXCEPTION
            WHEN duplicate_object OR unique_violation THEN
                NULL;
            WHEN insufficient_privilege THEN
                RAISE EXCEPTION 'cannot create the role {SQL_READER_ROLE}: %', SQLERRM
                    USING HINT = 'Ask an administrator to run: {_CREATE_HINT}';
        END;
    END IF;
{_DEFAULTS_SQL}
END
$$;
"""

# The application role (created NOLOGIN by the memory migrations) becomes a login role. Its table grants
# follow every later migration, so `grant_app_role` applies them at each start-up.
APP_LOGIN_MIGRATION = f"""
DO $$
BEGIN
    IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
        BEGIN
            ALTER ROLE {APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS;
        EXCEPTION
            WHEN internal_error THEN
                NULL;  -- "tuple concurrently updated": a parallel migration did it at the same moment
            WHEN insufficient_privilege THEN
                RAISE EXCEPTION 'cannot let the role {APP_ROLE} log in: %', SQLERRM
                    USING HINT = 'Ask an administrator to run: ALTER ROLE {APP_ROLE} LOGIN PASSWORD ...; '
                                 'see the README, Security model';
        END;
    END IF;
END
$$;
"""

MIGRATIONS: list[str] = [SQL_READER_MIGRATION, APP_LOGIN_MIGRATION]
"""The `roles` component's migrations, appended to `cognicore.schema.COMPONENTS`."""

# What would make the reader stronger than SELECT on the allowed schemas, read from its own session.
_PRIVILEGES_SQL = """
SELECT r.rolname AS role, r.rolsuper AS super, r.rolbypassrls AS bypassrls, r.rolcreaterole AS createrole,
       r.rolcreatedb AS createdb, r.rolreplication AS replication,
       current_setting('default_transaction_read_only') AS read_only,
       ARRAY(SELECT b.rolname FROM pg_roles b
             WHERE b.oid <> r.oid AND pg_has_role(r.oid, b.oid, 'MEMBER')
             ORDER BY 1)::text[] AS member_of,
       ARRAY(SELECT format('%%I.%%I', n.nspname, c.relname) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
               AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%%'
               AND (has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                    OR (NOT n.nspname = ANY(%(schemas)s) AND has_table_privilege(c.oid, 'SELECT')))
             ORDER BY 1 LIMIT 10)::text[] AS too_much
FROM pg_roles r WHERE r.rolname = current_user
"""


# Tables and sequences of our schema the application role has no privilege on at all. Partitions are
# left out on purpose: a grant on one would read around the parent's row-level security. Tables whose
# migration granted a narrower set (e.g. no DELETE) keep it.
_UNGRANTED_SQL = """
SELECT format('%%I.%%I', n.nspname, c.relname) AS name, c.relkind = 'S' AS is_sequence
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND NOT c.relispartition
  AND c.relname <> 'cognicore_migrations'
  AND CASE WHEN c.relkind = 'S' THEN NOT has_sequence_privilege(%(role)s, c.oid, 'USAGE')
           ELSE NOT has_table_privilege(%(role)s, c.oid, 'SELECT, INSERT, UPDATE, DELETE') END
ORDER BY 1
"""


class SqlReaderError(DatabaseError):
    """The least-privilege role for model-written SQL is missing, unreachable or too powerful."""


class AppRoleError(DatabaseError):
    """The application's login role is missing, unreachable or can bypass row-level security."""


async def grant_app_role(pool: AsyncConnectionPool, role: str = APP_ROLE) -> list[str]:
    """Grant `role` the tables and sequences it has no privilege on yet (run by the owner); return them.

    Runs after the migrations and the checkpointer's setup, under the start-up lock, so a table a later
    migration adds is covered at the next start; once all are granted it writes nothing.
    """
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_UNGRANTED_SQL, {"role": role})
        todo = await cur.fetchall()
        for row in todo:
            what = sql.SQL(row["name"])  # format('%I.%I') quoted it
            if row["is_sequence"]:
                statement = sql.SQL("GRANT USAGE, SELECT ON SEQUENCE {} TO {}")
            else:
                statement = sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON {} TO {}")
            await conn.execute(statement.format(what, sql.Identifier(role)))
        await conn.execute(sql.SQL("GRANT SELECT ON cognicore_migrations TO {}").format(sql.Identifier(role)))
    return [r["name"] for r in todo]


async def _log_in(url: str, failure: Callable[[str], Exception]) -> psycopg.AsyncConnection[Any]:
    """One connection as the URL's role; a login that fails raises `failure(reason)` naming the fix."""
    try:
        return await psycopg.AsyncConnection.connect(url, connect_timeout=10)
    except psycopg.OperationalError as exc:
        # libpq's last line says why (e.g. "role ... does not exist"); the first names the socket.
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        raise failure(reason) from exc


async def open_app_pool(
    url: str,
    *,
    min_size: int,
    max_size: int,
    warm: Callable[[psycopg.AsyncConnection[Any]], Awaitable[None]] | None = None,
) -> AsyncConnectionPool:
    """The application's pool, logged in as a role that row-level security binds; else `AppRoleError`.

    `warm` runs on each new connection before its first use (`memory.prewarm.warm_connection`).
    """
    conn = await _log_in(
        url,
        lambda reason: AppRoleError(
            f"The application cannot log in to {redact(url)}: {reason}. Let the role log in "
            f"(ALTER ROLE {APP_ROLE} LOGIN PASSWORD ...) and set COGNICORE_APP_DATABASE_URL to its URL "
            "(README, Security model)."
        ),
    )
    async with conn:
        row = await (
            await conn.execute("SELECT current_user, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")
        ).fetchone()
    if row is None or row[1] or row[2]:
        who = row[0] if row else "?"
        raise AppRoleError(
            f"The application's login role {who} is a superuser or has BYPASSRLS, so row-level security would "
            f"not bind it; log in as {APP_ROLE} (COGNICORE_APP_DATABASE_URL) instead."
        )
    # The owner created the extensions before this pool opens (prepare_database); this role only registers them.
    return await open_pool(
        url,
        min_size=min_size,
        max_size=max_size,
        create_extensions=False,
        name="the application role",
        own_statements_only=True,
        warm=warm,
    )


def reader_url(url: str, role: str = SQL_READER_ROLE) -> str:
    """`url` logged in as `role`, without the original password (which belongs to another role)."""
    params = conninfo_to_dict(url)
    params.pop("password", None)
    params["user"] = role
    return make_conninfo("", **params)


async def grant_sql_reader(pool: AsyncConnectionPool, schemas: Sequence[str], role: str = SQL_READER_ROLE) -> None:
    """Give `role` SELECT on the tables and views of `schemas` (run by the owner at start-up).

    Only what is missing is granted, so a start-up that finds everything in place writes no catalog row;
    default privileges cover tables the owner adds to those schemas later. Schemas that do not exist yet
    are skipped: call it again after creating them (the demo seeding does).
    """
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "SELECT n.nspname AS schema, has_schema_privilege(%(role)s, n.oid, 'USAGE') AS usage, "
            "EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relkind IN ('r','p','v','m','f') "
            "        AND NOT has_table_privilege(%(role)s, c.oid, 'SELECT')) AS missing "
            "FROM pg_namespace n WHERE n.nspname = ANY(%(schemas)s)",
            {"role": role, "schemas": list(schemas)},
        )
        todo = [r for r in await cur.fetchall() if not r["usage"] or r["missing"]]
        for row in todo:
            schema, who = sql.Identifier(row["schema"]), sql.Identifier(role)
            async with conn.transaction():
                await conn.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(schema, who))
                await conn.execute(sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(schema, who))
                await conn.execute(
                    sql.SQL("ALTER DEFAULT PRIVILEGES IN SCHEMA {} GRANT SELECT ON TABLES TO {}").format(schema, who)
                )


def _problems(row: dict[str, Any]) -> list[str]:
    problems = [
        label
        for key, label in (
            ("super", "is a superuser"),
            ("bypassrls", "has BYPASSRLS"),
            ("createrole", "has CREATEROLE"),
            ("createdb", "has CREATEDB"),
            ("replication", "has REPLICATION"),
        )
        if row[key]
    ]
    if row["read_only"] != "on":
        problems.append("does not default to read-only transactions (default_transaction_read_only)")
    if row["member_of"]:
        problems.append(f"is a member of {', '.join(row['member_of'])}")
    if row["too_much"]:
        problems.append(f"can write or read outside the allowed schemas: {', '.join(row['too_much'])}")
    return problems


async def check_sql_reader(pool: AsyncConnectionPool, schemas: Sequence[str]) -> str:
    """The reader's role name if it is as weak as it must be; a `SqlReaderError` naming each excess otherwise."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_PRIVILEGES_SQL, {"schemas": list(schemas)})
        row = await cur.fetchone()
    if row is None:
        raise SqlReaderError("The SQL reader's session has no role row; check COGNICORE_SQL_DATABASE_URL.")
    if problems := _problems(row):
        raise SqlReaderError(
            f"The role {row['role']} that runs model-written SQL for database_query "
            + "; ".join(problems)
            + ". It must be a plain LOGIN role with SELECT on the allowed schemas only "
            f"({', '.join(schemas) or 'none configured'}); fix the role or point COGNICORE_SQL_DATABASE_URL "
            "at one (README, Security model)."
        )
    return str(row["role"])


async def open_sql_pool(url: str, schemas: Sequence[str], *, max_size: int = 4) -> AsyncConnectionPool:
    """A pool logged in as the least-privilege reader, checked before it is used; else `SqlReaderError`."""
    conn = await _log_in(
        url,
        lambda reason: SqlReaderError(
            f"database_query cannot log in to {redact(url)} as its least-privilege role: {reason}. "
            f"Create the role ({_CREATE_HINT}) and set COGNICORE_SQL_DATABASE_URL to its URL."
        ),
    )
    await conn.close()
    pool = await open_pool(url, min_size=0, max_size=max_size, extensions=False, name="the SQL reader role")
    try:
        await check_sql_reader(pool, schemas)
    except BaseException:
        await pool.close()
        raise
    return pool
