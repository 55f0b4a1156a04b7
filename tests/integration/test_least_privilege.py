"""Model-written SQL runs as a least-privilege login role, and every pool hands out clean connections."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.database import open_pool
from cognicore.memory.tenancy import APP_ROLE, user_transaction
from cognicore.roles import SQL_READER_ROLE, SqlReaderError, check_sql_reader, open_sql_pool, reader_url


async def one(pool: AsyncConnectionPool, statement: str, params: Any = None) -> dict[str, Any]:
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(statement, params)  # type: ignore[arg-type]  # test SQL
        row = await cur.fetchone()
    assert row is not None
    return row


async def test_database_query_logs_in_as_a_plain_read_only_role(app: App) -> None:
    assert app.sql_pool is not None
    row = await one(
        app.sql_pool,
        "SELECT current_user AS who, session_user AS login, r.rolsuper, r.rolbypassrls, r.rolcreaterole, "
        "current_setting('default_transaction_read_only') AS ro, current_setting('statement_timeout') AS timeout, "
        "ARRAY(SELECT b.rolname FROM pg_roles b WHERE b.oid <> r.oid AND pg_has_role(r.oid, b.oid, 'MEMBER'))::text[] "
        "AS member_of FROM pg_roles r WHERE r.rolname = current_user",
    )
    assert row["who"] == row["login"] == SQL_READER_ROLE
    assert (row["rolsuper"], row["rolbypassrls"], row["rolcreaterole"]) == (False, False, False)
    assert row["ro"] == "on" and row["timeout"] == "5s"
    assert row["member_of"] == []
    agent = app.registry.get("database_query")
    assert agent._pool is app.sql_pool  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("statement", "error"),
    [
        ("SELECT pg_read_file('postgresql.conf')", psycopg.errors.InsufficientPrivilege),
        ("SELECT * FROM pg_ls_dir('.')", psycopg.errors.InsufficientPrivilege),
        ("SELECT pg_reload_conf()", psycopg.errors.InsufficientPrivilege),
        ("SELECT rolpassword FROM pg_authid", psycopg.errors.InsufficientPrivilege),
        ("SELECT * FROM pg_hba_file_rules()", psycopg.errors.InsufficientPrivilege),
        ("SELECT lo_import('/etc/hostname')", psycopg.errors.InsufficientPrivilege),
        ("SELECT count(*) FROM memories", psycopg.errors.InsufficientPrivilege),
        ("SELECT count(*) FROM runs", psycopg.errors.InsufficientPrivilege),
        ("SELECT query_to_xml('SELECT * FROM memories', true, true, '')", psycopg.errors.InsufficientPrivilege),
        ("SET ROLE cognicore_app", psycopg.errors.InsufficientPrivilege),
        ("SELECT set_config('role', 'postgres', false)", psycopg.errors.InsufficientPrivilege),
        ("DELETE FROM demo_sales.orders", psycopg.errors.ReadOnlySqlTransaction),
        ("CREATE TABLE demo_sales.x (a int)", psycopg.errors.ReadOnlySqlTransaction),
    ],
)
async def test_the_database_refuses_the_reader_even_without_the_guard(
    app: App, statement: str, error: type[psycopg.Error]
) -> None:
    assert app.sql_pool is not None
    async with app.sql_pool.connection() as conn:
        with pytest.raises(error):
            await conn.execute(statement)  # type: ignore[arg-type]  # hostile SQL, sent as is on purpose


async def test_switching_read_only_off_still_cannot_write(app: App) -> None:
    # The read-only default is one wall; the missing write grant is the next one.
    assert app.sql_pool is not None
    async with app.sql_pool.connection() as conn:
        await conn.execute("SET default_transaction_read_only = off")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await conn.execute("DELETE FROM demo_sales.orders")
    assert (await one(app.sql_pool, "SELECT current_setting('default_transaction_read_only') AS ro"))["ro"] == "on"


async def test_the_reader_cannot_signal_another_roles_backend(app: App) -> None:
    assert app.sql_pool is not None
    async with app.pool.connection() as owner:
        pid = owner.info.backend_pid
        async with app.sql_pool.connection() as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                await conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                await conn.execute("SELECT pg_cancel_backend(%s)", (pid,))
        assert (await (await owner.execute("SELECT 1 AS ok")).fetchone()) == {"ok": 1}


async def test_the_reader_reads_the_allowed_schemas(app: App) -> None:
    assert app.sql_pool is not None
    assert (await one(app.sql_pool, "SELECT count(*) AS n FROM demo_sales.orders"))["n"] > 0


async def test_an_over_privileged_role_is_a_start_up_error(db_url: str, pool: AsyncConnectionPool) -> None:
    # The test server's own user is a superuser: exactly what database_query must never run as.
    with pytest.raises(SqlReaderError, match="is a superuser") as info:
        await check_sql_reader(pool, ["demo_sales"])
    assert "COGNICORE_SQL_DATABASE_URL" in str(info.value)
    with pytest.raises(SqlReaderError, match="is a superuser"):
        await open_sql_pool(db_url, ["demo_sales"])


async def test_a_reader_with_grants_outside_the_allowed_schemas_is_refused(
    db_url: str, pool: AsyncConnectionPool
) -> None:
    async with pool.connection() as conn:
        await conn.execute("CREATE ROLE lp_too_much LOGIN")
        await conn.execute("GRANT SELECT ON memories TO lp_too_much")
        await conn.execute("ALTER ROLE lp_too_much SET default_transaction_read_only = on")
    try:
        with pytest.raises(SqlReaderError, match=r"outside the allowed schemas: public\.memories"):
            await open_sql_pool(reader_url(db_url, "lp_too_much"), ["demo_sales"])
    finally:
        async with pool.connection() as conn:
            await conn.execute("DROP OWNED BY lp_too_much")
            await conn.execute("DROP ROLE lp_too_much")


async def test_a_missing_role_is_a_clear_start_up_error(db_url: str) -> None:
    with pytest.raises(SqlReaderError, match="cannot log in") as info:
        await open_sql_pool(reader_url(db_url, "no_such_reader_role"), ["demo_sales"])
    assert "CREATE ROLE" in str(info.value)


async def test_a_connection_comes_back_to_the_pool_clean(db_url: str) -> None:
    pool = await open_pool(db_url, min_size=1, max_size=1)
    try:
        async with pool.connection() as conn:
            first_pid = conn.info.backend_pid
            await conn.execute("SELECT set_config('cognicore.user_id', 'mallory', false)")
            await conn.execute("SELECT set_config('search_path', 'demo_sales', false)")
            await conn.execute("SELECT pg_advisory_lock(4242)")
            await conn.execute("CREATE TEMP TABLE leftover (a int)")
            await conn.execute("SET ROLE cognicore_app")
            await conn.execute("BEGIN")  # even an open transaction is rolled back first
        async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            assert conn.info.backend_pid == first_pid  # the same connection, reset
            await cur.execute(
                "SELECT current_user AS who, current_setting('cognicore.user_id', true) AS tenant, "
                "current_setting('search_path') AS path, "
                "(SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS locks, "
                "to_regclass('pg_temp.leftover') AS temp"
            )
            row = await cur.fetchone()
        assert row is not None
        assert row["who"] != "cognicore_app"
        assert row["tenant"] in (None, "")
        assert row["path"] == '"$user", public'
        assert row["locks"] == 0 and row["temp"] is None
    finally:
        await pool.close()


async def test_the_application_logs_in_as_a_role_row_level_security_binds(app: App) -> None:
    # A memory of alice, written the way the application writes.
    async with user_transaction(app.pool, "alice") as conn:
        await conn.execute(
            "INSERT INTO memories (user_id, kind, content, embedding) "
            "VALUES ('alice', 'observation', 'alice only', array_fill(0.1, ARRAY[768])::halfvec)"
        )
    row = await one(
        app.pool,
        "SELECT current_user AS who, session_user AS login, rolsuper, rolbypassrls FROM pg_roles "
        "WHERE rolname = session_user",
    )
    assert row == {"who": APP_ROLE, "login": APP_ROLE, "rolsuper": False, "rolbypassrls": False}
    async with app.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        # The escapes that worked from a superuser session: reset the role, or name another tenant.
        await cur.execute("RESET ROLE")
        await cur.execute("SELECT count(*) AS n FROM memories")
        assert (await cur.fetchone()) == {"n": 0}
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            await cur.execute("SELECT count(*) FROM memories_p00")  # a partition, around the policy
    async with app.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute("SELECT set_config('cognicore.user_id', 'bob', false)")
        await cur.execute("SELECT count(*) AS n FROM memories")
        assert (await cur.fetchone()) == {"n": 0}
        for escape in ("SET ROLE postgres", "SET SESSION AUTHORIZATION postgres"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                await cur.execute(escape)  # type: ignore[arg-type]  # static test SQL
    async with user_transaction(app.pool, "alice") as conn:
        assert (await (await conn.execute("SELECT content FROM memories")).fetchall()) == [{"content": "alice only"}]
    async with user_transaction(app.pool, "bob") as conn:
        assert (await (await conn.execute("SELECT count(*) AS n FROM memories")).fetchone()) == {"n": 0}


async def test_migrations_run_as_the_owner_and_the_app_role_owns_nothing(app: App, pool: AsyncConnectionPool) -> None:
    assert app.owner_pool is pool
    owned = await one(
        pool,
        "SELECT count(*) AS n FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE r.rolname = %s",
        (APP_ROLE,),
    )
    assert owned["n"] == 0
    # Every table the application uses is granted, partitions excepted.
    missing = await one(
        pool,
        "SELECT array_agg(c.relname ORDER BY c.relname)::text[] AS names FROM pg_class c "
        "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') "
        "AND NOT c.relispartition AND NOT has_table_privilege(%s, c.oid, 'SELECT')",
        (APP_ROLE,),
    )
    assert missing["names"] is None
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        async with app.pool.connection() as conn:
            await conn.execute("CREATE TABLE public.app_made (a int)")
