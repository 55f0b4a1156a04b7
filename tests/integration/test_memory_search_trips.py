"""A search is one round trip: tenant, settings and the search go out in one pipeline segment (`user_read`).

Issue 12 (search latency): a read inside `user_transaction(pipeline=True)` waits for its rows, for the COMMIT and
for the end of its pipeline (four Syncs, each a wait for the server). `user_read` sends one segment, which
PostgreSQL runs as one implicit transaction. These tests pin the one Sync (a Sync is what makes the server
answer; psycopg's own counter of them is patched, since waits for the socket vary with load), and that
nothing else changed: the tenant still binds the read, and settings, tenant and role end with it, after an
error too, on autocommit and non-autocommit connections alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg._pipeline_base import BasePipeline
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.database import open_pool
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import USER_SETTING, user_read

CLEAN = "SELECT current_setting(%s, true) AS tenant, current_setting('jit') AS jit, current_user AS who"


@pytest.fixture
def syncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the Syncs psycopg sends (pipeline mode): one per wait for the server's answers."""
    counted = [0]
    enqueue = BasePipeline._enqueue_sync

    def counting(self: Any) -> None:
        counted[0] += 1
        enqueue(self)

    monkeypatch.setattr(BasePipeline, "_enqueue_sync", counting)
    yield counted


async def test_search_and_nearest_send_one_sync_each(db_url: str, syncs: list[int]) -> None:
    pool = await open_pool(db_url, max_size=1, own_statements_only=True)  # as the application's pool
    try:
        stream = MemoryStream(pool, OfflineEmbeddings())
        await stream.add("alice", [NewMemory(content=f"the router in room {i} dropped packets") for i in range(5)])
        await stream.add("bob", [NewMemory(content="the router in the lobby dropped packets")])
        syncs[0] = 0
        hits = await stream.search("alice", "router dropped packets", quiet=True)
        assert syncs[0] == 1
        assert len(hits) == 5 and all("room" in h.content for h in hits)  # alice's only: the tenant binds the read
        vector = OfflineEmbeddings().embed_query("router dropped packets")
        syncs[0] = 0
        near = await stream.nearest("alice", vector, k=3)
        exact = await stream.nearest("alice", vector, k=3, exact=True)
        assert syncs[0] == 2
        assert len(near) == 3 and [n.id for n in exact] == [n.id for n in near]
        async with pool.connection() as conn:  # settings, tenant and role ended with the read's transaction
            after = await fetch_dicts(conn, CLEAN, (USER_SETTING,))
            assert after[0]["tenant"] == "" and after[0]["jit"] == "on"
            assert after[0]["who"] != "cognicore_app"
    finally:
        await pool.close()


@pytest.mark.parametrize("autocommit", [True, False])
async def test_an_error_surfaces_and_leaves_nothing_behind(db_url: str, autocommit: bool) -> None:
    # One connection, so every read below gets the one the error happened on.
    pool: AsyncConnectionPool = AsyncConnectionPool(
        db_url, min_size=1, max_size=1, open=False, kwargs={"autocommit": autocommit, "row_factory": dict_row}
    )
    await pool.open(wait=True)
    try:
        jit_off = [("SELECT set_config('jit', 'off', true)", ())]
        with pytest.raises(psycopg.errors.DivisionByZero):
            await user_read(pool, "alice", "SELECT 1 / 0 AS x", before=jit_off)
        rows = await user_read(pool, "bob", CLEAN, (USER_SETTING,), before=jit_off)
        assert [(r["tenant"], r["jit"], r["who"]) for r in rows] == [("bob", "off", "cognicore_app")]
        async with pool.connection() as conn:
            after = await fetch_dicts(conn, CLEAN, (USER_SETTING,))
            assert (after[0]["tenant"], after[0]["jit"]) == ("", "on") and after[0]["who"] != "cognicore_app"
    finally:
        await pool.close()
