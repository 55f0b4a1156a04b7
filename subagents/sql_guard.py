"""Validate model-written SQL before it runs: one read-only SELECT over allowed schemas, with a row limit.

The statement is parsed with sqlglot (PostgreSQL dialect) and checked on its syntax tree, never with regular
expressions over the text; what runs is the SQL regenerated from the checked tree (comments dropped), so
nothing hidden in the original text can reach the server. The READ ONLY transaction and statement timeout in
`database_query` are the second line of defence, not the first.
"""

from __future__ import annotations

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
# An allowlist, not a deny-list: a function PostgreSQL offers that is not named here is refused, so the
# functions that run SQL given as text (query_to_xml, xpath tricks, dblink...), read files, large objects,
# the catalog or statistics, take locks, signal backends, sleep or change settings never reach the server.
# Names are PostgreSQL's and sqlglot's (it maps some functions to its own names, e.g. string_agg).
ALLOWED_FUNCTIONS: frozenset[str] = frozenset(
    # aggregates
    "count sum avg min max string_agg group_concat array_agg bool_and bool_or logical_and logical_or every "
    "stddev stddev_pop stddev_samp variance var_pop var_samp corr covar_pop covar_samp regr_slope "
    "regr_intercept percentile_cont percentile_disc mode json_agg jsonb_agg j_s_o_n_array_agg "
    # arithmetic
    "abs ceil ceiling floor round trunc power pow sqrt cbrt exp ln log log10 mod div sign greatest least "
    "width_bucket pi degrees radians safe_divide "
    # strings
    "lower upper length char_length character_length octet_length substring substr trim btrim ltrim rtrim "
    "concat concat_ws replace left right position strpos str_position split_part initcap lpad rpad pad "
    "to_char time_to_str format regexp_replace regexp_like regexp_match regexp_matches reverse repeat "
    "translate starts_with chr ascii md5 string_to_array array_to_string array_length cardinality array "
    "array_size unnest "
    # dates and times
    "date_trunc timestamp_trunc date_part extract now current_date current_timestamp current_time "
    "localtimestamp localtime age make_date make_time make_timestamp make_interval to_date to_timestamp "
    "str_to_date str_to_time unix_to_time date date_bin justify_days justify_hours justify_interval isfinite "
    "generate_series exploding_generate_series date_add date_sub date_diff timestamp_add timestamp_sub "
    # casts and conditionals
    "cast try_cast to_number coalesce nullif if case "
    # JSON reads
    "json_extract json_extract_scalar jsonb_extract jsonb_extract_scalar to_json to_jsonb json_build_object "
    "jsonb_build_object json_build_array jsonb_build_array json_object "
    # window functions
    "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value".split()
)
# Casts to these types would read the catalog (reg*), parse documents (xml) or name arbitrary types.
_REFUSED_TYPES = {exp.DataType.Type.USERDEFINED, exp.DataType.Type.XML, exp.DataType.Type.UNKNOWN}
_OPERATORS = (exp.Connector, exp.Binary, exp.Unary, exp.Predicate)
_SYSTEM_SCHEMAS = ("pg_catalog", "information_schema", "pg_toast")


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


def _check_functions(root: exp.Expr) -> None:
    """Every function must be on the allowlist, unqualified, and every cast to a plain data type."""
    for node in root.find_all(exp.Func):
        if isinstance(node, _OPERATORS):
            continue  # AND, ||, ->>, @>, EXISTS...: operators sqlglot models as functions, pure
        name = _function_name(node)
        if isinstance(node.parent, exp.Dot) and node.parent.expression is node:
            schema = _identifier_name(node.parent.this)
            raise _refuse(
                f"function {schema}.{name}() is schema-qualified; only built-in functions such as "
                "aggregates, arithmetic, string, date/time, cast, conditional and window functions are allowed"
            )
        if name not in ALLOWED_FUNCTIONS:
            raise _refuse(
                f"function {name}() is not allowed in a read-only query (allowed: aggregates, arithmetic, "
                "string, date/time, cast, conditional and window functions)"
            )
    for data_type in root.find_all(exp.DataType):
        kind = data_type.this
        if not isinstance(kind, exp.DataType.Type) or kind in _REFUSED_TYPES:
            raise _refuse(
                f"a cast to {data_type.sql(dialect=DIALECT)} is not allowed; cast to numbers, text, dates, "
                "times, intervals, booleans or JSON"
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
        if name.startswith("pg_") or schema in _SYSTEM_SCHEMAS:
            where = f"{schema}.{name}" if schema else name
            raise _refuse(
                f"table {where} is outside the allowed schemas {', '.join(allowed)}: it is a system catalog or view"
            )
        if not schema:
            # Pinning the schema stops an unqualified name from resolving to pg_catalog (searched first).
            table.set("db", exp.to_identifier(allowed[0], quoted=allowed[0] != allowed[0].lower() or None))
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
    # Schema names as PostgreSQL stores them: a quoted identifier in the SQL keeps its case.
    allowed = list(allowed_schemas)
    if system := [s for s in allowed if s in _SYSTEM_SCHEMAS or s.startswith("pg_")]:
        raise ValueError(f"allowed_schemas cannot include system schemas: {', '.join(system)}")
    statements = _parse(sql)
    if not statements:
        raise _refuse("the SQL is empty; write one SELECT statement")
    if len(statements) > 1:
        kinds = "; ".join(_statement_kind(s) for s in statements)
        raise _refuse(f"{len(statements)} statements ({kinds}); only a single SELECT is allowed")
    root = _check_shape(statements[0])
    _check_functions(root)
    _check_tables(root, allowed)
    _apply_limit(root, row_limit)
    return root.sql(dialect=DIALECT, pretty=True, comments=False)
