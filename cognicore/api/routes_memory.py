"""Endpoints for what the user knows and owns: memory, knowledge uploads, credentials, memory jobs."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, File, Path, Query, UploadFile
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from cognicore import service, service_memory
from cognicore.api.deps import AppDep, UserDep
from cognicore.api.routes import SessionId
from cognicore.users import DataKeys, delete_credential, list_users, set_credential

router = APIRouter(prefix="/v1")

PROVIDERS = ("gemini",)


@router.get("/memory/search", tags=["memory"], summary="Hybrid search of the user's memories and facts")
async def memory_search(
    app: AppDep,
    user: UserDep,
    q: Annotated[str, Query(min_length=1, max_length=2_000, description="What to look for.")],
    k: Annotated[int, Query(ge=1, le=100)] = 10,
    speaker: Annotated[str | None, Query(max_length=64, description="Only what this speaker said.")] = None,
    session: Annotated[str | None, Query(max_length=128, description="Only this session.")] = None,
    as_of: Annotated[datetime | None, Query(description="Search as of this time (recency from then).")] = None,
    archived: Annotated[bool, Query(description="Also find archived memories (default: active only).")] = False,
) -> dict[str, Any]:
    """Memories and facts, scored (vector + full text); the `memory search --json` object."""
    return await service_memory.memory_search(
        app, user, q, k=k, speaker=speaker, session=session, as_of=as_of, include_archived=archived
    )


@router.get("/memory/facts", tags=["memory"], summary="The user's facts, now or as of a moment")
async def memory_facts(
    app: AppDep,
    user: UserDep,
    active: bool = False,
    as_of: Annotated[datetime | None, Query(description="Facts that held then (ISO 8601; UTC if no zone).")] = None,
) -> list[dict[str, Any]]:
    """Current facts only (`active=true`), those valid at `as_of`, or the whole history with what superseded what."""
    return await service_memory.memory_facts(app, user, active=active, as_of=as_of)


class MessageBody(BaseModel):
    """One message to remember; fact extraction is queued for it (see POST /v1/memory/extract)."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=20_000, pattern=r"\S", description="What was said.")
    speaker: str = Field(
        "user", min_length=1, max_length=64, pattern=r"\S", description="Who said it: `user`, or a name."
    )
    session: SessionId | None = Field(None, description="The conversation it belongs to.")
    at: AwareDatetime | None = Field(None, description="When it was said (default: now).")
    extract: bool = Field(True, description="Queue fact extraction for it.")


@router.post("/memory/messages", tags=["memory"], summary="Ingest a message into the user's memory")
async def ingest_message(body: MessageBody, app: AppDep, user: UserDep) -> dict[str, Any]:
    """Stored as an observation with its speaker and time; facts are extracted after (queued)."""
    return await service_memory.ingest_message(
        app, user, body.text, speaker=body.speaker, session=body.session, at=body.at, extract=body.extract
    )


Query_ = Annotated[str, Query(min_length=1, max_length=2_000, description="The request to recall for.")]
SESSION_OR_EMPTY = r"^([A-Za-z0-9][A-Za-z0-9_.:-]*)?$"
SessionQuery = Annotated[
    str,
    Query(max_length=128, pattern=SESSION_OR_EMPTY, description="Its session: this session's episodes rank first."),
]
Budget = Annotated[int | None, Query(ge=1, le=32_000, description="Token budget (default COGNICORE_MEMORY_TOKENS).")]


@router.get("/memory/retrieve", tags=["memory"], summary="Tiered recall: summaries, facts, episodes")
async def memory_retrieve(
    app: AppDep, user: UserDep, q: Query_, session: SessionQuery = "", budget: Budget = None
) -> Any:
    """What a run recalls for this request: category summaries, then matching facts, then episodes, in budget."""
    return await service_memory.memory_retrieve(app, user, q, session=session, budget=budget)


@router.get("/memory/context", tags=["memory"], summary="The memory text an agent prompt would get")
async def memory_context(
    app: AppDep, user: UserDep, q: Query_, session: SessionQuery = "", budget: Budget = None
) -> Any:
    """The recalled tiers as the one text block the planner reads, with its token count."""
    return await service_memory.memory_context(app, user, q, session=session, budget=budget)


