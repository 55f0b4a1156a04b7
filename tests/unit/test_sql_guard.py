"""The SQL guard: one read-only SELECT over the allowed schemas, with a row limit, or a clear refusal."""

from __future__ import annotations

import pytest
import sqlglot

from cognicore.subagents.errors import SqlRefused
from cognicore.subagents.sql_guard import validate_select

SCHEMAS = ["demo_sales"]


def check(sql: str, *, row_limit: int = 200, schemas: list[str] | None = None) -> str:
    return validate_select(sql, allowed_schemas=schemas or SCHEMAS, row_limit=row_limit)


def refusal(sql: str, **kwargs: object) -> str:
    with pytest.raises(SqlRefused) as info:
        check(sql, **kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert message.startswith("refused: ")
    return message


def tables_of(sql: str) -> set[str]:
    return {f"{t.db}.{t.name}" for t in sqlglot.parse_one(sql, read="postgres").find_all(sqlglot.exp.Table)}


@pytest.mark.parametrize(
    ("sql", "kind"),
    [
        ("UPDATE demo_sales.products SET unit_price = 0", "UPDATE"),
        ("DELETE FROM demo_sales.orders", "DELETE"),
        ("INSERT INTO demo_sales.regions VALUES (9, 'XX', 'Nowhere')", "INSERT"),
        (
            "MERGE INTO demo_sales.products p USING demo_sales.products q ON p.sku = q.sku WHEN MATCHED THEN DELETE",
            "MERGE",
        ),
    ],
)
def test_writes_are_refused_with_the_statement_kind(sql: str, kind: str) -> None:
    assert refusal(sql) == f"refused: the statement writes data ({kind}); only a single SELECT is allowed"


@pytest.mark.parametrize(
    ("sql", "kind"),
    [
        ("DROP TABLE demo_sales.orders", "DROP"),
        ("CREATE TABLE demo_sales.x (a int)", "CREATE"),
        ("ALTER TABLE demo_sales.orders ADD COLUMN x int", "ALTER"),
        ("TRUNCATE demo_sales.orders", "TRUNCATE"),
        ("COPY demo_sales.orders TO '/tmp/orders.csv'", "COPY"),
        ("COPY (SELECT 1) TO PROGRAM 'id'", "COPY"),
        ("SET search_path = public", "SET"),
        ("SET LOCAL statement_timeout = 0", "SET"),
        ("CALL demo_sales.reset()", "CALL"),
        ("DO $$ BEGIN DELETE FROM demo_sales.orders; END $$", "DO"),
        ("GRANT ALL ON demo_sales.orders TO PUBLIC", "GRANT"),
        ("EXPLAIN ANALYZE DELETE FROM demo_sales.orders", "EXPLAIN"),
        ("VACUUM demo_sales.orders", "VACUUM"),
        ("LOCK TABLE demo_sales.orders", "LOCK"),
        ("BEGIN", "BEGIN"),
        ("VALUES (1), (2)", "VALUES"),
    ],
)
def test_ddl_and_other_statements_are_refused(sql: str, kind: str) -> None:
    assert refusal(sql) == f"refused: the statement is not a query ({kind}); only a single SELECT is allowed"


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT 1; DROP TABLE demo_sales.orders",
        "SELECT 1;\nDROP TABLE demo_sales.orders;",
        "SELECT * FROM demo_sales.orders; SELECT * FROM demo_sales.products",
        "SELECT 1 /* harmless */; UPDATE demo_sales.products SET unit_price = 0",
    ],
)
def test_more_than_one_statement_is_refused(sql: str) -> None:
    message = refusal(sql)
    assert "2 statements" in message and "only a single SELECT is allowed" in message


def test_comment_tricks_cannot_smuggle_a_statement() -> None:
    # The comment hides nothing: the normalised SQL is regenerated from the tree, without comments.
    out = check("SELECT name FROM demo_sales.products -- ; DROP TABLE demo_sales.orders")
    assert "DROP" not in out and "--" not in out and "/*" not in out
    # A string literal that looks like a statement is just a string.
    out = check("SELECT '; DROP TABLE demo_sales.orders' AS s")
    assert "'; DROP TABLE demo_sales.orders'" in out


