"""Closing the application loses nothing a search counted: pending candidate counts are written first."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.stream import NewMemory
from cognicore.memory.tenancy import user_transaction
from tests.integration.conftest import AppFactory

U = "alice"


async def test_closing_the_app_writes_the_last_searches_counts(make_app: AppFactory, pool: AsyncConnectionPool) -> None:
    async with make_app() as app:
        (memory_id,) = await app.memory.stream.add(U, [NewMemory(content="standup moved to ten on Mondays")])
        hits = await app.memory.stream.search(U, "when is the standup")
        assert [h.id for h in hits] == [memory_id]
    # The search's count was pending when the app closed its pools; it must have been written, not dropped.
    async with user_transaction(pool, U) as conn:
        cur = await conn.execute("SELECT candidate_count FROM memories WHERE id = %s", (memory_id,))
        assert await cur.fetchone() == {"candidate_count": 1}
