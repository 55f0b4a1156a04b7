"""The episodic conversation log: one row per utterance, per user and session.

Our own table rather than langchain-postgres' `PostgresChatMessageHistory`: that one keys sessions by UUID and
has no tenant column, and every memory row here carries a `user_id` for row-level security.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.tenancy import user_transaction

Speaker = Literal["user", "assistant"]

_APPEND_TURN = """
WITH next AS (
    SELECT coalesce(max(round), 0) + 1 AS round
    FROM conversation_turns WHERE user_id = %(user_id)s AND session_id = %(session_id)s
)
INSERT INTO conversation_turns (user_id, session_id, round, speaker, content, run_id)
SELECT %(user_id)s, %(session_id)s, next.round, s.speaker, s.content, %(run_id)s
FROM next, unnest(%(speakers)s::text[], %(contents)s::text[]) WITH ORDINALITY AS s(speaker, content, n)
ORDER BY s.n
RETURNING round
"""

_RECENT = """
SELECT round, speaker, content, created_at FROM conversation_turns
WHERE user_id = %(user_id)s AND session_id = %(session_id)s
ORDER BY round DESC, id DESC
LIMIT %(limit)s
"""


@dataclass(frozen=True, slots=True)
class Turn:
    """One utterance of a conversation."""

    round: int
    speaker: Speaker
    content: str
    created_at: datetime


class ConversationLog:
    """Append and read conversation turns."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def append_round(
        self,
        *,
        user_id: str,
        session_id: str,
        request: str,
        answer: str,
        run_id: str | None = None,
        conn: AsyncConnection[Any] | None = None,
    ) -> int:
        """Write the user's request and the assistant's answer as one round; return the round number.

        `conn` is an open `user_transaction` of the same user to write in (so a caller can add more to
        the same transaction); without it the round is written in a transaction of its own.
        """
        if conn is None:
            async with user_transaction(self._pool, user_id) as own:
                return await self.append_round(
                    user_id=user_id, session_id=session_id, request=request, answer=answer, run_id=run_id, conn=own
                )
        # Serialise rounds of one session so two concurrent writers cannot take the same number.
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"{user_id}/{session_id}",))
        cur = conn.cursor(row_factory=dict_row)
        await cur.execute(
            _APPEND_TURN,
            {
                "user_id": user_id,
                "session_id": session_id,
                "run_id": run_id,
                "speakers": ["user", "assistant"],
                "contents": [request, answer],
            },
        )
        rows = await cur.fetchall()
        return int(rows[0]["round"])

    async def recent(self, *, user_id: str, session_id: str, limit: int = 20) -> list[Turn]:
        """The session's last `limit` turns, oldest first."""
        async with user_transaction(self._pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_RECENT, {"user_id": user_id, "session_id": session_id, "limit": limit})
            rows = await cur.fetchall()
        return [Turn(r["round"], r["speaker"], r["content"], r["created_at"]) for r in reversed(rows)]
