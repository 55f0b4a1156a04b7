"""Import a multi-speaker conversation log into a user's memory: one episodic memory per turn.

Each turn keeps its own time (`created_at`, so recency and `as_of` follow the conversation's clock), its
speaker, session and message id (in metadata, so `search(metadata={"speaker": ...})` filters on them), and
queues an `extract_turn` job whose facts are attributed to that speaker and cite that message as source.
Re-importing the same file adds nothing: turns whose message id the user already has are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.jobs import EXTRACT_TURN, enqueue
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import check_user_id, user_transaction

__all__ = ["ConversationFileError", "ConversationTurn", "ImportReport", "import_conversation", "read_conversation"]

KNOWN_IDS = """
SELECT coalesce(array_agg(metadata->>'message_id'), '{}') AS ids FROM memories
WHERE user_id = %(user_id)s AND metadata->>'message_id' = ANY(%(ids)s)"""


class ConversationFileError(MemoryStoreError, ValueError):
    """A conversation file that cannot be read as turns; the message names the line or field."""


class ConversationTurn(BaseModel):
    """One turn of an imported conversation (a line of JSONL, or an item of a JSON list)."""

    model_config = ConfigDict(frozen=True, populate_by_name=True, extra="ignore")

    speaker: str = Field(min_length=1)
    text: str = Field(min_length=1)
    timestamp: datetime = Field(description="When it was said; a time without zone is taken as UTC.")
    session: str | None = Field(None, alias="session_id")
    message_id: str | None = Field(None, alias="id")

    @field_validator("timestamp")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)

    @field_validator("speaker", "text")
    @classmethod
    def _stripped(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value.strip()


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: memories stored, turns skipped as already imported, extraction jobs queued."""

    stored: int
    skipped: int
    jobs: int
    speakers: tuple[str, ...]
    first: datetime | None
    last: datetime | None


def read_conversation(path: Path) -> list[ConversationTurn]:
    """The turns of a JSON file (a list, or an object with `turns` or `messages`) or a JSONL file."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConversationFileError(f"cannot read {path}: {exc.strerror or exc}") from exc
    items: list[tuple[str, Any]]
    stripped = raw.lstrip()
    if stripped.startswith("[") or (stripped.startswith("{") and path.suffix.lower() == ".json"):
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ConversationFileError(f"{path} is not valid JSON: {exc}") from exc
        if isinstance(data, dict):
            data = data.get("turns", data.get("messages"))
        if not isinstance(data, list):
            raise ConversationFileError(
                f"{path}: expected a list of turns, or an object with a `turns` or `messages` list"
            )
        items = [(f"item {i + 1}", item) for i, item in enumerate(data)]
    else:
        items = []
        for n, line in enumerate(raw.splitlines(), start=1):
            if line.strip():
                try:
                    items.append((f"line {n}", json.loads(line)))
                except json.JSONDecodeError as exc:
                    raise ConversationFileError(f"{path}, line {n}: not valid JSON ({exc.msg})") from exc
    turns = []
    for where, item in items:
        try:
            turns.append(ConversationTurn.model_validate(item))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'turn'}: {e['msg']}" for e in exc.errors())
            raise ConversationFileError(
                f"{path}, {where}: {problems} (each turn needs speaker, text and timestamp; session and "
                "message_id are optional)"
            ) from exc
    return turns


async def import_conversation(
    pool: AsyncConnectionPool,
    stream: MemoryStream,
    user_id: str,
    turns: Sequence[ConversationTurn],
    *,
    source: str = "import",
    extract: bool = True,
) -> ImportReport:
    """Store `turns` as observations of `user_id` and queue fact extraction for each (see module doc)."""
    check_user_id(user_id)
    ids = [t.message_id or f"{source}:{t.session or 'conversation'}:{i}" for i, t in enumerate(turns)]
    if len(set(ids)) != len(ids):
        dupes = sorted({i for i in ids if ids.count(i) > 1})[:5]
        raise ConversationFileError(f"message ids must be unique within a conversation; repeated: {', '.join(dupes)}")
    async with user_transaction(pool, user_id) as conn:
        [row] = await fetch_dicts(conn, KNOWN_IDS, {"user_id": user_id, "ids": ids})
    known = set(row["ids"])
    new = [(mid, t) for mid, t in zip(ids, turns, strict=True) if mid not in known]
    items = [
        NewMemory(
            content=f"{t.speaker}: {t.text}",
            kind="observation",
            session_id=t.session,
            created_at=t.timestamp,
            metadata={"speaker": t.speaker, "message_id": mid, "session": t.session, "source": source},
        )
        for mid, t in new
    ]
    await stream.add(user_id, items)
    jobs = 0
    if extract and new:
        async with user_transaction(pool, user_id) as conn:
            for mid, t in new:
                payload = {"user_message": t.text, "assistant_message": "", "source": mid, "speaker": t.speaker}
                await enqueue(conn, user_id=user_id, kind=EXTRACT_TURN, payload={**payload, "session_id": t.session})
                jobs += 1
    times = [t.timestamp for _, t in new]
    return ImportReport(
        stored=len(items),
        skipped=len(turns) - len(new),
        jobs=jobs,
        speakers=tuple(dict.fromkeys(t.speaker for _, t in new)),
        first=min(times, default=None),
        last=max(times, default=None),
    )
