"""The application pool skips `DISCARD ALL` on return, so no finished operation may leave session state behind.

Every statement of ours sets role and tenant for its transaction only; session-level state (the per-thread
advisory lock) is declared and discarded. This checks the connections a finished run leaves in the pool.
"""

from __future__ import annotations

from contextlib import AsyncExitStack

import psycopg
import pytest
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

from cognicore.app import App
from cognicore.memory.tenancy import USER_SETTING, declare_session_state
from cognicore.orchestrator.threads import TenantSaver

DEMO_TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
QUESTION = "What is the return policy for opened headphones?"

_SESSION = f"""
SELECT current_user AS acting, session_user AS login,
       coalesce(current_setting('{USER_SETTING}', true), '') AS tenant,
       (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS locks,
       pg_current_xact_id_if_assigned() IS NULL AS no_open_write
"""


async def test_a_finished_run_leaves_every_pooled_connection_clean(app: App) -> None:
    for request in (DEMO_TASK, QUESTION):
        result = await app.runner.ask(request, session_id="reset-check", user_id="ann")
        assert result.outcome == "succeeded", result.error
    size = app.pool.get_stats()["pool_size"]
    assert size >= 1
    async with AsyncExitStack() as stack:
        # Take every open connection at once, so each one a run used is inspected.
        conns = [await stack.enter_async_context(app.pool.connection()) for _ in range(size)]
        for conn in conns:
            row = await (await conn.execute(_SESSION)).fetchone()
            assert row is not None
            assert row["acting"] == row["login"], f"a role leaked into the pool: {row}"
            assert row["tenant"] == "", f"a tenant leaked into the pool: {row}"
            assert row["locks"] == 0, f"an advisory lock leaked into the pool: {row}"


async def test_a_session_lock_is_discarded_even_when_its_unlock_is_lost(app: App) -> None:
    async with app.runs.hold_thread("thread-x") as held:
        assert held
    async with app.pool.connection() as conn:
        await conn.execute("SELECT pg_advisory_lock(42)")
        declare_session_state(conn)  # the code that took it declared it, then "lost" its unlock
    size = app.pool.get_stats()["pool_size"]
    async with AsyncExitStack() as stack:
        conns = [await stack.enter_async_context(app.pool.connection()) for _ in range(size)]
        for conn in conns:
            row = await (await conn.execute(_SESSION)).fetchone()
            assert row is not None and row["locks"] == 0, row


@pytest.mark.parametrize("pipeline", [False, True])
async def test_a_failed_checkpointer_statement_leaves_no_tenant_behind(app: App, pipeline: bool) -> None:
    saver = TenantSaver(AsyncPostgresSaver(app.pool), user_id="ann")  # type: ignore[arg-type]
    with pytest.raises(psycopg.Error):
        async with saver._cursor(pipeline=pipeline) as cur:
            await cur.execute("SELECT * FROM no_such_table")
            await cur.fetchall()
    size = app.pool.get_stats()["pool_size"]
    async with AsyncExitStack() as stack:
        conns = [await stack.enter_async_context(app.pool.connection()) for _ in range(size)]
        for conn in conns:
            row = await (await conn.execute(_SESSION)).fetchone()
            assert row is not None and row["tenant"] == "", f"a tenant leaked into the pool: {row}"