def test_data_modifying_cte_is_refused() -> None:
    message = refusal("WITH gone AS (DELETE FROM demo_sales.orders RETURNING *) SELECT count(*) FROM gone")
    assert "writes data (DELETE" in message
    message = refusal("WITH x AS (UPDATE demo_sales.products SET unit_price = 1 RETURNING sku) SELECT * FROM x")
    assert "writes data (UPDATE" in message


def test_select_into_and_row_locks_are_refused() -> None:
    assert "SELECT INTO" in refusal("SELECT * INTO demo_sales.copy FROM demo_sales.orders")
    assert "FOR UPDATE" in refusal("SELECT * FROM demo_sales.orders FOR UPDATE")
    assert "FOR UPDATE / FOR SHARE" in refusal("SELECT * FROM demo_sales.orders FOR SHARE")


@pytest.mark.parametrize(
    ("sql", "table"),
    [
        ("SELECT * FROM public.users", "public.users"),
        ("SELECT o.* FROM demo_sales.orders o JOIN public.secrets s ON true", "public.secrets"),
        ('SELECT * FROM "Demo_Sales".orders', "Demo_Sales.orders"),
    ],
)
def test_tables_outside_the_allowed_schemas_are_refused(sql: str, table: str) -> None:
    assert refusal(sql) == f"refused: table {table} is outside the allowed schemas demo_sales"


def test_other_databases_are_refused() -> None:
    assert "another database" in refusal("SELECT * FROM otherdb.demo_sales.orders")


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT * FROM pg_catalog.pg_authid",
        "SELECT * FROM information_schema.tables",
        "SELECT (SELECT rolpassword FROM pg_catalog.pg_authid LIMIT 1)",
        "SELECT 1 WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_user)",
        "SELECT * FROM pg_stat_activity",
        "SELECT * FROM pg_user",
        "SELECT query FROM demo_sales.orders, pg_stat_statements",
        'SELECT * FROM "pg_catalog"."pg_class"',
    ],
)
def test_system_catalogs_and_views_are_refused(sql: str) -> None:
    assert "is a system catalog or view" in refusal(sql)


def test_unqualified_tables_are_pinned_to_the_first_allowed_schema() -> None:
    out = check("SELECT * FROM orders o JOIN regions r ON r.region_id = o.region_id")
    assert tables_of(out) == {"demo_sales.orders", "demo_sales.regions"}
    assert tables_of(check("SELECT * FROM orders", schemas=["analytics", "demo_sales"])) == {"analytics.orders"}


def test_quoted_identifiers_keep_their_case() -> None:
    # A schema created as "Sales2024" is only reached by the quoted name; unquoted folds to sales2024.
    out = check('SELECT * FROM "Sales2024".orders', schemas=["Sales2024"])
    assert '"Sales2024".orders' in out
    assert "outside the allowed schemas Sales2024" in refusal("SELECT * FROM Sales2024.orders", schemas=["Sales2024"])
    assert '"Sales2024".orders' in check("SELECT * FROM orders", schemas=["Sales2024"])


def test_cte_names_stay_unqualified_but_a_shadowing_trick_does_not_escape() -> None:
    out = check("WITH top AS (SELECT * FROM demo_sales.orders) SELECT * FROM top")
    assert tables_of(out) == {".top", "demo_sales.orders"}
    # The CTE named pg_authid is only visible in its own subquery; the sibling reference is the catalog.
    assert "system catalog" in refusal(
        "SELECT (WITH pg_authid AS (SELECT 1 AS x) SELECT x FROM pg_authid), "
        "(SELECT rolpassword FROM pg_authid LIMIT 1)"
    )
    recursive = check("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT * FROM n")
    assert tables_of(recursive) == {".n"}


