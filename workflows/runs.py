"""Run records: every request, its plan, step outputs, outcome and timings, kept in PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, Field

from cognicore.workflows.recording import ModelCall

RunStatus = Literal["running", "succeeded", "failed", "interrupted"]
RunOrigin = Literal["ask", "replay", "fork"]


class RunRecord(BaseModel):
    """One run as stored; `result` is the full JSON result a client received."""

    id: str
    user_id: str
    session_id: str
    request: str
    intent: str | None = None
    status: RunStatus
    engine: str
    plan: dict[str, Any] | None = None
    steps: list[dict[str, Any]] = Field(default_factory=list)
    answer: str | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    model_calls: dict[str, int] = Field(default_factory=dict)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    thread_id: str
    checkpoint_id: str | None = None
    origin: RunOrigin = "ask"
    parent_run_id: str | None = None
    workflow: dict[str, Any] | None = None
    created_at: datetime | None = None
    finished_at: datetime | None = None


_START = """
INSERT INTO runs (id, user_id, session_id, request, status, engine, thread_id, origin, parent_run_id)
VALUES (%(id)s, %(user_id)s, %(session_id)s, %(request)s, 'running', %(engine)s, %(thread_id)s, %(origin)s,
        %(parent)s)
"""
_FINISH = """
UPDATE runs SET status = %(status)s, intent = %(intent)s, plan = %(plan)s, steps = %(steps)s,
    answer = %(answer)s, result = %(result)s, error = %(error)s, model_calls = %(model_calls)s,
    timings_ms = %(timings_ms)s, checkpoint_id = %(checkpoint_id)s, workflow = %(workflow)s, finished_at = now()
WHERE id = %(id)s
"""
_NEXT_SEQ = "SELECT coalesce(max(seq) + 1, 0) AS n FROM run_calls WHERE run_id = %s"
_SAVE_CALL = """
INSERT INTO run_calls (run_id, seq, role, scope, input, output, output_type, ms)
VALUES (%s, %s, %s, %s, %s, %s, %s, %s)
"""
_CALLS = "SELECT seq, role, scope, input, output, output_type, ms FROM run_calls WHERE run_id = %s ORDER BY seq"
_MARK = "UPDATE runs SET status = %(status)s, error = %(error)s WHERE id = %(id)s AND status = 'running'"
_GET = "SELECT * FROM runs WHERE id = %s"
_LIST = """
SELECT * FROM runs
WHERE (%(session_id)s::text IS NULL OR session_id = %(session_id)s)
  AND (%(user_id)s::text IS NULL OR user_id = %(user_id)s)
ORDER BY created_at DESC LIMIT %(limit)s
"""


class RunStore:
    """Creates, finishes and reads run records."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def start(
        self,
        *,
        run_id: str,
        user_id: str,
        session_id: str,
        request: str,
        engine: str,
        origin: RunOrigin = "ask",
        parent_run_id: str | None = None,
    ) -> None:
        """Record a run as `running` before the graph starts, so a crash leaves a trace."""
        async with self._pool.connection() as conn:
            await conn.execute(
                _START,
                {
                    "id": run_id,
                    "user_id": user_id,
                    "session_id": session_id,
                    "request": request,
                    "engine": engine,
                    "thread_id": session_id,
                    "origin": origin,
                    "parent": parent_run_id,
                },
            )

    async def save_calls(self, run_id: str, calls: Sequence[ModelCall]) -> None:
        """Append a run's recorded role calls (a resumed run adds its own after the first part's)."""
        if not calls:
            return
        async with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            await cur.execute(_NEXT_SEQ, (run_id,))
            row = await cur.fetchone()
            base = int(row["n"]) if row else 0  # type: ignore[call-overload]
            await cur.executemany(
                _SAVE_CALL,
                [
                    (run_id, base + c.seq, c.role, c.scope, Jsonb(c.input), Jsonb(c.output), c.output_type, c.ms)
                    for c in calls
                ],
            )

    async def calls(self, run_id: str) -> list[ModelCall]:
        """The recorded role calls of a run, in order."""
        async with self._pool.connection() as conn:
            cur = await conn.execute(_CALLS, (run_id,))
            return [ModelCall.model_validate(r) for r in await cur.fetchall()]

    async def finish(
        self,
        run_id: str,
        *,
        status: RunStatus,
        result: dict[str, Any],
        checkpoint_id: str | None,
        error: str | None = None,
    ) -> None:
        """Store the outcome and the full result of a run."""
        async with self._pool.connection() as conn:
            await conn.execute(
                _FINISH,
                {
                    "id": run_id,
                    "status": status,
                    "intent": result.get("intent"),
                    "plan": Jsonb(result.get("plan")) if result.get("plan") else None,
                    "steps": Jsonb(result.get("steps", [])),
                    "answer": result.get("answer"),
                    "result": Jsonb(result),
                    "error": error,
                    "model_calls": Jsonb(result.get("model_calls", {})),
                    "timings_ms": Jsonb(result.get("timings_ms", {})),
                    "checkpoint_id": checkpoint_id,
                    "workflow": Jsonb(result.get("workflow")) if result.get("workflow") else None,
                },
            )

    async def mark(self, run_id: str, *, status: RunStatus, error: str | None = None) -> None:
        """Mark a still-running run as interrupted or failed (Ctrl-C, an unexpected error)."""
        async with self._pool.connection() as conn:
            await conn.execute(_MARK, {"id": run_id, "status": status, "error": error})

    async def get(self, run_id: str) -> RunRecord | None:
        async with self._pool.connection() as conn:
            cur = await conn.execute(_GET, (run_id,))
            row = await cur.fetchone()
        return RunRecord.model_validate(row) if row else None

    async def list(
        self, *, session_id: str | None = None, user_id: str | None = None, limit: int = 20
    ) -> list[RunRecord]:
        async with self._pool.connection() as conn:
            cur = await conn.execute(_LIST, {"session_id": session_id, "user_id": user_id, "limit": limit})
            rows = await cur.fetchall()
        return [RunRecord.model_validate(r) for r in rows]
