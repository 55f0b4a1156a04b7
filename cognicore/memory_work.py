"""Memory work outside a reply: draining extraction jobs, reflecting, sleeping, and re-embedding every vector."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from psycopg.rows import dict_row

from cognicore.memory.embeddings import (
    finish_vector_columns,
    record_embedding_model,
    recorded_dims,
    resize_vector_columns,
)
from cognicore.memory.jobs import EXTRACT_TURN, ProcessReport, make_extract_handler, process
from cognicore.memory.lifecycle import SleepReport, sleep_phase
from cognicore.memory.reflection import reflect_if_due
from cognicore.models import Roles

if TYPE_CHECKING:
    from cognicore.app import App


@dataclass(frozen=True)
class MemoryWork:
    """What post-reply memory work did: extraction jobs processed and reflections written."""

    jobs: ProcessReport
    reflections: list[int]
    sleep: SleepReport | None = None


async def process_memory(
    app: App,
    *,
    user_id: str | None = None,
    reflect: bool = True,
    force_reflection: bool = False,
    roles: Roles | None = None,
) -> MemoryWork:
    """Drain queued fact extraction (one user's, or everyone's) and reflect when enough has happened.

    Runs after a reply is shown, so it never delays it; jobs are durable, so a process that stops first
    leaves them for the next call (or `cognicore memory process`).
    """
    roles = roles or app.roles  # a user's own model (see `ChatEngine`) extracts and reflects for that user
    handlers = {EXTRACT_TURN: make_extract_handler(roles.extractor, app.memory.facts)}
    # Everyone's: the owner lists the users with work (the application role sees only its current user's row
    # of `memory_job_users`); each user's jobs still run acting as that user.
    report = await process(app.pool if user_id is not None else app.admin_pool, handlers, user_id=user_id)
    reflections: list[int] = []
    if reflect and user_id is not None:
        reflections = await reflect_if_due(
            app.memory.stream,
            roles.reflector,
            user_id,
            pool=app.pool,
            threshold=app.settings.reflect_threshold,
            force=force_reflection,
        )
    slept = None
    if user_id is not None and app.settings.memory_sleep_after_task:
        # The sleep phase after a task (seed 002): decay, promotion, archive, capacity; the schedule covers the rest.
        slept = await sleep_phase(app.pool, user_id=user_id, config=app.settings.memory_lifecycle)
    return MemoryWork(report, reflections, slept)


# Every user with anything to re-embed that this connection may list: runs, workflows and the job
# index are not under forced row-level security; the memory tables add their users when the connecting
# role may see them all (a superuser, like the embedded server's).
_KNOWN_USERS = """
SELECT user_id FROM runs UNION SELECT user_id FROM workflows UNION SELECT user_id FROM memory_job_users
UNION SELECT user_id FROM memories UNION SELECT user_id FROM facts ORDER BY 1
"""


@dataclass(frozen=True)
class ReembedReport:
    """How many vectors `reembed_all` rewrote, per store."""

    chunks: int
    workflow_triggers: int
    memories: int
    facts: int
    users: int


async def reembed_all(app: App, *, on_progress: Callable[[str], None] | None = None) -> ReembedReport:
    """Re-embed every stored vector with the configured model, then record that model.

    A model of another dimension first resizes (and empties) every embedding column (the owner's work).
    Each store commits batch by batch, so an interrupted run can simply be started again.
    """
    say = on_progress or (lambda _what: None)
    dims = app.models.embedding_dims
    resized = await resize_vector_columns(app.admin_pool, old_dims=await recorded_dims(app.admin_pool), dims=dims)
    if resized:
        say(f"{len(resized)} embedding columns resized to {dims} dimensions")
    say("knowledge base")
    chunks = await app.knowledge.reembed()
    # The owner lists every user; the application role would see only the rows no policy hides.
    async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_KNOWN_USERS)
        users = [r["user_id"] for r in await cur.fetchall()]
    memories = facts = triggers = 0
    for user in users:
        say(f"memories and workflow triggers of {user}")
        memories += await app.memory.stream.reembed_user(user)
        facts += await app.memory.facts.reembed_user(user)
        triggers += await app.workflows.reembed_user(user)
    await finish_vector_columns(app.admin_pool, dims)
    await record_embedding_model(app.pool, app.models.embedding_name, dims)
    return ReembedReport(chunks, triggers, memories, facts, len(users))
