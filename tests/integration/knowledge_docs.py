"""A knowledge base of a test's own documents: written to a folder and ingested as a deployment would."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase


async def knowledge_of(pool: AsyncConnectionPool, folder: Path, docs: dict[str, str]) -> KnowledgeBase:
    """The offline knowledge base with `docs` (file name -> text) written into `folder` and ingested."""
    for name, text in docs.items():
        (folder / name).write_text(text)
    kb = KnowledgeBase(pool, OfflineEmbeddings())
    await kb.ingest_paths([folder])
    return kb


def knowledge_fixture(docs: dict[str, str]) -> Callable[[AsyncConnectionPool, Path], Awaitable[KnowledgeBase]]:
    """A test module's `knowledge` fixture: `knowledge = knowledge_fixture({"fares.md": FARES})` gives each test the
    offline knowledge base of those documents, ingested afresh in its own folder."""

    @pytest.fixture(name="knowledge")
    async def knowledge(pool: AsyncConnectionPool, tmp_path: Path) -> KnowledgeBase:
        return await knowledge_of(pool, tmp_path, docs)

    return knowledge