@pytest.mark.parametrize(
    ("sql", "function"),
    [
        ("SELECT pg_sleep(10)", "pg_sleep"),
        ("SELECT pg_sleep_for('5 minutes')", "pg_sleep_for"),
        ("SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
        ("SELECT pg_read_binary_file('/etc/passwd')", "pg_read_binary_file"),
        ("SELECT * FROM pg_ls_dir('.')", "pg_ls_dir"),
        ("SELECT pg_stat_file('postgresql.conf')", "pg_stat_file"),
        ("SELECT lo_import('/etc/passwd')", "lo_import"),
        ("SELECT lo_get(1)", "lo_get"),
        ("SELECT * FROM dblink('host=x', 'SELECT 1') AS t(a int)", "dblink"),
        ("SELECT set_config('search_path', 'public', false)", "set_config"),
        ("SELECT current_setting('data_directory')", "current_setting"),
        ("SELECT pg_terminate_backend(1)", "pg_terminate_backend"),
        ("SELECT pg_cancel_backend(1)", "pg_cancel_backend"),
        ("SELECT pg_reload_conf()", "pg_reload_conf"),
        ("SELECT nextval('demo_sales.seq')", "nextval"),
        ("SELECT setval('demo_sales.seq', 1)", "setval"),
        ("SELECT pg_advisory_lock(1)", "pg_advisory_lock"),
        ("SELECT pg_try_advisory_xact_lock(1)", "pg_try_advisory_xact_lock"),
        ("SELECT query_to_xml('SELECT * FROM pg_authid', true, true, '')", "query_to_xml"),
        ("SELECT xpath('/x', query_to_xml('SELECT 1', true, true, ''))", "xpath"),
        ("SELECT table_to_xml('demo_sales.orders', true, true, '')", "table_to_xml"),
        ("SELECT * FROM pg_hba_file_rules()", "pg_hba_file_rules"),
        ("SELECT pg_get_functiondef(1)", "pg_get_functiondef"),
        ("SELECT has_table_privilege('pg_authid', 'select')", "has_table_privilege"),
        ("SELECT pg_stat_get_activity(NULL)", "pg_stat_get_activity"),
        ("SELECT txid_current()", "txid_current"),
        ("SELECT version()", "current_version"),
        ("SELECT current_user", "current_user"),
        ("SELECT inet_server_addr()", "inet_server_addr"),
        ("SELECT pg_notify('x', 'y')", "pg_notify"),
        ("SELECT sku FROM demo_sales.products WHERE pg_sleep(1) IS NULL", "pg_sleep"),
        ("SELECT sku FROM demo_sales.products ORDER BY (SELECT pg_sleep(1))", "pg_sleep"),
    ],
)
def test_functions_outside_the_allowlist_are_refused(sql: str, function: str) -> None:
    assert refusal(sql).startswith(f"refused: function {function}() is not allowed in a read-only query")


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT public.wipe()",
        "SELECT pg_catalog.pg_sleep(10)",
        "SELECT demo_sales.my_function(1)",
        "SELECT pg_catalog.lower('A')",
    ],
)
def test_schema_qualified_functions_are_refused(sql: str) -> None:
    assert "is schema-qualified" in refusal(sql)


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT 'pg_authid'::regclass",
        "SELECT CAST('pg_sleep' AS regproc)",
        "SELECT '<a/>'::xml",
        "SELECT sku::my_type FROM demo_sales.products",
    ],
)
def test_casts_to_catalog_xml_or_custom_types_are_refused(sql: str) -> None:
    assert "a cast to" in refusal(sql)


def test_allowed_functions_pass() -> None:
    check(
        "SELECT count(*), sum(unit_price), avg(unit_price), string_agg(name, ', '), round(avg(unit_price), 2), "
        "abs(-1), greatest(1, 2), lower(name), upper(name), length(name), substring(name, 1, 3), trim(name), "
        "concat(name, sku), replace(name, 'a', 'b'), split_part(name, ' ', 1), to_char(launched_on, 'YYYY'), "
        "date_trunc('month', launched_on), extract(year FROM launched_on), now(), current_date, "
        "coalesce(name, ''), nullif(name, ''), unit_price::numeric(10, 2), launched_on::date, "
        "name || sku, name ILIKE '%x%', max(launched_on) - min(launched_on) "
        "FROM demo_sales.products GROUP BY name, sku, launched_on, unit_price"
    )


