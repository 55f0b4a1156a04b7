"""The memory stream's keyword stage (`memory_text_hits`, memory/_keyword_sql.py) on a real PostgreSQL."""

from __future__ import annotations

import random

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_transaction

U = "alice"
WORDS = "battery firmware refund warranty courier invoice bundle coupon pallet carrier".split()


async def keyword_hits(pool: AsyncConnectionPool, words: list[str], limit: int = 40) -> list[dict[str, object]]:
    async with user_transaction(pool, U) as conn:
        cur = await conn.execute(
            "SELECT id, rank, score FROM memory_text_hits(%s, %s::text[], %s, NULL, NULL, NULL, NULL, 'active', NULL) "
            "ORDER BY rank",
            (U, words, limit),
        )
        return await cur.fetchall()


async def test_a_rare_word_missing_from_the_statistics_does_not_empty_the_keyword_stage(
    pool: AsyncConnectionPool,
) -> None:
    # A small vocabulary: after ANALYZE every word is a "most common element" with a high frequency. A
    # word absent from that list used to be guessed at half the rarest frequency (here hundreds of rows),
    # so a ticket number that matches nothing used up the whole probe and no candidate came back.
    rng = random.Random(3)
    stream = MemoryStream(pool, OfflineEmbeddings())
    texts = [" ".join(rng.sample(WORDS, 4)) + f" note {i}" for i in range(3000)]
    await stream.add(U, [NewMemory(content=t) for t in texts])
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")
    hits = await keyword_hits(pool, ["ticket", "80607", "courier", "coupon"])
    assert len(hits) == 40
    contents = await stream.search(U, "ticket 80607 courier coupon", k=10, min_similarity=-1, quiet=True)
    assert all("courier" in h.content and "coupon" in h.content for h in contents[:5])


async def test_a_word_that_is_rare_and_present_wins_over_common_ones(pool: AsyncConnectionPool) -> None:
    rng = random.Random(4)
    stream = MemoryStream(pool, OfflineEmbeddings())
    ids = await stream.add(U, [NewMemory(content=" ".join(rng.sample(WORDS, 4))) for _ in range(2000)])
    rare = await stream.add(U, [NewMemory(content="courier zeppelin handover")])
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")
    hits = await keyword_hits(pool, ["zeppelin", "courier", "battery"])
    assert hits[0]["id"] == rare[0]
    assert {h["id"] for h in hits[1:]} <= set(ids)


async def test_equal_scores_fall_to_the_newer_memory(pool: AsyncConnectionPool) -> None:
    stream = MemoryStream(pool, OfflineEmbeddings())
    ids = await stream.add(U, [NewMemory(content="warranty courier") for _ in range(12)])
    hits = await keyword_hits(pool, ["warranty", "courier"], limit=12)
    assert [h["id"] for h in hits] == sorted(ids, reverse=True)
    assert [h["rank"] for h in hits] == list(range(1, 13))
