"""Checkpoint threads belong to a user: the thread id carries the user, and row-level security checks it.

The application's connections see only the threads of the user they act as: a statement with no
`cognicore.user_id` sees none. LangGraph's checkpointer runs its own statements, so each user gets a
`TenantSaver`, which names its user on the connection for each statement and clears it afterwards.
The owner (migrations, maintenance) is not bound: the policy is enabled, not forced.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import AsyncConnection, AsyncCursor
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.tenancy import USER_SETTING, check_user_id, declare_session_state, holds_session_state

__all__ = ["CHECKPOINT_TABLES", "CHECKPOINT_TENANCY", "TenantSaver", "bind_user", "thread_id"]

CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes")


def thread_id(user_id: str, session_id: str) -> str:
    """The checkpoint thread of a user's session: `<user as UTF-8 hex>:<session>`.

    Two users with the same session name never share a thread; the hex part holds no `:`, so the first
    `:` always ends it, and SQL can compute it (`encode(convert_to(user, 'UTF8'), 'hex')`) for the policy.
    """
    return f"{user_id.encode().hex()}:{session_id}"


_TENANT = f"current_setting('{USER_SETTING}', true)"
_OWNED = f"split_part(thread_id, ':', 1) = encode(convert_to({_TENANT}, 'UTF8'), 'hex')"
_RULE = f"(coalesce({_TENANT}, '') <> '' AND {_OWNED})"

# Run by the owner after the checkpointer's own setup (its tables do not exist before), under the start-up
# lock; idempotent.
CHECKPOINT_TENANCY = f"""
DO $do$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY{list(CHECKPOINT_TABLES)!r}::text[] LOOP
        IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = to_regclass(t)) THEN
            EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        END IF;
        -- `_tenant` (an earlier version) let a connection with no user through; `_tenant_v2` does not.
        IF EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t
                     AND policyname = t || '_tenant') THEN
            EXECUTE format('DROP POLICY %I ON %I', t || '_tenant', t);
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t
                         AND policyname = t || '_tenant_v2') THEN
            EXECUTE format($p$CREATE POLICY %I ON %I USING {_RULE} WITH CHECK {_RULE}$p$, t || '_tenant_v2', t);
        END IF;
    END LOOP;
END
$do$;
"""
"""Row-level security on the checkpointer's tables: a statement acting as a user sees only that user's threads."""


class TenantSaver(AsyncPostgresSaver):
    """LangGraph's PostgreSQL checkpointer acting as one user: row-level security limits it to their threads."""

    def __init__(self, saver: AsyncPostgresSaver, *, user_id: str) -> None:
        super().__init__(saver.conn, saver.pipe, saver.serde)
        self.user_id = check_user_id(user_id)

    @asynccontextmanager
    async def _cursor(self, *, pipeline: bool = False) -> AsyncIterator[AsyncCursor[DictRow]]:
        """LangGraph's cursor on a connection that names the user, named again as nobody afterwards.

        Overrides the base method (same contract: one cursor at a time under `self.lock`; pipelined even when
        not asked) because the user must be named on the very connection the statements run on. The setting
        is session-level since the checkpointer's statements run in autocommit, one transaction each (a
        transaction of our own around them measured slower). Until the statements are known to have
        succeeded, the connection is declared as holding session state, so that if one fails the pool's
        reset discards the tenant with `DISCARD ALL`.
        """
        async with self.lock, _connection(self.conn) as conn:
            declare_session_state(conn)
            # Always pipelined, reads too: naming the user then travels with the first statement (a read's
            # fetch syncs the pipeline), one round trip less per cursor.
            async with conn.pipeline(), conn.cursor(binary=True, row_factory=dict_row) as cur:
                await cur.execute(_SET_USER, (USER_SETTING, self.user_id))
                yield cur
                await cur.execute(_SET_USER, (USER_SETTING, ""))
            holds_session_state(conn, clear=True)  # the pipeline synced: every statement ran, the user is unset


_SET_USER = "SELECT set_config(%s, %s, false)"


@asynccontextmanager
async def _connection(
    conn: AsyncConnection[DictRow] | AsyncConnectionPool[AsyncConnection[DictRow]],
) -> AsyncIterator[AsyncConnection[DictRow]]:
    """A connection from the checkpointer's pool, or its single connection."""
    if isinstance(conn, AsyncConnectionPool):
        async with conn.connection() as pooled:
            yield pooled
    else:
        yield conn


def bind_user(graph: Any, user_id: str) -> Any:
    """The compiled graph with its checkpointer acting as `user_id` (a shallow copy; nothing is rebuilt)."""
    return graph.copy(update={"checkpointer": TenantSaver(graph.checkpointer, user_id=user_id)})
