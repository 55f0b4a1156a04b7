"""Rows of the memory stream as records, and the validated filter parameters of a search.

Split from `memory.stream`: the mapping from a row of `_search_sql.SEARCH` or `_stream_sql.EXPLAIN` to the
public records, and the checks on a search's filters, shared by its candidate scans.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb

from cognicore.memory.stream_types import KINDS, STATUSES, Kind, MemoryHit, MemoryRecord, Status


def filter_params(
    kinds: Sequence[Kind] | None,
    session_id: str | None,
    since: datetime | None,
    until: datetime | None,
    status: Status | None,
    metadata: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The filter parameters shared by both candidate scans, validated."""
    if metadata is not None and not isinstance(metadata, dict):
        raise ValueError(f"metadata must be a dict of values the memory's metadata contains, got {metadata!r}")
    if kinds is not None:
        unknown = sorted(set(kinds) - set(KINDS))
        if unknown or not kinds:
            raise ValueError(f"kinds must be a non-empty selection of {', '.join(KINDS)}; got {list(kinds)}")
    if status is not None and status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)} or None, got {status!r}")
    for name, moment in (("since", since), ("until", until)):
        if moment is not None and moment.tzinfo is None:
            raise ValueError(f"{name} must be timezone-aware (e.g. datetime.now(UTC)), got {moment!r}")
    return {
        "kinds": list(kinds) if kinds is not None else None,
        "session_filter": session_id,
        "since": since,
        "until": until,
        "status": status,
        "metadata": Jsonb(metadata) if metadata else None,
    }


def record(r: dict[str, Any]) -> MemoryRecord:
    """A row of `EXPLAIN` as a public record."""
    return MemoryRecord(
        id=r["id"],
        kind=r["kind"],
        content=r["content"],
        session_id=r["session_id"],
        importance=r["importance"],
        metadata=r["metadata"],
        source_ids=tuple(r["source_ids"]),
        status=r["status"],
        created_at=r["created_at"],
    )


def hit(r: dict[str, Any]) -> MemoryHit:
    """A row of `SEARCH` as a scored hit."""
    return MemoryHit(
        id=r["id"],
        kind=r["kind"],
        content=r["content"],
        session_id=r["session_id"],
        importance=r["importance"],
        metadata=r["metadata"],
        source_ids=tuple(r["source_ids"]),
        created_at=r["created_at"],
        last_accessed_at=r["last_accessed_at"],
        strength=float(r["strength"]),
        access_count=r["access_count"],
        candidate_count=r["candidate_count"],
        similarity=float(r["similarity"]),
        vector_rank=r["vector_rank"],
        text_rank=r["text_rank"],
        fused=float(r["fused"]),
        recency=float(r["recency"]),
        relevance=float(r["relevance"]),
        score=float(r["score"]),
        in_session=r["in_session"],
        status=r["status"],
    )