@router.get("/memory/items", tags=["memory"], summary="The user's memory stream, newest first")
async def memory_items(
    app: AppDep,
    user: UserDep,
    kind: service_memory.MemoryKind | None = None,
    session: Annotated[str | None, Query(max_length=128, pattern=SESSION_OR_EMPTY)] = None,
    archived: Annotated[bool, Query(description="Include archived memories.")] = False,
    before: Annotated[int | None, Query(ge=1, le=2**62, description="Only ids below this (paging).")] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> dict[str, Any]:
    """One page; pass `next_before` as `before` for the next."""
    return await service_memory.memory_items(
        app, user, kind=kind, session=session, include_archived=archived, before=before, limit=limit
    )


@router.post("/memory/extract", tags=["memory"], summary="Extract facts from the user's queued messages now")
async def memory_extract(app: AppDep, user: UserDep) -> dict[str, Any]:
    """Runs the queued extraction jobs of this user (normally after each reply, or by the worker)."""
    return await service_memory.memory_extract(app, user)


@router.post("/memory/summarize", tags=["memory"], summary="Summarize: category summaries and a reflection now")
async def memory_summarize(app: AppDep, user: UserDep) -> dict[str, Any]:
    """Extraction first, then a reflection whatever the threshold, then every category summary rewritten."""
    return await service_memory.memory_summarize(app, user)


@router.get("/memory/categories", tags=["memory"], summary="The user's fact categories")
async def memory_categories(app: AppDep, user: UserDep) -> list[dict[str, Any]]:
    """Each category with its summary."""
    return await service_memory.memory_categories(app, user)


@router.get("/memory/items/{memory_id}/explain", tags=["memory"], summary="Why a memory is believed")
async def memory_explain(memory_id: Annotated[int, Path(ge=1, le=2**62)], app: AppDep, user: UserDep) -> Any:
    """Its provenance tree, down to the source observations."""
    return await service_memory.memory_explain(app, user, memory_id)


@router.get("/memory/stats", tags=["memory"], summary="Counts of the user's memories and facts")
async def memory_stats(app: AppDep, user: UserDep) -> dict[str, Any]:
    """By kind, category and status, oldest and newest."""
    return await service_memory.memory_stats(app, user)


@router.post("/jobs/memory", tags=["jobs"], summary="Drain the user's queued memory work now")
async def memory_jobs(app: AppDep, user: UserDep) -> dict[str, Any]:
    """Fact extraction after each turn and reflection when due (normally run after every reply)."""
    return await service.drain_memory(app, user)


@router.post("/knowledge", tags=["knowledge"], summary="Upload a Markdown or text document")
async def upload(app: AppDep, user: UserDep, file: Annotated[UploadFile, File()]) -> dict[str, Any]:
    """Added, replaced or unchanged; the knowledge base is shared by all users. Size limit: see README."""
    return await service.upload_document(app, user, file.filename or "", await file.read())


@router.get("/knowledge", tags=["knowledge"], summary="The documents of the knowledge base")
async def documents(app: AppDep, user: UserDep) -> list[dict[str, Any]]:
    """Every document with its chunk count, by source."""
    return await service.list_documents(app)


class CredentialBody(BaseModel):
    """A model credential of the user's own; stored encrypted (AES-256-GCM), never returned."""

    model_config = ConfigDict(extra="forbid")

    secret: str = Field(min_length=1, max_length=4_096)


@router.get("/me", tags=["me"], summary="Who the API key belongs to")
async def me(app: AppDep, user: UserDep) -> dict[str, Any]:
    """The user's name and the providers it has stored credentials for (never the secrets)."""
    info = next(u for u in await list_users(app.pool) if u.name == user)
    return {"user": user, "created_at": info.created_at.isoformat(), "credentials": info.credentials}


@router.put("/me/credentials/{provider}", tags=["me"], summary="Store the user's own model credential")
async def put_credential(
    provider: Annotated[str, Path(pattern="^(gemini)$")], body: CredentialBody, app: AppDep, user: UserDep
) -> dict[str, Any]:
    """Sealed with the server's data key (COGNICORE_DATA_KEY)."""
    await set_credential(app.pool, DataKeys.from_settings(app.settings), user, provider, body.secret)
    return {"user": user, "provider": provider, "stored": True}


@router.delete("/me/credentials/{provider}", tags=["me"], summary="Forget the user's own model credential")
async def remove_credential(
    provider: Annotated[str, Path(pattern="^(gemini)$")], app: AppDep, user: UserDep
) -> dict[str, Any]:
    """The user's requests go back to the deployment's model at once."""
    return {"user": user, "provider": provider, "removed": await delete_credential(app.pool, user, provider)}
