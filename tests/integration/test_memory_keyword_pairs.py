"""The keyword stage's probe selects by pairs of common words (migration TEXT_HITS_BM25_PAIRS) on a real PostgreSQL.

Where every query word is common (at a million memories, 1,500-5,000 of a user's rows each), the probe used
to read all the matches of the rarest word and keep the newest `MATCH_CAP`: older evidence never competed.
"""

from __future__ import annotations

import random

from psycopg_pool import AsyncConnectionPool

from cognicore.memory._keyword_sql import MATCH_CAP
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.stream import MemoryStream, NewMemory
from tests.integration.test_memory_keyword import U, keyword_hits

WORDS = "battery firmware refund warranty courier invoice bundle coupon pallet carrier latency glare".split()


async def test_with_only_common_words_the_pool_is_the_memories_holding_two_not_the_newest(
    pool: AsyncConnectionPool,
) -> None:
    rng = random.Random(12)
    stream = MemoryStream(pool, OfflineEmbeddings())
    oldest = await stream.add(U, [NewMemory(content="courier invoice")])
    texts = [" ".join(rng.sample(WORDS, 3)) for _ in range(4000)]
    ids = await stream.add(U, [NewMemory(content=t) for t in texts])
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")
    holding_one = [i for i, t in zip(ids, texts, strict=True) if "courier" in t.split()]
    holding_both = {i for i, t in zip(ids, texts, strict=True) if {"courier", "invoice"} <= set(t.split())}
    assert len(holding_one) > 1.5 * MATCH_CAP  # the old probe would have cut this word's matches by recency
    assert 0 < len(holding_both) < MATCH_CAP

    # Words apart in the query (near ones are taken as a phrase, as frequent as its rarer word).
    words = ["what", "did", "the", "courier", "say", "about", "invoice"]
    hits = await keyword_hits(pool, words, limit=MATCH_CAP)

    # The oldest memory competes on its words (two, the shortest: the best BM25) instead of being cut as old.
    assert hits[0]["id"] == oldest[0]
    assert {h["id"] for h in hits} == holding_both | {oldest[0]}


async def test_a_rare_word_still_selects_alone_beside_common_pairs(pool: AsyncConnectionPool) -> None:
    rng = random.Random(13)
    stream = MemoryStream(pool, OfflineEmbeddings())
    rare = await stream.add(U, [NewMemory(content="pallet zeppelin handover note")])
    await stream.add(U, [NewMemory(content=" ".join(rng.sample(WORDS, 3))) for _ in range(3000)])
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")

    hits = await keyword_hits(pool, ["zeppelin", "courier", "invoice", "pallet"], limit=20)

    assert hits[0]["id"] == rare[0]
    assert len(hits) == 20
