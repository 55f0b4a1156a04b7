"""The memory use cases of the service layer, as the memory-system design names them: ingest a message,
retrieve (tiered), items, context, extract, summarize, search, facts as of a moment, explain, categories, stats.

Every function acts as one user: reads and writes go through that user's row-level security. The reads that
need only the stores take `App | MemoryStores`, so the memory CLI (which opens the lighter `Memory` SDK object)
calls the very functions the endpoints call.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App, process_memory
from cognicore.memory import clock
from cognicore.memory.conversation_import import ConversationTurn, import_conversation
from cognicore.memory.facts import FactStore
from cognicore.memory.lifecycle_stats import lifecycle_stats
from cognicore.memory.stream import MemoryStream
from cognicore.memory.tenancy import user_transaction
from cognicore.orchestrator.budget import count_tokens
from cognicore.orchestrator.recollection import planner_memory, recollect
from cognicore.service import plain, user_engine
from cognicore.service_errors import NotFound

__all__ = [
    "MemoryKind",
    "MemoryStores",
    "ingest_message",
    "memory_categories",
    "memory_context",
    "memory_explain",
    "memory_extract",
    "memory_facts",
    "memory_items",
    "memory_retrieve",
    "memory_search",
    "memory_stats",
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


@dataclass(frozen=True, slots=True)
class MemoryStores:
    """What a memory read needs: the application's stores, or the lighter `Memory` SDK's (the memory CLI)."""

    pool: AsyncConnectionPool
    stream: MemoryStream
    facts: FactStore


def _stores(source: App | MemoryStores) -> MemoryStores:
    if isinstance(source, MemoryStores):
        return source
    return MemoryStores(source.memory.pool, source.memory.stream, source.memory.facts)


async def memory_search(
    source: App | MemoryStores,
    user: str,
    query: str,
    *,
    k: int = 10,
    speaker: str | None = None,
    session: str | None = None,
    as_of: datetime | None = None,
    include_archived: bool = False,
) -> dict[str, Any]:
    """Hybrid search of the user's memory stream (active only unless `include_archived`) and facts."""
    stores = _stores(source)
    memories = await stores.stream.search(
        user,
        query,
        k=k,
        metadata={"speaker": speaker} if speaker else None,
        session_id=session,
        as_of=_aware(as_of),
        status=None if include_archived else "active",
    )
    facts = await stores.facts.search(user, query, k=k)
    return {"memories": plain(memories), "facts": plain(facts)}


def _aware(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment


async def memory_facts(
    source: App | MemoryStores, user: str, *, active: bool = False, as_of: datetime | None = None
) -> list[dict[str, Any]]:
    """The user's facts: current ones, the whole history, or those that held at `as_of` (UTC if no zone)."""
    facts = _stores(source).facts
    if as_of is not None:
        found = await facts.as_of(user, _aware(as_of) or as_of)
    else:
        found = await (facts.active(user) if active else facts.history(user))
    return [f.to_dict() for f in found]


async def memory_explain(source: App | MemoryStores, user: str, memory_id: int) -> Any:
    """A memory's provenance tree, down to its source observations."""
    node = await _stores(source).stream.explain(user, memory_id)
    if node is None:
        raise NotFound(
            f"User {user!r} has no memory {memory_id}; see `cognicore memory search` or GET /v1/memory/search."
        )
    return plain(node)


async def memory_stats(source: App | MemoryStores, user: str) -> dict[str, Any]:
    """Counts by kind, category and status of the user's memories and facts, and the lifecycle metrics."""
    stores = _stores(source)
    life = await lifecycle_stats(stores.pool, user)
    lifecycle: dict[str, Any] = plain(life)
    for view, p in zip(lifecycle["perspectives"], life.perspectives, strict=True):
        view["hit_rate"], view["candidates_per_use"] = p.hit_rate, p.candidates_per_use
    return {
        "user": user,
        "memories": plain(await stores.stream.stats(user)),
        "facts": plain(await stores.facts.stats(user)),
        "lifecycle": lifecycle,
    }


async def memory_categories(source: App | MemoryStores, user: str) -> list[dict[str, Any]]:
    """The user's fact categories with their summaries."""
    return list(plain(await _stores(source).facts.categories(user)))
