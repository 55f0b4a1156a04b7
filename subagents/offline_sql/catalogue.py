"""What the allowed schemas hold, read once from `pg_catalog`: tables, keys, measures, dimensions, dates, values.

The offline SQL writer maps a request onto this description instead of a word list, so it works unchanged on
any deployment's schema. Reading it costs three round trips on the least-privilege reader; it is cached.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from psycopg import sql
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

Kind = Literal["numeric", "text", "date", "other"]

MAX_VALUES = 60  # a text column with at most this many distinct values is a dimension whose values we list
MAX_VALUE_CHARS = 60  # longer values are prose, not names
LABEL_COLUMNS = ("name", "title", "label")  # the column that names a row of its table

# Every readable column of the allowed schemas with its table's comment and its keys, in one statement.
COLUMNS_SQL = """
SELECT n.nspname AS schema, c.relname AS table, greatest(c.reltuples, 0)::bigint AS approx_rows,
       obj_description(c.oid, 'pg_class') AS table_comment,
       a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
       t.typcategory AS category, col_description(c.oid, a.attnum) AS comment,
       EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p'
               AND a.attnum = ANY(k.conkey)) AS primary_key,
       EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype IN ('p', 'u')
               AND k.conkey = ARRAY[a.attnum]) AS single_unique
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
WHERE n.nspname = ANY(%(schemas)s) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND has_table_privilege(c.oid, 'SELECT')
ORDER BY n.nspname, c.relname, a.attnum
"""
# Single-column foreign keys (the join paths); composite ones are left out of automatic joins.
FOREIGN_KEYS_SQL = """
SELECT n.nspname AS schema, c.relname AS table, a.attname AS column,
       rn.nspname AS ref_schema, rc.relname AS ref_table, ra.attname AS ref_column
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_class rc ON rc.oid = k.confrelid
JOIN pg_namespace rn ON rn.oid = rc.relnamespace
JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
WHERE k.contype = 'f' AND cardinality(k.conkey) = 1 AND n.nspname = ANY(%(schemas)s)
  AND rn.nspname = ANY(%(schemas)s)
