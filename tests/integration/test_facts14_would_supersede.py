"""`FactStore.would_supersede` reports, without writing, exactly what `upsert` then supersedes."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor
from cognicore.memory.facts import FactStore

USER = "m21-preview"


async def _read(store: FactStore, text: str) -> list[FactCandidate]:
    known = [f.to_dict() for f in await store.active(USER)]
    extracted = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=known)
    return list(extracted.facts)


@pytest.mark.parametrize(
    ("first", "second", "ends"),
    [
        ("I mostly drink tea", "these days I drink coffee, not tea", True),
        ("My desk is on floor 3", "My desk is on floor 6 now", True),
        ("My desk is on floor 3", "I might move up to floor 5 one day", False),
        ("I'm on the early shift", "I'm on the early shift, same as before", False),
    ],
)
async def test_the_preview_and_the_write_agree(pool: AsyncConnectionPool, first: str, second: str, ends: bool) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await store.upsert(USER, await _read(store, first), source="s#1")
    before = {f.id for f in await store.active(USER)}
    candidates = await _read(store, second)
    previewed = {f.id for c in candidates for f in await store.would_supersede(USER, c)}
    assert {f.id for f in await store.active(USER)} == before  # nothing written by the preview
    changes = await store.upsert(USER, candidates, source="s#2")
    superseded = {i for change in changes for i in change.superseded}
    assert previewed == superseded
    assert bool(superseded) is ends
