"""A durable queue of post-answer memory work, so extraction never delays a reply and survives a crash.

The `remember` step enqueues an `extract_turn` job in the same transaction that writes the turn; a worker
(`process`, e.g. `cognicore memory process`, or a background task after the answer) claims due jobs with
`FOR UPDATE SKIP LOCKED`, runs their handler and marks them done, or pending again for a retry, or failed
after `max_attempts`. A claim is a lease: a job left `running` by a process that died is claimed again
once `locked_until` passes.

Row-level security and a worker serving every user: `memory_jobs` is per user like every memory table,
so a worker can only see a user's jobs while acting as that user. To know *which* users to act as, it
reads `memory_job_users`, one row per user with the number of unfinished jobs and nothing else. That
table has row-level security enabled but not forced: the application role sees only the current user's
row (enqueueing updates it in the same transaction as the job), while the table owner (the role that ran
the migrations and opened the pool) reads every row. The worker lists users as the owner, then claims,
runs and finishes each user's jobs inside `user_transaction`, so job contents are only ever read under
the user's own policy. A counter rather than a flag: increments and decrements take the row lock, so a
job enqueued while a worker finishes the last one can never leave its user unlisted.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.extraction import ROLE as EXTRACT_ROLE
from cognicore.memory.extraction import FactExtractor, worded_as_reversal
from cognicore.memory.fact_types import FactHit
from cognicore.memory.facts import FactStore
from cognicore.memory.tenancy import user_transaction

__all__ = [
    "EXTRACT_TURN",
    "KNOWN_FACTS",
    "Job",
    "JobHandler",
    "JobInfo",
    "ProcessReport",
    "enqueue",
    "enqueue_turn",
    "extraction_inputs",
    "list_jobs",
    "make_extract_handler",
    "process",
]

EXTRACT_TURN = "extract_turn"
ERROR_CHARS = 2000  # of a handler's error kept in `last_error`

ENQUEUE = """
INSERT INTO memory_jobs (user_id, kind, payload, max_attempts) VALUES (%s, %s, %s, %s) RETURNING id"""
COUNT_UNFINISHED = """
INSERT INTO memory_job_users (user_id, unfinished) VALUES (%s, %s)
ON CONFLICT (user_id) DO UPDATE
    SET unfinished = memory_job_users.unfinished + excluded.unfinished, updated_at = now()"""
USERS_WITH_WORK = """
SELECT user_id FROM memory_job_users WHERE unfinished > 0 ORDER BY updated_at, user_id LIMIT %s"""
# A job whose worker died on every attempt is not retried forever: it fails once its lease expires.
FAIL_ABANDONED = """
UPDATE memory_jobs
SET status = 'failed', locked_until = NULL, updated_at = now(),
    last_error = concat_ws('; ', last_error, 'the worker stopped while running it (lease expired) on attempt '
                           || attempts || ' of ' || max_attempts)
WHERE user_id = %s AND status = 'running' AND locked_until < now() AND attempts >= max_attempts
RETURNING id"""
CLAIM = """
UPDATE memory_jobs AS j
SET status = 'running', attempts = j.attempts + 1, updated_at = now(),
    locked_until = now() + make_interval(secs => %(lease_s)s)