"""


@dataclass(frozen=True, slots=True)
class Column:
    """One column, classified for the mapper."""

    table: str  # "schema.table"
    name: str
    kind: Kind
    comment: str = ""
    primary_key: bool = False
    unique: bool = False
    foreign_key: str | None = None  # "schema.table" it references
    values: tuple[str, ...] = ()  # the distinct values of a low-cardinality text column
    has_time: bool = False  # a timestamp: a time of the day as well as a day

    @property
    def ref(self) -> str:
        """`schema.table.column`."""
        return f"{self.table}.{self.name}"

    @property
    def is_key(self) -> bool:
        """Keys and surrogate ids join tables; they are neither measures nor dimensions."""
        return self.primary_key or self.foreign_key is not None or self.name == "id" or self.name.endswith("_id")


@dataclass(frozen=True, slots=True)
class Table:
    """One readable table or view."""

    ref: str  # "schema.table"
    columns: tuple[Column, ...]
    approx_rows: int = 0
    comment: str = ""

    @property
    def name(self) -> str:
        """The table's name without its schema."""
        return self.ref.split(".", 1)[1]

    @property
    def label(self) -> Column | None:
        """The text column that names a row ("name", "title"), if any."""
        return next((c for c in self.columns if c.name in LABEL_COLUMNS and c.kind == "text"), None)

    @property
    def primary_key(self) -> Column | None:
        """The single-column primary key, if any."""
        keys = [c for c in self.columns if c.primary_key]
        return keys[0] if len(keys) == 1 else None

    def column(self, name: str) -> Column:
        """The column called `name`; `KeyError` when absent."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(f"{self.ref}.{name}")


@dataclass(frozen=True, slots=True)
class Join:
    """`child.column` references `parent.ref_column` (many rows of child to one of parent)."""

    child: str
    column: str
    parent: str
    ref_column: str


@dataclass(frozen=True)
class Catalogue:
    """The allowed schemas as the mapper sees them; pure data, built once per deployment."""

    tables: tuple[Table, ...]
    joins: tuple[Join, ...] = ()
    _by_ref: dict[str, Table] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_ref.update({t.ref: t for t in self.tables})

    def table(self, ref: str) -> Table:
        """The table `schema.table`."""
        return self._by_ref[ref]

    def column(self, ref: str) -> Column:
        """The column `schema.table.column`."""
        table, name = ref.rsplit(".", 1)
        return self.table(table).column(name)

    def parents(self, table: str) -> list[Join]:
        """The joins from `table` to the tables it references."""
        return [j for j in self.joins if j.child == table]

    def path(self, start: str, goal: str) -> list[Join] | None:
        """The shortest chain of many-to-one joins from `start` to `goal` (empty when equal), or None."""
        previous: dict[str, Join | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                chain: list[Join] = []
                while (step := previous[here]) is not None:
                    chain.append(step)
                    here = step.child
                return chain[::-1]
            for j in self.parents(here):
                if j.parent not in previous:
                    previous[j.parent] = j
                    queue.append(j.parent)
        return None

    def base_for(self, needed: Sequence[str], prefer: str | None = None) -> str | None:
        """The table from which every `needed` table is reached by many-to-one joins, fewest joins first.

        Joining only towards "one" sides never multiplies rows, so sums over the base stay true.
        """
        best: tuple[int, int, str] | None = None
        for t in self.tables:
            paths = [self.path(t.ref, n) for n in needed]
            if any(p is None for p in paths):
                continue
            hops = sum(len(p or []) for p in paths)
            rank = (hops, 0 if t.ref == prefer else 1, t.ref)
            if best is None or rank < best:
                best = rank
        return best[2] if best else None


def _kind(type_name: str, category: str) -> Kind:
    if category == "N":
        return "numeric"
    if category == "D" and not type_name.startswith(("time ", "time(", "interval")) and type_name != "time":
        return "date"
    if category == "S":
        return "text"
    return "other"


async def read_catalogue(pool: AsyncConnectionPool, schemas: Sequence[str]) -> Catalogue:
    """Read the allowed `schemas` (read-only, on the reader's pool): tables, keys and low-cardinality values."""
    params: dict[str, Any] = {"schemas": list(schemas)}
    async with pool.connection() as conn, conn.transaction():
        await conn.execute("SET TRANSACTION READ ONLY")
        async with conn.cursor(row_factory=dict_row) as cur:
            rows = await (await cur.execute(COLUMNS_SQL, params)).fetchall()
            keys = await (await cur.execute(FOREIGN_KEYS_SQL, params)).fetchall()
            texts = [r for r in rows if _kind(r["type"], r["category"]) == "text"]
            values = await _distinct_values(cur, texts) if texts else {}
    joins = tuple(
        Join(f"{k['schema']}.{k['table']}", k["column"], f"{k['ref_schema']}.{k['ref_table']}", k["ref_column"])
        for k in keys
    )
    fk = {(j.child, j.column): j.parent for j in joins}
    tables: dict[str, list[Column]] = {}
    meta: dict[str, tuple[int, str]] = {}
    for r in rows:
        ref = f"{r['schema']}.{r['table']}"
        meta[ref] = (r["approx_rows"], r["table_comment"] or "")
        tables.setdefault(ref, []).append(
            Column(
                table=ref,
                name=r["column"],
                kind=_kind(r["type"], r["category"]),
                comment=r["comment"] or "",
                primary_key=r["primary_key"],
                unique=r["single_unique"],
                foreign_key=fk.get((ref, r["column"])),
                values=values.get((ref, r["column"]), ()),
                has_time=str(r["type"]).startswith("timestamp"),
            )
        )
    return Catalogue(
        tables=tuple(Table(ref, tuple(cols), *meta[ref]) for ref, cols in tables.items()),
        joins=joins,
    )


async def _distinct_values(cur: Any, texts: list[dict[str, Any]]) -> dict[tuple[str, str], tuple[str, ...]]:
    """The distinct values of every text column that has at most MAX_VALUES of them, in one statement."""
    parts = [
        sql.SQL(
            "SELECT {k}::int AS k, array(SELECT DISTINCT {c}::text FROM {t} WHERE {c} IS NOT NULL "
            "AND length({c}::text) <= {w} LIMIT {n}) AS vals"
        ).format(
            k=sql.Literal(i),
            c=sql.Identifier(r["column"]),
            t=sql.Identifier(r["schema"], r["table"]),
            w=sql.Literal(MAX_VALUE_CHARS),
            n=sql.Literal(MAX_VALUES + 1),
        )
        for i, r in enumerate(texts)
    ]
    await cur.execute(sql.SQL(" UNION ALL ").join(parts))
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for row in await cur.fetchall():
        vals = row["vals"] or []
        if 0 < len(vals) <= MAX_VALUES:
            r = texts[row["k"]]
            out[(f"{r['schema']}.{r['table']}", r["column"])] = tuple(sorted(vals))
    return out
