"""The memory use cases of the service layer, as the memory-system design names them: ingest a message,
retrieve (tiered), items, context, extract, summarize, and facts as of a moment.

Every function acts as one user: reads and writes go through that user's row-level security.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from psycopg.rows import dict_row

from cognicore.app import App, process_memory
from cognicore.memory import clock
from cognicore.memory.conversation_import import ConversationTurn, import_conversation
from cognicore.memory.tenancy import user_transaction
from cognicore.orchestrator.budget import count_tokens
from cognicore.orchestrator.recollection import planner_memory, recollect
from cognicore.service import plain, user_engine

__all__ = [
    "MemoryKind",
    "ingest_message",
    "memory_context",
    "memory_extract",
    "memory_items",
    "memory_retrieve",
    "memory_summarize",
]

MemoryKind = Literal["observation", "thought", "reflection", "tool_call", "tool_result"]

# Newest first, one page; the user filter also travels as a predicate so each hash partition but one is pruned.
_ITEMS = """
SELECT id, session_id, kind, content, importance, metadata, source_ids, strength, access_count, status, created_at
FROM memories
WHERE user_id = %(user)s AND (%(kind)s::text IS NULL OR kind = %(kind)s)
  AND (%(session)s::text IS NULL OR session_id = %(session)s) AND (%(archived)s OR status = 'active')
  AND (%(before)s::bigint IS NULL OR id < %(before)s)
ORDER BY id DESC LIMIT %(limit)s"""


async def ingest_message(
    app: App,
    user: str,
    text: str,
    *,
    speaker: str = "user",
    session: str | None = None,
    at: datetime | None = None,
    extract: bool = True,
) -> dict[str, Any]:
    """Store one message (said by the user, or someone else by name) as an observation; queue fact extraction."""
    turn = ConversationTurn(
        speaker=speaker, text=text, timestamp=at or clock.now(), session=session, message_id=f"api:{uuid.uuid4().hex}"
    )
    report = await import_conversation(app.pool, app.memory.stream, user, [turn], source="api", extract=extract)
    return {"stored": report.stored, "jobs": report.jobs, "speaker": speaker, "at": turn.timestamp.isoformat()}


async def memory_retrieve(app: App, user: str, query: str, *, session: str = "", budget: int | None = None) -> Any:
    """Tiered recall for `query`, exactly what a run would recall: category summaries, facts, episodes."""
    tokens = budget or app.settings.memory_tokens
    return plain(await recollect(app.memory, user_id=user, session_id=session, request=query, budget=tokens))


async def memory_context(app: App, user: str, query: str, *, session: str = "", budget: int | None = None) -> Any:
    """The memory text an agent's prompt would get for `query` (the planner's block), and its tiers."""
    recalled = await memory_retrieve(app, user, query, session=session, budget=budget)
    text = planner_memory(recalled)
    return {"text": text, "tokens": count_tokens(text) if text else 0, "recalled": recalled}


async def memory_items(
    app: App,
    user: str,
    *,
    kind: MemoryKind | None = None,
    session: str | None = None,
    include_archived: bool = False,
    before: int | None = None,
    limit: int = 50,
) -> dict[str, Any]:
    """A page of the user's memory stream, newest first; `next_before` fetches the next page."""
    params = {
        "user": user,
        "kind": kind,
        "session": session,
        "archived": include_archived,
        "before": before,
        "limit": limit,
    }
    async with user_transaction(app.pool, user) as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(_ITEMS, params)
        rows = await cur.fetchall()
    return {"items": plain(rows), "next_before": rows[-1]["id"] if len(rows) == limit else None}


async def memory_extract(app: App, user: str) -> dict[str, Any]:
    """Run the user's queued fact extraction now (normally done after each reply, or by the worker)."""
    engine = await user_engine(app, user)
    work = await process_memory(app, user_id=user, reflect=False, roles=None if engine is None else engine.roles)
    return {"jobs": plain(work.jobs)}


async def memory_summarize(app: App, user: str) -> dict[str, Any]:
    """Rewrite the user's category summaries and reflect on recent memories now, whatever the threshold."""
    engine = await user_engine(app, user)
    work = await process_memory(
        app, user_id=user, force_reflection=True, roles=None if engine is None else engine.roles
    )
    categories = await app.memory.facts.refresh_categories(user)
    return {"categories": plain(categories), "reflections": work.reflections, "jobs": plain(work.jobs)}
