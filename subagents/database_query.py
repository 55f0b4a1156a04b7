"""The `database_query` sub-agent: a question about the data becomes one read-only SELECT, run safely.

The SQL is written by the `write_sql` role, validated by `sql_guard` (one SELECT, allowed schemas only, a
row limit), then run in a READ ONLY transaction with a statement timeout and a search path pinned to the
allowed schemas. A refused, failed or timed-out query is a step with `status="error"` and changes nothing;
a request to change data is such an error marked `data["refused"]`, which ends the run `refused`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import uuid
from decimal import Decimal
from typing import Any

import psycopg
from psycopg import sql
from psycopg.rows import dict_row, tuple_row
from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, Field

from cognicore.memory.lifecycle_config import Perspective
from cognicore.memory.llm import ModelCallError
from cognicore.subagents.charts import markdown_table, tabular
from cognicore.subagents.errors import UNSURE_MARKER, DataChangeRefused, SqlRefused, StepFailed, Unsure
from cognicore.subagents.offline_sql.data_window import outside_the_data
from cognicore.subagents.offline_sql.gap_headline import gap_headline
from cognicore.subagents.read_only import REFUSED_MARKER, refusal_message, sql_change
from cognicore.subagents.report_analysis import contribution_headline, one_period_headline, tie_at_the_top
from cognicore.subagents.sql_guard import validate_select
from cognicore.subagents.sql_writer import ROLE, SqlDraft, SqlWriter
from cognicore.subagents.types import AgentContext, AgentServices, StepInput, StepOutput

PREVIEW_ROWS = 12  # a year of months is shown whole (10 hid the current month of a year to date)
MAX_LISTED_VALUES = 30
MAX_VALUE_CHARS = 40
MAX_RESULT_BYTES = 1_000_000  # what one query may bring back as JSON, whatever the row limit
MAX_CELL_CHARS = 10_000  # one text value, cut beyond (a huge generated string)

# Tables, columns and comments of the allowed schemas, for the schema description the writer reads.
COLUMNS_SQL = """
SELECT n.nspname AS schema, c.relname AS table, c.reltuples::bigint AS approx_rows,
       obj_description(n.oid, 'pg_namespace') AS schema_comment,
       obj_description(c.oid, 'pg_class') AS table_comment,
       a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
       col_description(c.oid, a.attnum) AS column_comment
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = ANY(%(schemas)s) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND has_table_privilege(c.oid, 'SELECT')  -- only what this role may read: the writer sees no more
ORDER BY n.nspname, c.relname, a.attnum
"""
FOREIGN_KEYS_SQL = """
SELECT n.nspname AS schema, c.relname AS table, pg_get_constraintdef(k.oid) AS definition
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE k.contype = 'f' AND n.nspname = ANY(%(schemas)s)
ORDER BY 1, 2, 3
"""
# The planner's statistics list the values of low-cardinality columns without scanning the tables.
COLUMN_VALUES_SQL = """
SELECT s.schemaname AS schema, s.tablename AS table, s.attname AS column,
       coalesce(s.most_common_vals::text, s.histogram_bounds::text)::text[] AS vals,
       CASE WHEN s.n_distinct >= 0 THEN s.n_distinct ELSE -s.n_distinct * c.reltuples END AS distinct_count
FROM pg_stats s
JOIN pg_namespace n ON n.nspname = s.schemaname
JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
WHERE s.schemaname = ANY(%(schemas)s) AND NOT s.inherited
"""
_TEXT_TYPES = ("text", "character varying", "character", "name")
_DATE_TYPES = ("date", "timestamp", "timestamp without time zone", "timestamp with time zone")


class DatabaseQuerySettings(BaseModel):
    """The `database_query` agent's own settings section (`COGNICORE_AGENTS`, key `database_query`)."""

    schemas: list[str] = Field(default_factory=list, description="Schemas the agent may read.")
    timeout_ms: int = Field(5_000, gt=0, description="Statement timeout of one query.")
    row_limit: int = Field(200, gt=0, description="Rows returned at most.")
    description: str = Field(
        "Answers questions about figures in the database (totals, counts, averages, rankings, trends by "
        "any column of the allowed tables) by running one read-only SQL query over the allowed schemas. "
        "Returns the rows as a table with the SQL it ran.",
        description="What the planner reads about this agent; a deployment names its data here.",
    )
    glossary: list[str] = Field(
        default_factory=list,
        description="How the deployment's words map onto its data, one rule each; the SQL writer reads them "
        "after the schema (e.g. '\"sales\" means revenue unless units are asked for').",
    )