def test_system_schemas_cannot_be_allowed() -> None:
    with pytest.raises(ValueError, match="system schemas"):
        validate_select("SELECT 1", allowed_schemas=["demo_sales", "pg_catalog"], row_limit=10)


def test_unparseable_and_empty_sql_are_refused_with_the_reason() -> None:
    assert refusal("SELEC name FROM products").startswith("refused: the SQL could not be parsed: ")
    assert "line 1" in refusal("SELECT name FROM demo_sales.products WHERE")
    assert refusal("") == "refused: the SQL is empty; write one SELECT statement"
    assert refusal("  -- nothing here") == "refused: the SQL is empty; write one SELECT statement"


@pytest.mark.parametrize(
    ("sql", "limit"),
    [
        ("SELECT * FROM demo_sales.orders", "LIMIT 50"),
        ("SELECT * FROM demo_sales.orders LIMIT 1000", "LIMIT 50"),
        ("SELECT * FROM demo_sales.orders LIMIT 5", "LIMIT 5"),
        ("SELECT * FROM demo_sales.orders LIMIT ALL", "LIMIT 50"),
        ("SELECT * FROM demo_sales.orders FETCH FIRST 3 ROWS ONLY", "LIMIT 3"),
        ("SELECT * FROM demo_sales.orders LIMIT 10 OFFSET 20", "LIMIT 10"),
        ("SELECT 1 AS a FROM demo_sales.orders UNION SELECT 2 FROM demo_sales.products", "LIMIT 50"),
        ("(SELECT sku FROM demo_sales.products LIMIT 3)", "LIMIT 3"),
    ],
)
def test_the_row_limit_is_added_or_tightened(sql: str, limit: str) -> None:
    out = check(sql, row_limit=50)
    assert limit in out.splitlines() and out.count("LIMIT") == 1


def test_offset_is_kept_and_inner_limits_are_untouched() -> None:
    out = check("SELECT * FROM demo_sales.orders LIMIT 10 OFFSET 20", row_limit=50)
    assert "OFFSET 20" in out and "LIMIT 10" in out
    out = check("SELECT * FROM (SELECT * FROM demo_sales.orders LIMIT 500) AS o", row_limit=50)
    assert "LIMIT 500" in out and out.rstrip().endswith("LIMIT 50")


def test_valid_queries_pass_and_keep_their_meaning() -> None:
    sql = (
        "WITH q AS (SELECT date_trunc('quarter', max(ordered_at)) AS s FROM demo_sales.orders) "
        "SELECT p.name AS product, round(sum(oi.revenue), 2) AS revenue "
        "FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id) "
        "JOIN demo_sales.products p ON p.product_id = oi.product_id, q "
        "WHERE o.ordered_at >= q.s AND p.name ILIKE '%glasses%' "
        "GROUP BY 1 ORDER BY revenue DESC LIMIT 3"
    )
    out = check(sql)
    tree = sqlglot.parse_one(out, read="postgres")
    assert isinstance(tree, sqlglot.exp.Select)
    assert tables_of(out) == {"demo_sales.order_items", "demo_sales.orders", "demo_sales.products", ".q"}
    assert "'%glasses%'" in out and out.rstrip().endswith("LIMIT 3")
    # Window functions, FILTER, CASE, casts and set-returning functions are fine.
    check(
        "SELECT sku, rank() OVER (ORDER BY unit_price DESC), count(*) FILTER (WHERE unit_price > 100), "
        "CASE WHEN unit_price > 100 THEN 'high' ELSE 'low' END, launched_on::text "
        "FROM demo_sales.products, generate_series(1, 2) AS g"
    )


def test_allowed_schemas_are_compared_like_postgres_folds_names() -> None:
    assert tables_of(check("SELECT * FROM DEMO_SALES.orders")) == {"DEMO_SALES.orders"}


def test_programming_errors_raise_value_error() -> None:
    with pytest.raises(ValueError, match="allowed_schemas"):
        validate_select("SELECT 1", allowed_schemas=[], row_limit=10)
    with pytest.raises(ValueError, match="row_limit"):
        validate_select("SELECT 1", allowed_schemas=SCHEMAS, row_limit=0)
