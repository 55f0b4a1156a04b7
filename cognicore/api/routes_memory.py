"""Endpoints for what the user knows and owns: memory, knowledge uploads, credentials, memory jobs."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, File, Path, Query, UploadFile
from pydantic import BaseModel, ConfigDict, Field

from cognicore import service
from cognicore.api.deps import AppDep, UserDep
from cognicore.app import process_memory
from cognicore.users import DataKeys, list_users, set_credential

router = APIRouter(prefix="/v1")

PROVIDERS = ("gemini",)


@router.get("/memory/search", tags=["memory"], summary="Hybrid search of the user's memories and facts")
async def memory_search(
    app: AppDep,
    user: UserDep,
    q: Annotated[str, Query(min_length=1, max_length=2_000, description="What to look for.")],
    k: Annotated[int, Query(ge=1, le=100)] = 10,
) -> dict[str, Any]:
    """Memories and facts, scored (vector + full text)."""
    return await service.memory_search(app, user, q, k=k)


@router.get("/memory/facts", tags=["memory"], summary="The user's facts")
async def memory_facts(app: AppDep, user: UserDep, active: bool = False) -> list[dict[str, Any]]:
    """Current facts only (`active=true`), or the whole history with what superseded what."""
    return await service.memory_facts(app, user, active=active)


@router.get("/memory/categories", tags=["memory"], summary="The user's fact categories")
async def memory_categories(app: AppDep, user: UserDep) -> list[dict[str, Any]]:
    """Each category with its summary."""
    return await service.memory_categories(app, user)


@router.get("/memory/items/{memory_id}/explain", tags=["memory"], summary="Why a memory is believed")
async def memory_explain(memory_id: Annotated[int, Path(ge=1, le=2**62)], app: AppDep, user: UserDep) -> Any:
    """Its provenance tree, down to the source observations."""
    return await service.memory_explain(app, user, memory_id)


@router.get("/memory/stats", tags=["memory"], summary="Counts of the user's memories and facts")
async def memory_stats(app: AppDep, user: UserDep) -> dict[str, Any]:
    """By kind, category and status, oldest and newest."""
    return await service.memory_stats(app, user)


@router.post("/jobs/memory", tags=["jobs"], summary="Drain the user's queued memory work now")
async def memory_jobs(app: AppDep, user: UserDep) -> dict[str, Any]:
    """Fact extraction after each turn and reflection when due (normally run after every reply)."""
    work = await process_memory(app, user_id=user)
    return {"jobs": service.plain(work.jobs), "reflections": work.reflections}


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
