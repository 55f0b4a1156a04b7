"""Changes in shapes of the second memory round (issue 9.4) supersede the older fact in the real store."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore

U = "jana"


async def _say(store: FactStore, text: str, source: str) -> None:
    extracted = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=[])
    assert extracted.facts, f"nothing extracted from {text!r}"
    await store.upsert(U, extracted.facts, source=source)


@pytest.mark.parametrize(
    ("first", "change", "old", "new"),
    [
        # the end of a responsibility read from the other side ("Acme account handled_by the user")
        ("I manage the Acme account.", "FYI I no longer manage the Acme account, Priya took it over in October.",
         "user", "no longer"),
        ("im on the night shift this month", "i switched to the early shift last monday", "night", "early"),
        ("Tomas is on call this week.", "Tomas swapped with Ingrid, so Ingrid is on call now.", "Tomas", "Ingrid"),
    ],
)  # fmt: skip
async def test_a_change_in_a_new_shape_supersedes_the_old_fact(
    pool: AsyncConnectionPool, first: str, change: str, old: str, new: str
) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await _say(store, first, "s1#1")
    await _say(store, change, "s2#1")
    history = await store.history(U)
    before = [f for f in history if old.lower() in f.object.lower() and f.status == "superseded"]
    assert before and all(f.valid_to is not None for f in before), [(f.statement, f.status) for f in history]
    active = await store.active(U)
    assert any(new.lower() in f.statement.lower() for f in active), [f.statement for f in active]
    assert not {b.statement for b in before} & {f.statement for f in active}