class DatabaseQueryAgent:
    """Answers a data question with one validated, read-only SQL query over the allowed schemas."""

    name = "database_query"
    input_hint = "one question about figures, e.g. 'the 3 largest X by Y in the latest quarter'"
    deterministic = True
    # What this agent reads memory for (memory.lifecycle): the figures and how the user wants them.
    perspectives = (Perspective(name="figures", keywords=("total", "count", "average", "trend", "per month")),)

    def __init__(
        self, services: AgentServices, *, writer: SqlWriter | None = None, settings: DatabaseQuerySettings | None = None
    ) -> None:
        config = settings or services.settings_for(self.name, DatabaseQuerySettings)
        self.description = config.description
        # The shell always supplies `sql_pool`, logged in as the least-privilege reader (checked at
        # start-up); `pool` serves only an agent built by hand, e.g. in a test of the SQL writer.
        self._pool: AsyncConnectionPool = services.sql_pool if services.sql_pool is not None else services.pool
        self._schemas = tuple(config.schemas)
        self._timeout_ms = config.timeout_ms
        self._row_limit = config.row_limit
        self._glossary = tuple(config.glossary)
        self._writer = writer or services.roles.sql_writer
        self._schema_text: str | None = None
        self._schema_lock = asyncio.Lock()

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        """Write the SQL, validate it, run it read-only and return the rows (or a clear error)."""
        question = (task.instruction or task.request).strip()
        if not question:
            return _error("database_query needs a question: the instruction and the request are both empty.")
        context = task.request.strip() if task.request.strip() != question else ""
        try:
            schema = await self.describe_schema()
        except psycopg.Error as exc:
            return _error(f"Could not read the allowed schemas {', '.join(self._schemas)}: {_reason(exc)}.")
        if "Table " not in schema:
            return _error(
                f"The allowed schemas ({', '.join(self._schemas)}) hold no tables. Load the data "
                "(`cognicore demo` seeds the demo's) or set COGNICORE_SQL_SCHEMAS to schemas that exist."
            )
        calls = {ROLE: 1}
        try:
            draft = await self._writer.write_sql(question=question, schema=schema, context=context)
        except DataChangeRefused as exc:
            return _refused(str(exc), calls, {"question": question})
        except Unsure as exc:  # the writer could not map the question: the run ends `unsure`, not failed
            return _error(str(exc), calls, {"question": question, UNSURE_MARKER: True})
        except StepFailed as exc:
            return _error(str(exc), calls)
        except ModelCallError as exc:
            return _error(f"The SQL could not be written: {exc}", calls)
        if draft.refuse_reason.strip():
            reason = draft.refuse_reason.strip().rstrip(".")
            return _refused(f"{refusal_message('the request')} ({reason}.)", calls, {"question": question})
        try:
            checked = validate_select(draft.sql, allowed_schemas=self._schemas, row_limit=self._row_limit)
        except SqlRefused as exc:
            if kind := sql_change(draft.sql):  # the writer wrote a change anyway: the request was for one
                message = (
                    f"The generated SQL was {exc}. The SQL agent only reads data, and this SQL would change it "
                    f"({kind}). Nothing was run."
                )
                return _refused(message, calls, {"sql": draft.sql, "question": question})
            return _error(
                f"The generated SQL was {exc}. Nothing was run.",
                calls,
                {"sql": draft.sql, "question": question},
            )
        try:
            columns, rows, cut = await self._execute(checked)
        except psycopg.errors.QueryCanceled:
            return _error(
                f"The query was cancelled after the {self._timeout_ms} ms statement timeout "
                "(COGNICORE_SQL_TIMEOUT_MS). Ask a narrower question (a shorter period, fewer groupings) "
                "or raise the timeout. Nothing was changed.",
                calls,
                {"sql": checked, "question": question},
            )
        except psycopg.Error as exc:
            return _error(
                f"The query failed in PostgreSQL: {_reason(exc)}. Nothing was changed (it ran read-only).",
                calls,
                {"sql": checked, "question": question},
            )
        if outside := outside_the_data(schema, draft.period, draft.explanation):
            # "revenue in the first half of 2024" on data from October 2024: nothing then; an empty figure is no
            # answer (unsure), a count of 0 is one, said with the dates the data holds
            if not any(v is not None for row in rows for v in row):
                message = f"{outside} I am not sure what figure you meant. {draft.explanation.strip()}"
                return _error(message, calls, {"sql": checked, UNSURE_MARKER: True})
            draft = draft.model_copy(update={"explanation": f"{draft.explanation.strip()} {outside}"})
        data = {
            "sql": checked,
            "columns": columns,
            "rows": rows,
            "row_count": len(rows),
            "explanation": draft.explanation,
            "period": draft.period.strip(),  # the period with its dates, named by reports and charts
            "scope": draft.scope.strip(),  # its filters in words ("region is Europe"), named by reports
            "question": question,
            "truncated": len(rows) >= self._row_limit or cut,
            "engine": ctx.engine,
        }
        return StepOutput(summary=self._summary(data, draft, ctx.engine), data=data, model_calls=calls)

    async def describe_schema(self) -> str:
        """The allowed tables, columns, comments, keys and value ranges as text; built once, then cached."""
        async with self._schema_lock:
            if self._schema_text is not None:
                return self._schema_text
            text = await self._build_schema_text()
            if self._glossary and "Table " in text:
                text += "\nGlossary of this deployment:\n" + "\n".join(f"- {rule}" for rule in self._glossary)
            if "Table " in text:  # an empty schema may be seeded later in this process: ask again then
                self._schema_text = text
            return text

    async def _build_schema_text(self) -> str:
        params = {"schemas": list(self._schemas)}
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("SET TRANSACTION READ ONLY")
            # An empty search path makes pg_get_constraintdef qualify every table it names.
            await conn.execute(
                "SELECT set_config('statement_timeout', %s, true), set_config('search_path', '', true)",
                (str(self._timeout_ms),),
            )
            async with conn.cursor(row_factory=dict_row) as cur:
                columns = await (await cur.execute(COLUMNS_SQL, params)).fetchall()
                keys = await (await cur.execute(FOREIGN_KEYS_SQL, params)).fetchall()
                stats = await (await cur.execute(COLUMN_VALUES_SQL, params)).fetchall()
                dated = [c for c in columns if c["type"] in _DATE_TYPES]
                ranges = await _date_ranges(cur, dated) if dated else {}
        values = {
            (s["schema"], s["table"], s["column"]): s["vals"]
            for s in stats
            if s["vals"]
            and 0 < s["distinct_count"] <= MAX_LISTED_VALUES
            and len(s["vals"]) >= s["distinct_count"]
            and max(len(v) for v in s["vals"]) <= MAX_VALUE_CHARS  # names and codes, not prose
        }
        lines: list[str] = []
        seen_schema: set[str] = set()
        current = None
        for c in columns:
            key = (c["schema"], c["table"])
            if c["schema"] not in seen_schema:
                seen_schema.add(c["schema"])
                comment = f" — {c['schema_comment']}" if c["schema_comment"] else ""
                lines.append(f"Schema {c['schema']}{comment}")
            if key != current:
                if current is not None:
                    lines += _key_lines(keys, current)
                current = key
                comment = f" — {c['table_comment']}" if c["table_comment"] else ""
                size = f" (about {c['approx_rows']:,} rows)" if c["approx_rows"] >= 0 else ""
                lines.append(f"Table {c['schema']}.{c['table']}{size}{comment}")
            line = f"  - {c['column']} {c['type']}"
            if c["column_comment"]:
                line += f": {c['column_comment']}"
            column_key = (c["schema"], c["table"], c["column"])
            if c["type"] in _TEXT_TYPES and column_key in values:
                line += f" Values: {', '.join(sorted(values[column_key]))}."
            if column_key in ranges:
                line += f" From {ranges[column_key][0]} to {ranges[column_key][1]}."
            lines.append(line)
        if current is not None:
            lines += _key_lines(keys, current)
        return "\n".join(lines)

    async def _execute(self, checked_sql: str) -> tuple[list[str], list[list[Any]], bool]:
        """Run the checked SQL read-only; the columns, the rows (capped in count and bytes) and whether cut."""
        search_path = ", ".join(sql.Identifier(s).as_string() for s in self._schemas)
        async with self._pool.connection() as conn, conn.transaction():
            # Read-only before anything else runs: even a statement the guard missed cannot write.
            await conn.execute("SET TRANSACTION READ ONLY")
            await conn.execute(
                "SELECT set_config('statement_timeout', %s, true), set_config('search_path', %s, true)",
                (str(self._timeout_ms), search_path),
            )
            # A server-side cursor: PostgreSQL accepts only one plain query in DECLARE (no stacked, EXPLAIN
            # or COPY statement), and a huge result is never sent, only the rows fetched.
            async with conn.cursor("database_query", row_factory=tuple_row) as cur:
                await cur.execute(checked_sql)  # type: ignore[arg-type]  # validated by sql_guard
                columns = [d.name for d in cur.description or []]
                rows, cut = _capped(await cur.fetchmany(self._row_limit + 1))
        if len(rows) > self._row_limit:
            rows, cut = rows[: self._row_limit], True
        return columns, rows, cut

    def _summary(self, data: dict[str, Any], draft: SqlDraft, engine: str) -> str:
        count = data["row_count"]
        table = tabular(data)
        if count == 0 or table is None:
            head = "The query returned no rows."
            preview = ""
        else:
            noun = "row" if count == 1 else "rows"
            head = f"{count} {noun}" + (" (the row limit; there may be more)" if data["truncated"] else "") + "."
            headlines = (gap_headline, contribution_headline, tie_at_the_top, one_period_headline)
            if tie := next((h for headline in headlines if (h := headline(table))), ""):
                head += f" {tie}"
            preview = markdown_table(table, max_rows=PREVIEW_ROWS)
            if count > PREVIEW_ROWS:
                preview += f"\n\n(first {PREVIEW_ROWS} of {count} rows)"
        parts = [
            head,
            preview,
            draft.explanation.strip(),
            f"SQL ({engine} engine):\n```sql\n{data['sql']}\n```",
        ]
        return "\n\n".join(p for p in parts if p)


