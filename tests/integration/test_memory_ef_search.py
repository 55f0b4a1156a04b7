"""The vector stage's HNSW queue follows the size of the user's partition, read from its statistics.

`memory._stream_sql.search_settings` sets `hnsw.ef_search` by the rows the statistics estimate in the user's
partition (`EF_SEARCH_BY_ROWS`, else `EF_SEARCH`); never analysed, or a user without memories, gets the largest
queue (the safe side for recall). Checked as the application role under row-level security.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory._stream_sql import EF_SEARCH, EF_SEARCH_BY_ROWS, search_settings
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_transaction
from cognicore.roles import grant_app_role, open_app_pool, reader_url

PARTITION = "SELECT tableoid::regclass::text AS p FROM memories WHERE user_id = %s LIMIT 1"


async def ef_search(app: AsyncConnectionPool, user: str) -> int:
    """The `hnsw.ef_search` a search of `user` runs with."""
    async with user_transaction(app, user) as conn:
        await conn.execute(*search_settings(user))
        row = await (await conn.execute("SELECT current_setting('hnsw.ef_search')::int AS ef")).fetchone()
    assert row is not None
    return int(row["ef"])  # type: ignore[call-overload]  # the pools return dict rows


async def test_the_queue_follows_the_partition_size(pool: AsyncConnectionPool, db_url: str) -> None:
    (small_rows, small_ef), (medium_rows, medium_ef) = EF_SEARCH_BY_ROWS[0], EF_SEARCH_BY_ROWS[1]
    assert small_ef < medium_ef < EF_SEARCH and small_rows < medium_rows
    stream = MemoryStream(pool, OfflineEmbeddings())
    await stream.add("zoe", [NewMemory(content=f"zoe's printer jammed on page {i}") for i in range(30)])
    await grant_app_role(pool)
    app = await open_app_pool(reader_url(db_url, "cognicore_app"), min_size=1, max_size=1)

    async def sized(rows: int | None) -> int:
        """The queue once the partition's estimate is `rows` (None: an ANALYZE of its 30 rows)."""
        async with pool.connection() as conn:
            if rows is None:
                await conn.execute(f"ANALYZE {part}")
            else:
                await conn.execute("UPDATE pg_class SET reltuples = %s WHERE oid = %s::regclass", (rows, part))
        return await ef_search(app, "zoe")

    try:
        async with pool.connection() as conn:
            part = (await (await conn.execute(PARTITION, ("zoe",))).fetchone())["p"]  # type: ignore[index, call-overload]
        # Never analysed (reltuples -1): the statistics say nothing, so the largest queue.
        assert await sized(-1) == EF_SEARCH
        assert await ef_search(app, "nobody-here") == EF_SEARCH  # no memories, no partition to size
        assert await sized(None) == small_ef  # 30 rows
        assert await sized(small_rows - 1) == small_ef
        assert await sized(small_rows) == medium_ef  # as large as a partition of one user at a million memories
        assert await sized(medium_rows) == EF_SEARCH
        # The search itself runs with it and still finds the user's memories, and only theirs.
        hits = await MemoryStream(app, OfflineEmbeddings()).search("zoe", "printer jammed", k=5, quiet=True)
        assert len(hits) == 5 and all(h.content.startswith("zoe's printer") for h in hits)
    finally:
        await app.close()
