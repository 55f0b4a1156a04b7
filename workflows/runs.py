"""Run records: every request, its plan, step outputs, outcome and timings, kept in PostgreSQL.

Runs and their role calls belong to a user: every statement runs in `user_transaction` (or `user_writes`), under
the row-level security of `runs` and `run_calls`, so one user's runs are invisible to another's queries.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, Field

from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import declare_session_state, holds_session_state, user_transaction, user_writes
from cognicore.workflows.recording import ModelCall

RunStatus = Literal["running", "succeeded", "failed", "interrupted", "refused", "unsure"]
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
_SAVE_CALL = """
INSERT INTO run_calls (run_id, user_id, seq, role, scope, input, output, output_type, ms, task_id)
VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
"""
_DROP_TASK = "DELETE FROM run_calls WHERE run_id = %s AND task_id = %s"
_CALLS = """
SELECT seq, role, scope, input, output, output_type, ms, task_id FROM run_calls WHERE run_id = %s ORDER BY seq
"""
_MARK = """
UPDATE runs SET status = %(status)s, error = %(error)s, finished_at = now() WHERE id = %(id)s AND status = 'running'
"""
_REOPEN = "UPDATE runs SET status = 'running', error = NULL, finished_at = NULL WHERE id = %s"
_GET = "SELECT * FROM runs WHERE id = %s"
# A session-level advisory lock per checkpoint thread, held by the process running on it: it goes with
# the connection, so a process that dies (even by kill -9) frees its sessions.
_TRY_LOCK = "SELECT pg_try_advisory_lock(hashtextextended(%s, 0)) AS ok"
_UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"
_LATEST = "SELECT * FROM runs WHERE thread_id = %s ORDER BY created_at DESC LIMIT 1"
_LIST = """
SELECT * FROM runs
WHERE (%(session_id)s::text IS NULL OR session_id = %(session_id)s)
ORDER BY created_at DESC LIMIT %(limit)s
"""


@dataclass(frozen=True, slots=True)
class RunCallSink:
    """Stores one run's role calls as they happen (see `workflows.recording.CallSink`)."""

    pool: AsyncConnectionPool
    run_id: str
    user_id: str

    async def save(self, call: ModelCall) -> None:
        """Store one call in its own transaction, so a crash right after it keeps it."""
        # One round trip (the tenant and the INSERT in one implicit transaction), since this is on a role's path.
        async with user_writes(self.pool, self.user_id) as writes:
            writes.execute(_SAVE_CALL, self._row(call))

    async def drop_task(self, task_id: str) -> None:
        """Forget the calls an earlier, crashed attempt of this task made before it runs again."""
        async with user_transaction(self.pool, self.user_id) as conn:
            await conn.execute(_DROP_TASK, (self.run_id, task_id))

    def _row(self, call: ModelCall) -> tuple[Any, ...]:
        return (
            self.run_id,
            self.user_id,
            call.seq,
            call.role,
            call.scope,
            Jsonb(call.input),
            Jsonb(call.output),
            call.output_type,
            call.ms,
            call.task_id,
        )


class RunStore:
    """Creates, finishes and reads run records, each as the user who owns them."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def start(
        self,
        *,
        run_id: str,
        user_id: str,
        session_id: str,
        thread_id: str,
        request: str,
        engine: str,
        origin: RunOrigin = "ask",
        parent_run_id: str | None = None,
    ) -> None:
        """Record a run as `running` before the graph starts, so a crash leaves a trace."""
        params = {
            "id": run_id,
            "user_id": user_id,
            "session_id": session_id,
            "request": request,
            "engine": engine,
            "thread_id": thread_id,
            "origin": origin,
            "parent": parent_run_id,
        }
        async with user_writes(self._pool, user_id) as writes:
            writes.execute(_START, params)

    def sink(self, run_id: str, user_id: str) -> RunCallSink:
        """Where the recorder of this run stores its calls as they happen."""
        return RunCallSink(self._pool, run_id, user_id)

    async def calls(self, run_id: str, *, user_id: str) -> list[ModelCall]:
        """The recorded role calls of one of the user's runs, in order (none for another user's run)."""
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, _CALLS, (run_id,))
        return [ModelCall.model_validate(r) for r in rows]

    async def finish(
        self,
        run_id: str,
        *,
        user_id: str,
        status: RunStatus,
        result: dict[str, Any],
        checkpoint_id: str | None,
        error: str | None = None,
    ) -> None:
        """Store the outcome and the full result of a run."""
        params = {
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
        }
        async with user_writes(self._pool, user_id) as writes:
            writes.execute(_FINISH, params)

    async def mark(self, run_id: str, *, user_id: str, status: RunStatus, error: str | None = None) -> None:
        """End a still-running run as interrupted or failed (Ctrl-C, a model that keeps failing)."""
        async with user_writes(self._pool, user_id) as writes:
            writes.execute(_MARK, {"id": run_id, "status": status, "error": error})

    async def reopen(self, run_id: str, *, user_id: str) -> None:
        """Mark a run that is being resumed as running again."""
        async with user_writes(self._pool, user_id) as writes:
            writes.execute(_REOPEN, (run_id,))

    @asynccontextmanager
    async def hold_thread(self, thread_id: str) -> AsyncIterator[bool]:
        """Hold the thread's lock for the block; yields False (and holds nothing) when a live run has it."""
        key = f"cognicore.thread:{thread_id}"
        async with self._pool.connection() as conn:
            declare_session_state(conn)  # a session lock: the pool must discard it even if the unlock is lost
            held = bool((await fetch_dicts(conn, _TRY_LOCK, (key,)))[0]["ok"])
            try:
                yield held
            finally:
                if held:
                    with suppress(psycopg.Error):  # a lost connection took the lock with it
                        await conn.execute(_UNLOCK, (key,))
                        # Unlocked: nothing of the session is left, so the pool can skip its `DISCARD ALL`.
                        holds_session_state(conn, clear=True)
                else:
                    holds_session_state(conn, clear=True)  # no lock was taken

    async def get(self, run_id: str, *, user_id: str) -> RunRecord | None:
        """One of the user's runs; None when it does not exist or belongs to someone else."""
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, _GET, (run_id,))
        return RunRecord.model_validate(rows[0]) if rows else None

    async def latest_on_thread(self, thread_id: str, *, user_id: str) -> RunRecord | None:
        """The user's newest run on a checkpoint thread (what a pending checkpoint belongs to)."""
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, _LATEST, (thread_id,))
        return RunRecord.model_validate(rows[0]) if rows else None

    async def list(self, *, user_id: str, session_id: str | None = None, limit: int = 20) -> list[RunRecord]:
        """The user's runs, newest first, optionally of one session."""
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, _LIST, {"session_id": session_id, "limit": limit})
        return [RunRecord.model_validate(r) for r in rows]
