"""A named person taking over what the user handles, named in a shorter form ("Lina took over the Nordics" after "I
look after the Nordic partners"), ends the user's fact in the real store (round 13: W's "Jonas took over Europe" left
"The user is responsible for European accounts" current); another thing taken over ends nothing. Wordings are our
own."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.facts import FactStore
from tests.integration.fact_turns import tell


@pytest.mark.parametrize(
    ("first", "change", "ended"),
    [
        ("I look after the Nordic partners.", "Lina took over the Nordics last week.", True),
        ("I handle the Canadian resellers.", "heads up, Marcus took over Canada", True),
        ("I look after the Nordic partners.", "Lina took over the Baltic partners last week.", False),
    ],
)
async def test_a_takeover_of_what_the_user_handles_ends_it(
    pool: AsyncConnectionPool, first: str, change: str, ended: bool
) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    user = f"u-takeover-{abs(hash(change)) % 10_000}"
    await tell(store, user, first, "s1#1")
    await tell(store, user, change, "s2#1")
    history = await store.history(user)
    mine = [f for f in history if f.statement.startswith("The user is responsible")]
    assert mine, [(f.statement, f.status) for f in history]
    assert (mine[0].status == "superseded") is ended, [(f.statement, f.status) for f in history]
