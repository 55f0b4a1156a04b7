"""The keyword stage reads only its user's matches (migration TEXT_HITS_BM25_USER_TERMS) on a real PostgreSQL.

A hash partition holds several users. `tsv @@ q` matched every user's rows there, and each was fetched from the
heap only to be dropped by the user filter; the GIN index now holds each row's user as a term, and the query
asks for it, so a neighbour's thousand matching rows cost the keyword stage nothing.
"""

from __future__ import annotations

from typing import Any

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_transaction

HITS = "SELECT id, rank FROM memory_text_hits(%s, %s::text[], 40, NULL, NULL, NULL, NULL, 'active', NULL) ORDER BY rank"


async def neighbours(pool: AsyncConnectionPool, stream: MemoryStream) -> tuple[str, str]:
    """Two users whose memories land in the same hash partition (one memory each stored to find out)."""
    users = [f"tenant{i}" for i in range(40)]
    for user in users:
        await stream.add(user, [NewMemory(content="hello")])
    async with pool.connection() as conn:
        rows = await fetch_dicts(conn, "SELECT user_id, tableoid::regclass::text AS part FROM memories")
    by_part: dict[str, list[str]] = {}
    for row in rows:
        by_part.setdefault(row["part"], []).append(row["user_id"])
    first, second = next(sorted(u) for u in by_part.values() if len(u) > 1)[:2]
    return first, second


async def keyword_call(pool: AsyncConnectionPool, user: str, words: list[str]) -> tuple[list[Any], int]:
    """The user's keyword hits, and the shared buffers the call touched (hits and reads)."""
    async with user_transaction(pool, user) as conn:
        hits = await fetch_dicts(conn, HITS, (user, words))
        plan = await fetch_dicts(conn, "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + HITS, (user, words))
    top = plan[0]["QUERY PLAN"][0]["Plan"]
    return hits, top.get("Shared Hit Blocks", 0) + top.get("Shared Read Blocks", 0)


async def test_a_neighbours_matches_cost_the_keyword_stage_nothing(pool: AsyncConnectionPool) -> None:
    stream = MemoryStream(pool, OfflineEmbeddings())
    alice, bob = await neighbours(pool, stream)
    words = ["courier", "invoice", "refund"]
    texts = [f"the courier lost invoice {i} before the refund" for i in range(3)]
    mine = await stream.add(alice, [NewMemory(content=t) for t in texts])
    hits, alone = await keyword_call(pool, alice, words)
    assert [h["id"] for h in hits] == sorted(mine, reverse=True)  # equal scores: the newer first

    # Bob, in the same partition, gets 1,200 memories with the same words (about 300 heap pages of rows).
    await stream.add(bob, [NewMemory(content=f"courier invoice refund batch {i}") for i in range(1200)])
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")
    hits_after, crowded = await keyword_call(pool, alice, words)
    assert hits_after == hits
    # Fetching bob's rows only to drop them touched 491 buffers here (the function before this migration, 54 before
    # bob's rows); the index leaves them out: 117 (the statistics now exist, and the GIN pages of the user's term).
    assert crowded < 250, (alone, crowded)
    bob_hits, _ = await keyword_call(pool, bob, words)
    assert len(bob_hits) == 40 and not {h["id"] for h in bob_hits} & set(mine)