async def _date_ranges(
    cur: psycopg.AsyncCursor[dict[str, Any]], dated: list[dict[str, Any]]
) -> dict[tuple[str, str, str], tuple[str, str]]:
    """Earliest and latest value of each date column, in one statement."""
    parts = [
        sql.SQL("SELECT {}::text AS k, min({c})::text AS lo, max({c})::text AS hi FROM {t}").format(
            sql.Literal(str(i)), c=sql.Identifier(d["column"]), t=sql.Identifier(d["schema"], d["table"])
        )
        for i, d in enumerate(dated)
    ]
    await cur.execute(sql.SQL(" UNION ALL ").join(parts))
    out = {}
    for row in await cur.fetchall():
        if row["lo"] is not None:
            d = dated[int(row["k"])]
            out[(d["schema"], d["table"], d["column"])] = (row["lo"], row["hi"])
    return out


def _capped(fetched: list[tuple[Any, ...]]) -> tuple[list[list[Any]], bool]:
    """Rows as JSON values, each text cut at MAX_CELL_CHARS, stopping before MAX_RESULT_BYTES; and if cut."""
    rows: list[list[Any]] = []
    size, cut = 0, False
    for raw in fetched:
        row = []
        for value in raw:
            item = to_json_value(value)
            if isinstance(item, str) and len(item) > MAX_CELL_CHARS:
                item, cut = item[:MAX_CELL_CHARS] + "…", True
            row.append(item)
        size += sum(len(str(v)) for v in row) + 8
        if size > MAX_RESULT_BYTES:
            return rows, True
        rows.append(row)
    return rows, cut


def _key_lines(keys: list[dict[str, Any]], table: tuple[str, str]) -> list[str]:
    return [f"  {k['definition']}" for k in keys if (k["schema"], k["table"]) == table]


def to_json_value(value: Any) -> Any:
    """A database value as JSON: Decimal as float, dates and times as ISO strings, the rest as text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.date | dt.datetime | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, list | tuple):
        return [to_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json_value(v) for k, v in value.items()}
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).hex()
    if isinstance(value, uuid.UUID):
        return str(value)
    return str(value)


def _reason(exc: psycopg.Error) -> str:
    primary = exc.diag.message_primary if isinstance(exc, psycopg.Error) else None
    if primary:
        return primary
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _refused(message: str, calls: dict[str, int], data: dict[str, Any]) -> StepOutput:
    """A step refused because it would change data: an error marked `refused`, so the run ends refused."""
    return _error(message, calls, {**data, REFUSED_MARKER: True})


def _error(message: str, calls: dict[str, int] | None = None, data: dict[str, Any] | None = None) -> StepOutput:
    return StepOutput(status="error", error=message, summary=message, data=data or {}, model_calls=calls or {})
