"""A habit told with an adverb in -ly ("I basically live on X") is read as the habit, and a later change naming only
the old thing ("I gave up X", "I quit X") ends it in the real store (round 13: W's 'I quit coffee' kept the old habit
current, read as "The user basicallies live on coffee"). Wordings are not in any held-out or dev set."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.facts import FactStore
from tests.integration.fact_turns import tell


@pytest.mark.parametrize(
    ("first", "change", "old"),
    [
        ("I practically live on energy drinks during launches.", "i quit energy drinks", "energy drinks"),
        ("I honestly survive on green tea most afternoons.", "I stopped drinking green tea", "green tea"),
    ],
)
async def test_a_change_naming_only_the_old_thing_ends_the_habit(
    pool: AsyncConnectionPool, first: str, change: str, old: str
) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    await tell(store, "u-ended-by-name", first, "s1#1")
    told = await store.active("u-ended-by-name")
    # the habit's own verb, not the adverb conjugated ("The user practicallies live on ...")
    assert [f.statement for f in told] and not any("lies " in f.statement for f in told), told
    await tell(store, "u-ended-by-name", change, "s2#1")
    history = await store.history("u-ended-by-name")
    ended = [f for f in history if f.status == "superseded" and old in f.statement.lower()]
    assert ended and all(f.valid_to is not None for f in ended), [(f.statement, f.status) for f in history]
    current = {f.statement for f in await store.active("u-ended-by-name")}
    assert not current & {f.statement for f in told}, current
