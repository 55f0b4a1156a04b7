"""The entity values a deployment knows, collected generically, so offline workflow keying can mask them.

Distinct short values of the text columns of the schemas `database_query` may read, and the titles of
knowledge-base documents: whatever the domain, these are the names a request's parameters take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from psycopg import sql
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.text import STOPWORDS
from cognicore.orchestrator.followup import ValueColumn

MAX_PER_COLUMN = 200
MAX_VALUE_CHARS = 60

_TEXT_COLUMNS = """
SELECT c.table_schema, c.table_name, c.column_name,
       EXISTS (SELECT 1 FROM pg_index i
               WHERE i.indrelid = format('%%I.%%I', c.table_schema, c.table_name)::regclass
                 AND i.indisunique AND i.indnkeyatts = 1 AND i.indpred IS NULL
                 AND i.indkey[0] = c.ordinal_position) AS is_key
FROM information_schema.columns c
WHERE c.table_schema = ANY(%(schemas)s) AND c.data_type IN ('text', 'character varying', 'character')
ORDER BY 1, 2, 3"""
_TITLES = "SELECT DISTINCT title FROM kb_documents WHERE length(title) <= %s"


async def known_entities(pool: AsyncConnectionPool, schemas: Sequence[str]) -> list[str]:
    """Distinct short text values of the allowed schemas' columns, and the knowledge base's titles."""
    return sorted(set(await data_values(pool, schemas)) | set(await kb_titles(pool)))


async def kb_titles(pool: AsyncConnectionPool) -> list[str]:
    """The short titles of the knowledge base's documents."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_TITLES, (MAX_VALUE_CHARS,))
        return sorted(r["title"] for r in await cur.fetchall())


async def data_values(pool: AsyncConnectionPool, schemas: Sequence[str]) -> dict[str, str]:
    """Distinct short values of the allowed schemas' low-cardinality text columns, each with the column that holds
    it ("schema.table.column"), so a follow-up replaces a value by another of the same dimension.

    The text columns that each alone identify their table's row (a UNIQUE or primary key: a region's `code` and
    its `name`) name one thing two ways: each value keeps its own column ("drop the code filter", "the unnamed
    ones" read it), and its dimension is the table's first such column, so "LATAM" after "Europe" replaces it
    instead of narrowing the request to both."""
    found: dict[str, str] = {}
    keys: dict[tuple[str, str], str] = {}  # (schema, table) -> the first key text column of that table
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_TEXT_COLUMNS, {"schemas": list(schemas)})
        for col in await cur.fetchall():
            name = f"{col['table_schema']}.{col['table_name']}.{col['column_name']}"
            own = ValueColumn(name)
            if col["is_key"]:
                own = ValueColumn(name, keys.setdefault((col["table_schema"], col["table_name"]), name))
            query = sql.SQL("SELECT DISTINCT {c} AS v FROM {s}.{t} WHERE length({c}) <= %s LIMIT %s").format(
                c=sql.Identifier(col["column_name"]),
                s=sql.Identifier(col["table_schema"]),
                t=sql.Identifier(col["table_name"]),
            )
            await cur.execute(query, (MAX_VALUE_CHARS, MAX_PER_COLUMN + 1))
            values = [r["v"] for r in await cur.fetchall() if r["v"]]
            if len(values) <= MAX_PER_COLUMN:  # a column of free text or ids is not a set of names
                found.update((v, own) for v in values if v not in found)
    return found


_TABLES = """
SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ANY(%(schemas)s)
UNION SELECT column_name FROM information_schema.columns WHERE table_schema = ANY(%(schemas)s) ORDER BY 1"""
# Parts of column names that say how a value is stored, not what the data holds.
_STORAGE_WORDS = frozenset("id ids code sku key uuid at on is has date time description title notes".split())


async def counted_words(pool: AsyncConnectionPool, schemas: Sequence[str]) -> list[str]:
    """The words of the allowed schemas' table and column names ("order_items" gives "order", "items";
    "customer_segment" gives "customer", "segment"): the things the data holds, counts and groups by, so
    "how many <those>" or "split by <one>" reads as a question for figures in any domain."""
    async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_TABLES, {"schemas": list(schemas)})
        names = [r["name"] for r in await cur.fetchall()]
    parts = {w for name in names for w in name.lower().split("_")}
    return sorted(w for w in parts if len(w) > 2 and w not in _STORAGE_WORDS)


def with_synonyms(counted: Sequence[str], synonyms: Mapping[str, str]) -> list[str]:
    """`counted` plus the one-word synonyms a plugin gives for them ("incident" -> "ticket"), so "how many
    incidents are open" reads as a question for the data as "how many tickets are open" does."""
    known = {w.lower() for w in counted}
    words = [
        k.strip().lower()
        for k, v in synonyms.items()
        if " " not in k.strip() and k.strip().lower() not in STOPWORDS and {v, f"{v}s"} & known
    ]
    # Both forms: the stemmer reads "case" and "cases" differently.
    return sorted(known | {*words, *(f"{w}s" for w in words)})