FROM (
    SELECT id FROM memory_jobs
    WHERE user_id = %(user_id)s AND kind = ANY(%(kinds)s)
      AND ((status = 'pending' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
    ORDER BY id
    LIMIT %(limit)s
    FOR UPDATE SKIP LOCKED
) AS due
WHERE j.id = due.id
RETURNING j.id, j.user_id, j.kind, j.payload, j.attempts, j.max_attempts, j.created_at"""
# `attempts` fences the update: a worker whose lease expired and whose job was claimed again cannot
# finish it a second time.
FINISH_DONE = """
UPDATE memory_jobs SET status = 'done', result = %(result)s, locked_until = NULL, updated_at = now()
WHERE id = %(id)s AND status = 'running' AND attempts = %(attempts)s
RETURNING status"""
FINISH_FAILED = """
UPDATE memory_jobs
SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
    last_error = %(error)s, locked_until = NULL, updated_at = now(),
    run_after = now() + make_interval(secs => %(retry_delay_s)s * attempts)
WHERE id = %(id)s AND status = 'running' AND attempts = %(attempts)s
RETURNING status"""
UNCOUNT = "UPDATE memory_job_users SET unfinished = unfinished - %s, updated_at = now() WHERE user_id = %s"
LIST_JOBS = """
SELECT id, kind, status, attempts, max_attempts, last_error, payload, result, created_at, updated_at
FROM memory_jobs
WHERE user_id = %(user_id)s AND (%(status)s::text IS NULL OR status = %(status)s)
ORDER BY id DESC LIMIT %(limit)s"""


@dataclass(frozen=True, slots=True)
class Job:
    """A claimed job, as its handler receives it; `attempts` counts this one."""

    id: int
    user_id: str
    kind: str
    payload: dict[str, Any]
    attempts: int
    max_attempts: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class JobInfo:
    """A job as listed for a user (`cognicore memory process --json`, tests)."""

    id: int
    kind: str
    status: str
    attempts: int
    max_attempts: int
    last_error: str | None
    payload: dict[str, Any]
    result: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ProcessReport:
    """What one `process` call did: jobs claimed, finished, failed for good, and set to retry."""

    claimed: int = 0
    done: int = 0
    failed: int = 0
    retried: int = 0
    errors: tuple[tuple[int, str], ...] = ()
    users: tuple[str, ...] = ()


JobHandler = Callable[[Job], Awaitable[dict[str, Any] | None]]
"""Runs one job; returns a JSON-able result to store, or raises to fail the attempt."""


async def enqueue(
    target: AsyncConnectionPool | AsyncConnection[Any],
    *,
    user_id: str,
    kind: str,
    payload: dict[str, Any],
    max_attempts: int = 3,
) -> int:
    """Queue a job for `user_id` and return its id.

    Given a connection, the job joins the caller's transaction (which must act as `user_id`, see
    `user_transaction`), so it commits or rolls back with the turn it belongs to.
    """
    if max_attempts < 1:
        raise ValueError(f"max_attempts must be at least 1, got {max_attempts}")
    if isinstance(target, AsyncConnectionPool):
        async with user_transaction(target, user_id) as conn:
            return await _enqueue(conn, user_id, kind, payload, max_attempts)
    cur = await target.execute("SELECT current_setting('cognicore.user_id', true) AS acting")
    row = await cur.fetchone()
    acting = row["acting"] if isinstance(row, dict) else (row[0] if row else None)
    if acting != user_id:
        raise ValueError(
            f"enqueue for user {user_id!r} on a connection acting as {acting!r}: "
            "open it with `user_transaction(pool, user_id)` first"
        )
    async with target.transaction():  # a savepoint inside the caller's transaction
        return await _enqueue(target, user_id, kind, payload, max_attempts)


async def _enqueue(
    conn: AsyncConnection[Any], user_id: str, kind: str, payload: dict[str, Any], max_attempts: int
) -> int:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(ENQUEUE, (user_id, kind, Jsonb(payload), max_attempts))
        row = await cur.fetchone()
        await cur.execute(COUNT_UNFINISHED, (user_id, 1))
    assert row is not None
    return int(row["id"])


async def enqueue_turn(
    target: AsyncConnectionPool | AsyncConnection[Any],
    *,
    user_id: str,
    session_id: str,
    round: int,
    user_message: str,
    assistant_message: str,
    told: bool | None = None,
) -> int:
    """Queue fact extraction for one conversation round (the `extract_turn` job); `told` is the router's reading
    of the message as a statement (True) or a request or question (False)."""
    payload: dict[str, Any] = {
        "session_id": session_id,
        "round": round,
        "user_message": user_message,
        "assistant_message": assistant_message,
    }
    if told is not None:
        payload["told"] = told
    return await enqueue(target, user_id=user_id, kind=EXTRACT_TURN, payload=payload)


async def process(
    pool: AsyncConnectionPool,
    handlers: Mapping[str, JobHandler],
    *,
    limit: int = 100,
    user_id: str | None = None,
    lease_s: float = 300.0,
    retry_delay_s: float = 30.0,
) -> ProcessReport:
    """Claim and run up to `limit` due jobs (of one user, or of every user), one at a time.

    Only kinds in `handlers` are claimed; other kinds wait, untouched, for a worker that handles them.
    A handler's exception fails that attempt (the job is retried after `retry_delay_s` times the attempt
    number, up to its `max_attempts`); cancellation propagates and leaves the job to its lease.
    """
    if user_id is not None:
        users = [user_id]
    else:
        async with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(USERS_WITH_WORK, (max(limit, 1) * 10,))
            users = [r["user_id"] for r in await cur.fetchall()]
    claimed = done = failed = retried = 0
    errors: list[tuple[int, str]] = []
    served: list[str] = []
    for uid in users:
        while claimed < limit:
            jobs, abandoned = await _claim(pool, uid, sorted(handlers), min(limit - claimed, 20), lease_s)
            failed += abandoned
            if not jobs:
                break
            claimed += len(jobs)
            if uid not in served:
                served.append(uid)
            for job in jobs:
                outcome, error = await _run(pool, job, handlers, retry_delay_s)
                done += outcome == "done"
                failed += outcome == "failed"
                retried += outcome == "pending"
                if error:
                    errors.append((job.id, error))
        if claimed >= limit:
            break
    return ProcessReport(claimed, done, failed, retried, tuple(errors), tuple(served))


async def _claim(
    pool: AsyncConnectionPool, user_id: str, kinds: list[str], limit: int, lease_s: float
) -> tuple[list[Job], int]:
    async with user_transaction(pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(FAIL_ABANDONED, (user_id,))
        abandoned = len(await cur.fetchall())
        if abandoned:
            await cur.execute(UNCOUNT, (abandoned, user_id))
        await cur.execute(CLAIM, {"user_id": user_id, "kinds": kinds, "limit": limit, "lease_s": lease_s})
        rows = await cur.fetchall()
    return [Job(**r) for r in sorted(rows, key=lambda r: r["id"])], abandoned


async def _run(
    pool: AsyncConnectionPool, job: Job, handlers: Mapping[str, JobHandler], retry_delay_s: float
) -> tuple[str | None, str | None]:
    """Run one job and record its outcome; return the new status (None: fenced off) and any error."""
    error: str | None = None
    result: dict[str, Any] | None = None
    try:
        result = await handlers[job.kind](job)
    except Exception as exc:  # any failure of the work is recorded on the job, never lost
        error = f"{type(exc).__name__}: {exc}"[:ERROR_CHARS]
    async with user_transaction(pool, job.user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
        if error is None:
            params = {"id": job.id, "attempts": job.attempts, "result": Jsonb(result or {})}
            await cur.execute(FINISH_DONE, params)
        else:
            params = {"id": job.id, "attempts": job.attempts, "error": error, "retry_delay_s": retry_delay_s}
            await cur.execute(FINISH_FAILED, params)
        row = await cur.fetchone()
        status = row["status"] if row else None
        if status in ("done", "failed"):
            await cur.execute(UNCOUNT, (1, job.user_id))
    return status, error


async def list_jobs(
    pool: AsyncConnectionPool, user_id: str, *, status: str | None = None, limit: int = 50
) -> list[JobInfo]:
    """The user's most recent jobs, newest first, optionally of one status."""
    async with user_transaction(pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(LIST_JOBS, {"user_id": user_id, "status": status, "limit": limit})
        return [JobInfo(**r) for r in await cur.fetchall()]


KNOWN_FACTS = 20  # the user's facts most related to a message that its extraction reads


async def extraction_inputs(facts: FactStore, user_id: str, message: str, *, k: int = KNOWN_FACTS) -> list[FactHit]:
    """The known facts the `extract_turn` job reads for `message`: one search, superseded ones only for a reversal
    ("back to DHL"); the statement preview (`orchestrator/change_preview.py`) reads the same ones."""
    if not message.strip():
        return []
    return await facts.search(user_id, message, k=k, include_superseded=worded_as_reversal(message))


def make_extract_handler(extractor: FactExtractor, facts: FactStore, *, known_facts: int = KNOWN_FACTS) -> JobHandler:
    """The `extract_turn` handler: extract facts from the round and upsert them into `facts`.

    The extractor sees the user's facts most related to the message, so it can mark what changed.
    The round ("session#round") is the facts' source, which makes a retried job count nothing twice.
    """

    async def extract_turn(job: Job) -> dict[str, Any]:
        payload = job.payload
        user_message = str(payload.get("user_message", ""))
        hits = await extraction_inputs(facts, job.user_id, user_message, k=known_facts)
        extracted = await extractor.extract(
            user_message=user_message,
            assistant_message=str(payload.get("assistant_message", "")),
            known_facts=[h.fact.to_dict() for h in hits],
            told=payload.get("told"),
        )
        source = payload.get("source") or f"{payload.get('session_id', '?')}#{payload.get('round', '?')}"
        speaker = payload.get("speaker")  # an imported conversation: facts are about whoever said it
        found = extracted.facts
        if payload.get("told") is False:
            # A turn answered as a request or a question never announced "that replaces ...": it ends nothing, its
            # facts that would replace a known one are left out (the user can still tell the change as news).
            found = [c for c in found if not await facts.would_supersede(job.user_id, c)]
        changes = await facts.upsert(job.user_id, found, source=str(source), speaker=str(speaker) if speaker else None)
        return {
            "facts": [
                {
                    "action": c.action,
                    "id": c.fact.id,
                    "statement": c.fact.statement,
                    "superseded": list(c.superseded),
                }
                for c in changes
            ],
            "model_calls": {EXTRACT_ROLE: 1},
        }

    return extract_turn
