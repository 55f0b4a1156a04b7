"""The keyword index keeps no GIN pending list: new memories go into the index itself, never into a list every
keyword search would read whole (`memory._stream_sql.GIN_NO_PENDING_LIST`)."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory._stream_sql import DROP_SEARCH_INDEXES, SEARCH_INDEXES
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory

PARTITION_INDEXES = """
SELECT i.inhrelid::regclass::text AS name, coalesce(c.reloptions, '{}') AS options
FROM pg_inherits AS i JOIN pg_class AS c ON c.oid = i.inhrelid
WHERE i.inhparent = 'memories_user_tsv_idx'::regclass
ORDER BY 1"""


async def partition_indexes(pool: AsyncConnectionPool) -> list[dict[str, object]]:
    async with pool.connection() as conn:
        return await fetch_dicts(conn, PARTITION_INDEXES)


async def test_new_memories_go_straight_into_the_keyword_index(pool: AsyncConnectionPool) -> None:
    indexes = await partition_indexes(pool)
    assert len(indexes) == 32 and all(r["options"] == ["fastupdate=off"] for r in indexes)
    stream = MemoryStream(pool, OfflineEmbeddings())
    await stream.add("ines", [NewMemory(content=f"ines renewed the vpn certificate batch {i}") for i in range(60)])
    async with pool.connection() as conn:
        [row] = await fetch_dicts(
            conn, "SELECT tableoid::regclass::text AS p FROM memories WHERE user_id = 'ines' LIMIT 1"
        )
        [index] = [r["name"] for r in indexes if str(r["name"]).startswith(f"{row['p']}_")]
        # With fastupdate on, the 60 rows' entries would sit in the pending list and this would flush pages.
        [flushed] = await fetch_dicts(conn, "SELECT gin_clean_pending_list(%s::regclass) AS pages", (index,))
    assert flushed["pages"] == 0
    hits = await stream.search("ines", "vpn certificate", k=5, quiet=True)
    assert len(hits) == 5 and all(h.text_rank is not None for h in hits)


async def test_the_benchmark_rebuilds_the_keyword_index_without_a_pending_list(pool: AsyncConnectionPool) -> None:
    async with pool.connection() as conn:
        await conn.execute(DROP_SEARCH_INDEXES)
        for statement in filter(None, (s.strip() for s in SEARCH_INDEXES.split(";"))):
            await conn.execute(statement)
    indexes = await partition_indexes(pool)
    assert len(indexes) == 32 and all(r["options"] == ["fastupdate=off"] for r in indexes)
