"""A knowledge base of a test's own documents: written to a folder and ingested as a deployment would."""

from __future__ import annotations

from pathlib import Path

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
