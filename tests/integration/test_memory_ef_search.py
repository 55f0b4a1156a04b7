"""The vector stage's HNSW queue follows the size of the user's partition, read from its statistics.

`memory._stream_sql.search_settings` sets `hnsw.ef_search` to `EF_SEARCH_SMALL` in a partition the statistics
estimate under `SMALL_PARTITION_ROWS` rows, else `EF_SEARCH`; never analysed, or a user without memories, gets
the larger queue (the safe side for recall). Checked as the application role under row-level security.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory._stream_sql import EF_SEARCH, EF_SEARCH_SMALL, SMALL_PARTITION_ROWS, search_settings
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
    return int(row["ef"])


async def test_the_queue_follows_the_partition_size(pool: AsyncConnectionPool, db_url: str) -> None:
    assert EF_SEARCH_SMALL < EF_SEARCH
    stream = MemoryStream(pool, OfflineEmbeddings())
    await stream.add("zoe", [NewMemory(content=f"zoe's printer jammed on page {i}") for i in range(30)])
    await grant_app_role(pool)
    app = await open_app_pool(reader_url(db_url, "cognicore_app"), min_size=1, max_size=1)
    try:
        async with pool.connection() as conn:
            part = (await (await conn.execute(PARTITION, ("zoe",))).fetchone())["p"]  # type: ignore[index]
            # Never analysed (reltuples -1): the statistics say nothing, so the larger queue.
            await conn.execute("UPDATE pg_class SET reltuples = -1 WHERE oid = %s::regclass", (part,))
        assert await ef_search(app, "zoe") == EF_SEARCH
        assert await ef_search(app, "nobody-here") == EF_SEARCH  # no memories, no partition to size
        async with pool.connection() as conn:
            await conn.execute(f"ANALYZE {part}")  # 30 rows: a small partition
        assert await ef_search(app, "zoe") == EF_SEARCH_SMALL
        async with pool.connection() as conn:  # as large as a partition at a million memories, by its estimate
            await conn.execute(
                "UPDATE pg_class SET reltuples = %s WHERE oid = %s::regclass", (SMALL_PARTITION_ROWS, part)
            )
        assert await ef_search(app, "zoe") == EF_SEARCH
        # The search itself runs with it and still finds the user's memories, and only theirs.
        hits = await MemoryStream(app, OfflineEmbeddings()).search("zoe", "printer jammed", k=5, quiet=True)
        assert len(hits) == 5 and all(h.content.startswith("zoe's printer") for h in hits)
    finally:
        await app.close()
