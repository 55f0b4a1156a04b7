"""What goes into the memory stream and what comes out of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, get_args

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "KINDS",
    "STATUSES",
    "Kind",
    "MemoryHit",
    "MemoryNode",
    "MemoryRecord",
    "MemoryStats",
    "Neighbor",
    "NewMemory",
    "Status",
]

Kind = Literal["observation", "thought", "reflection", "tool_call", "tool_result"]
Status = Literal["active", "archived"]
KINDS: tuple[str, ...] = get_args(Kind)
STATUSES: tuple[str, ...] = get_args(Status)


class NewMemory(BaseModel):
    """A memory to store: what happened or was thought, how important, and where it came from."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    content: str
    kind: Kind = "observation"
    importance: int = Field(3, ge=1, le=10, description="1 (mundane) .. 10 (life-changing).")
    session_id: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    source_ids: tuple[int, ...] = Field((), description="The memories this one was derived from.")
    embedding: Any = Field(None, description="A precomputed embedding; None: `MemoryStream.add` embeds it.")
    created_at: datetime | None = Field(None, description="When it happened; None: now. Timezone-aware.")
    source: Literal["task", "education", "manual"] = Field(
        "task", description="Where it came from; its initial strength depends on it (education: only read)."
    )

    @field_validator("content")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a memory needs some content")
        return value

    @field_validator("embedding")
    @classmethod
    def _as_vector(cls, value: Any) -> np.ndarray | None:
        if value is None:
            return None
        vector = np.asarray(value, dtype=np.float32)
        if vector.ndim != 1 or not np.isfinite(vector).all():
            raise ValueError("an embedding is one flat list of finite numbers")
        return vector

    @field_validator("created_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("created_at must be timezone-aware (e.g. datetime.now(UTC))")
        return value


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """One stored memory, as `explain` shows it."""

    id: int
    kind: str
    content: str
    session_id: str | None
    importance: int
    metadata: dict[str, Any]
    source_ids: tuple[int, ...]
    status: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class MemoryNode:
    """A memory and the memories it was derived from (empty for an observation)."""

    memory: MemoryRecord
    sources: tuple[MemoryNode, ...]


@dataclass(frozen=True, slots=True)
class MemoryHit:
    """A search result: the memory, how each list ranked it, and its score's components."""

    id: int
    kind: str
    content: str
    session_id: str | None
    importance: int
    metadata: dict[str, Any]
    source_ids: tuple[int, ...]
    created_at: datetime
    last_accessed_at: datetime | None
    strength: float
    access_count: int
    candidate_count: int
    similarity: float
    """Cosine similarity of the memory to the query."""
    vector_rank: int | None
    text_rank: int | None
    fused: float
    """Reciprocal Rank Fusion score."""
    recency: float
    relevance: float
    score: float
    in_session: bool
    status: str = "active"
    """`active`, or `archived` when the search included the archive (`status=None`)."""


@dataclass(frozen=True, slots=True)
class Neighbor:
    """A memory id and its cosine similarity to a query vector."""

    id: int
    similarity: float


@dataclass(frozen=True, slots=True)
class MemoryStats:
    """How many memories a user has, by kind and by status, and the time span they cover."""

    user_id: str
    total: int
    by_kind: dict[str, int]
    by_status: dict[str, int]
    oldest: datetime | None
    newest: datetime | None
