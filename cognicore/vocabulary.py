"""The entity values a deployment knows, collected generically, so offline workflow keying can mask them.

Distinct short values of the text columns of the schemas `database_query` may read, and the titles of
knowledge-base documents: whatever the domain, these are the names a request's parameters take.
"""

from __future__ import annotations

from collections.abc import Sequence

from psycopg import sql
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

MAX_PER_COLUMN = 200
MAX_VALUE_CHARS = 60

_TEXT_COLUMNS = """
SELECT table_schema, table_name, column_name FROM information_schema.columns
WHERE table_schema = ANY(%(schemas)s) AND data_type IN ('text', 'character varying', 'character')
ORDER BY 1, 2, 3"""
_TITLES = "SELECT DISTINCT title FROM kb_documents WHERE length(title) <= %s"


async def known_entities(pool: AsyncConnectionPool, schemas: Sequence[str]) -> list[str]:
    """Distinct short text values of the allowed schemas' columns, and the knowledge base's titles."""
    found: set[str] = set()
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_TEXT_COLUMNS, {"schemas": list(schemas)})
        for col in await cur.fetchall():
            query = sql.SQL("SELECT DISTINCT {c} AS v FROM {s}.{t} WHERE length({c}) <= %s LIMIT %s").format(
                c=sql.Identifier(col["column_name"]),
                s=sql.Identifier(col["table_schema"]),
                t=sql.Identifier(col["table_name"]),
            )
            await cur.execute(query, (MAX_VALUE_CHARS, MAX_PER_COLUMN + 1))
            values = [r["v"] for r in await cur.fetchall() if r["v"]]
            if len(values) <= MAX_PER_COLUMN:  # a column of free text or ids is not a set of names
                found.update(values)
        await cur.execute(_TITLES, (MAX_VALUE_CHARS,))
        found.update(r["title"] for r in await cur.fetchall())
    return sorted(found)


_TABLES = """
SELECT table_name FROM information_schema.tables WHERE table_schema = ANY(%(schemas)s) ORDER BY 1"""


async def counted_words(pool: AsyncConnectionPool, schemas: Sequence[str]) -> list[str]:
    """The words of the allowed schemas' table names ("order_items" gives "order", "items"): the things the
    data holds and counts, so "how many <those>" reads as a question for figures in any domain."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_TABLES, {"schemas": list(schemas)})
        names = [r["table_name"] for r in await cur.fetchall()]
    return sorted({w for name in names for w in name.lower().split("_") if len(w) > 2})
