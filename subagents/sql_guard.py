"""Validate model-written SQL before it runs: one read-only SELECT over allowed schemas, with a row limit.

The statement is parsed with sqlglot (PostgreSQL dialect) and checked on its syntax tree, never with regular
expressions over the text; what runs is the SQL regenerated from the checked tree (comments dropped), so
nothing hidden in the original text can reach the server. The READ ONLY transaction and statement timeout in
`database_query` are the second line of defence, not the first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import sqlglot
from sqlglot import exp
from sqlglot.errors import ParseError, SqlglotError, TokenError
from sqlglot.optimizer.scope import traverse_scope

from cognicore.subagents.errors import SqlRefused

DIALECT = "postgres"

_WRITES: dict[type[exp.Expr], str] = {
    exp.Insert: "INSERT",
    exp.Update: "UPDATE",
    exp.Delete: "DELETE",
    exp.Merge: "MERGE",
}
_OTHER_STATEMENTS: dict[type[exp.Expr], str] = {
    exp.Create: "CREATE",
    exp.Drop: "DROP",
    exp.Alter: "ALTER",
    exp.TruncateTable: "TRUNCATE",
    exp.Copy: "COPY",
    exp.Set: "SET",
    exp.Grant: "GRANT",
    exp.Revoke: "REVOKE",
    exp.Analyze: "ANALYZE",
    exp.Kill: "KILL",
    exp.LoadData: "LOAD DATA",
    exp.Refresh: "REFRESH",
    exp.Transaction: "BEGIN",
    exp.Commit: "COMMIT",
    exp.Rollback: "ROLLBACK",
    exp.Use: "USE",
    exp.Pragma: "PRAGMA",
    exp.Cache: "CACHE",
    exp.Uncache: "UNCACHE",
    exp.Describe: "DESCRIBE",
}
# Functions that sleep, lock, touch files or large objects, change settings, signal other backends, use
# sequences, reach other databases or run a query given as a string (which would bypass the schema check).
DENIED_FUNCTIONS = re.compile(
    r"""^(
        pg_sleep.* | pg_read_.* | pg_ls_.* | pg_stat_file | pg_file_.* | lo_.* | dblink.* |
        set_config | current_setting | pg_terminate_backend | pg_cancel_backend | pg_reload_conf |
        pg_rotate_logfile | pg_signal_backend | pg_promote | pg_switch_wal | pg_backup_.* |
        pg_create_.* | pg_drop_.* | pg_replication_.* | pg_logical_.* | pg_copy_.* |
        pg_.*advisory.* | pg_notify | pg_log_backend_memory_contexts | pg_import_system_collations |
        nextval | setval | currval | lastval | txid_current | pg_current_xact_id |
        .*_to_xml.* | query_to_.* | xpath.* | loread | lowrite | pg_stat_reset.* | pg_export_snapshot
    )$""",
    re.VERBOSE,
)


def _refuse(reason: str) -> SqlRefused:
    return SqlRefused(f"refused: {reason}")


def _statement_kind(node: exp.Expr) -> str:
    for kinds in (_WRITES, _OTHER_STATEMENTS):
        for cls, label in kinds.items():
            if isinstance(node, cls):
                return label
    if isinstance(node, exp.Command):
        return str(node.this).upper()
    if isinstance(node, exp.Select | exp.SetOperation | exp.Subquery):
        return "SELECT"
    words = node.sql(dialect=DIALECT).split(None, 1)
    return words[0].upper() if words else type(node).__name__.upper()


def _parse(sql: str) -> list[exp.Expr]:
    try:
        parsed = sqlglot.parse(sql, read=DIALECT)
    except ParseError as exc:
        first = exc.errors[0] if exc.errors else {}
        where = f" at line {first.get('line')}, column {first.get('col')}" if first.get("line") else ""
        description = first.get("description") or str(exc).splitlines()[0]
        raise _refuse(f"the SQL could not be parsed: {description}{where}") from exc
    except (TokenError, SqlglotError) as exc:
        raise _refuse(f"the SQL could not be parsed: {str(exc).splitlines()[0]}") from exc
    return [statement for statement in parsed if statement is not None]


def _identifier_name(node: exp.Expr | None) -> str:
    if node is None:
        return ""
    if isinstance(node, exp.Identifier):
        # PostgreSQL folds unquoted identifiers to lower case; quoted ones keep their case.
        return node.this if node.quoted else node.this.lower()
    return node.name.lower()


def _function_name(node: exp.Func) -> str:
    if isinstance(node, exp.Anonymous):
        return str(node.this).lower()
    return node.sql_name().lower()


def _check_shape(root: exp.Expr) -> exp.Query:
    """The root must be a query and nothing in it may write, lock or select INTO a table."""
    if isinstance(root, exp.Subquery):
        root = root.unnest()
    if not isinstance(root, exp.Select | exp.SetOperation):
        kind = _statement_kind(root)
        what = "writes data" if kind in _WRITES.values() else "is not a query"
        raise _refuse(f"the statement {what} ({kind}); only a single SELECT is allowed")
    forbidden = (*_OTHER_STATEMENTS, exp.Command)
    for node in root.walk():
        if isinstance(node, tuple(_WRITES)):
            raise _refuse(
                f"the statement writes data ({_statement_kind(node)} inside the query, e.g. in a WITH "
                "clause); only a single SELECT is allowed"
            )
        if isinstance(node, forbidden):
            raise _refuse(f"the statement contains {_statement_kind(node)}; only a single SELECT is allowed")
        if isinstance(node, exp.Select):
            if node.args.get("into"):
                raise _refuse("SELECT INTO creates a table; only a plain SELECT is allowed")
            if node.args.get("locks"):
                raise _refuse("FOR UPDATE / FOR SHARE takes row locks; only a plain SELECT is allowed")
    return root


def _check_functions(root: exp.Expr, allowed: Sequence[str]) -> None:
    for node in root.find_all(exp.Func):
        name = _function_name(node)
        if DENIED_FUNCTIONS.match(name):
            raise _refuse(f"function {name}() is not allowed in a read-only query")
    for dot in root.find_all(exp.Dot):
        if isinstance(dot.expression, exp.Func):
            schema = _identifier_name(dot.this)
            if schema not in allowed:
                raise _refuse(
                    f"function {schema}.{_function_name(dot.expression)}() is outside the allowed schemas "
                    f"{', '.join(allowed)}"
                )


def _check_tables(root: exp.Expr, allowed: Sequence[str]) -> None:
    """Every table must live in an allowed schema; unqualified ones are pinned to the first one."""
    try:
        scopes = traverse_scope(root)
    except SqlglotError as exc:
        raise _refuse(f"the query's structure could not be analysed: {exc}") from exc
    cte_refs = {
        id(table)
        for scope in scopes
        for table in scope.tables
        if not table.args.get("db") and table.name in scope.cte_sources
    }
    for table in list(root.find_all(exp.Table)):
        if isinstance(table.this, exp.Func) or id(table) in cte_refs:
            continue  # a set-returning function (already checked) or a WITH query
        if table.args.get("catalog"):
            raise _refuse(f"table {table.sql(dialect=DIALECT)} names another database; only one is allowed")
        schema = _identifier_name(table.args.get("db"))
        name = _identifier_name(table.this)
        if not schema:
            # Pinning the schema stops an unqualified name from resolving to pg_catalog (searched first).
            table.set("db", exp.to_identifier(allowed[0]))
        elif schema not in allowed:
            raise _refuse(f"table {schema}.{name} is outside the allowed schemas {', '.join(allowed)}")


def _apply_limit(root: exp.Query, row_limit: int) -> None:
    current = root.args.get("limit")
    if isinstance(current, exp.Limit):
        value = current.expression
    elif isinstance(current, exp.Fetch):
        value = current.args.get("count")
    else:
        value = None
    if isinstance(value, exp.Literal) and not value.is_string and value.this.isdigit():
        row_limit = min(row_limit, int(value.this))
    root.set("limit", exp.Limit(expression=exp.Literal.number(row_limit)))


def validate_select(sql: str, *, allowed_schemas: Sequence[str], row_limit: int) -> str:
    """The normalised, row-limited form of `sql` if it is one safe read-only query; else `SqlRefused`."""
    if not allowed_schemas:
        raise ValueError("allowed_schemas must name at least one schema")
    if row_limit <= 0:
        raise ValueError("row_limit must be positive")
    allowed = [s.lower() for s in allowed_schemas]
    statements = _parse(sql)
    if not statements:
        raise _refuse("the SQL is empty; write one SELECT statement")
    if len(statements) > 1:
        kinds = "; ".join(_statement_kind(s) for s in statements)
        raise _refuse(f"{len(statements)} statements ({kinds}); only a single SELECT is allowed")
    root = _check_shape(statements[0])
    _check_functions(root, allowed)
    _check_tables(root, allowed)
    _apply_limit(root, row_limit)
    return root.sql(dialect=DIALECT, pretty=True, comments=False)
