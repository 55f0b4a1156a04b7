"""Issue 12, search cost at 100k: the keyword function runs each subquery once, the search sets its own settings.

`_keyword_sql.TEXT_HITS_BM25_ONCE` keeps the count of a rare word and the no-statistics fallback from being copied
into every expression that reads them; `_search_sql.SEARCH_FUNCTION_SETTINGS` sets the vector scan's settings
inside `memory_search`, so a search sends no settings statement; the batched candidate counts go out in one round
trip per user (`memory._counts`). Both must return exactly what the functions before
them returned: each earlier version is installed beside the current one under another name and both are called on
the same rows, with statistics and without, for words the statistics list, words they miss and words nobody wrote.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest
from psycopg._pipeline_base import BasePipeline
from psycopg_pool import AsyncConnectionPool

from cognicore.memory._counts import CandidateCounts
from cognicore.memory._keyword_sql import TEXT_HITS_BM25_USER_TERMS
from cognicore.memory._search_sql import SEARCH, SEARCH_FUNCTION_CARRIED
from cognicore.memory._stream_sql import EF_SEARCH_CASE, search_settings
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.retrieval import RRF_K, query_words
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_read
from cognicore.roles import grant_app_role, open_app_pool, reader_url

U = "ines"
PLACES = ["the loading dock", "gate seven", "the cold store", "aisle twelve", "the returns desk"]
THINGS = ["pallet", "scanner", "forklift", "label printer", "freezer door", "conveyor"]
HITS = "SELECT id, rank, score FROM {}(%s, %s::text[], %s, NULL, NULL, NULL, NULL, 'active', NULL) ORDER BY rank"
QUERIES = [
    "forklift at gate seven",  # common words and a phrase
    "who reported the freezer door at the cold store",
    "ticket 4417 conveyor",  # a ticket number: not among the statistics' elements, counted
    "zeppelin quasar",  # no memory holds either word
    "pallet pallet scanner returns desk aisle twelve label printer",
]


def texts() -> list[str]:
    """Memories whose words range from everywhere (pallet) to one row (a ticket number)."""
    return [
        f"shift note {i}: the {THINGS[i % 6]} at {PLACES[i % 5]} was {['fine', 'stuck', 'slow'][i % 3]}"
        + (f", ticket {4000 + i}" if i % 9 == 0 else "")
        for i in range(160)
    ]


async def install_previous(pool: AsyncConnectionPool) -> None:
    """The keyword function and the search as they were before this round, as `*_prev`, beside the current ones."""
    async with pool.connection() as conn:
        await conn.execute(TEXT_HITS_BM25_USER_TERMS.replace("memory_text_hits(", "memory_text_hits_prev("))
        await conn.execute(
            SEARCH_FUNCTION_CARRIED.replace("memory_search(", "memory_search_prev(").replace(
                "FROM memory_text_hits(", "FROM memory_text_hits_prev("
            )
        )


async def test_the_keyword_function_returns_what_it_returned_before(pool: AsyncConnectionPool) -> None:
    await MemoryStream(pool, OfflineEmbeddings()).add(U, [NewMemory(content=t) for t in texts()])
    await install_previous(pool)
    for analysed in (False, True):  # without statistics every word is counted; with them most are looked up
        if analysed:
            async with pool.connection() as conn:
                await conn.execute("ANALYZE memories")
        for query in QUERIES:
            for limit in (3, 40):
                args = (U, query_words(query), limit)
                now = await user_read(pool, U, HITS.format("memory_text_hits"), args)
                before = await user_read(pool, U, HITS.format("memory_text_hits_prev"), args)
                assert now == before, (analysed, query, limit)
                if query.startswith("zeppelin"):
                    assert now == []
                else:
                    assert now, query


def search_params(query: str) -> dict[str, Any]:
    vector = np.asarray(OfflineEmbeddings().embed_query(query), dtype=np.float32)
    return {
        "user_id": U, "query_vector": vector, "query_words": query_words(query), "candidates": 6, "rrf_k": RRF_K,
        "k": 10, "min_similarity": -1.0, "session_id": None, "session_first": False, "as_of": None,
        "now": datetime(2030, 1, 1, tzinfo=UTC), "perspective": None, "status": "active", "kinds": None,
        "session_filter": None, "since": None, "until": None, "metadata": None,
        "alpha": 1.0, "beta": 1.0, "gamma": 1.0, "delta": 1.0, "decay": 0.99,
    }  # fmt: skip


async def test_the_search_sets_its_own_settings_and_returns_the_same_rows(
    pool: AsyncConnectionPool, db_url: str
) -> None:
    await MemoryStream(pool, OfflineEmbeddings()).add(U, [NewMemory(content=t) for t in texts()])
    await install_previous(pool)
    async with pool.connection() as conn:
        await conn.execute("ANALYZE memories")
        [fn] = await fetch_dicts(
            conn,
            "SELECT prosrc, proconfig FROM pg_proc WHERE proname = 'memory_search' AND pronamespace = "
            "current_schema()::regnamespace",
        )
    # The tiers the function was made with are the ones `nearest` sends (a change of tiers needs a new migration).
    assert EF_SEARCH_CASE in fn["prosrc"]
    assert {"jit=off", "hnsw.iterative_scan=relaxed_order"} <= set(fn["proconfig"])
    await grant_app_role(pool)
    app = await open_app_pool(reader_url(db_url, "cognicore_app"), min_size=1, max_size=1)
    try:
        for query in QUERIES:
            params = search_params(query)
            now = await user_read(app, U, SEARCH, params)  # no settings statement
            before = await user_read(
                app, U, SEARCH.replace("memory_search(", "memory_search_prev("), params, before=[search_settings(U)]
            )
            assert now == before and len(now) >= 6, query  # 6 candidates a side, fused
            assert any(r["text_rank"] is not None for r in now) or query.startswith("zeppelin")
        # The settings ended with the call: the connection is back at the server's defaults.
        [after] = await user_read(
            app, U, "SELECT current_setting('hnsw.ef_search') AS ef, current_setting('hnsw.iterative_scan') AS it"
        )
        assert (after["ef"], after["it"]) == ("40", "off")
    finally:
        await app.close()


async def test_the_batched_counts_are_one_round_trip_per_user(
    pool: AsyncConnectionPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = MemoryStream(pool, OfflineEmbeddings())
    mine = await stream.add(U, [NewMemory(content=t) for t in texts()[:20]])
    theirs = await stream.add("omar", [NewMemory(content=t) for t in texts()[20:40]])
    counts = CandidateCounts(pool, delay=3600)  # written only when flushed here
    counts.add(U, mine[:3])
    counts.add(U, mine[1:2])
    counts.add("omar", theirs[:2])
    syncs = [0]
    enqueue = BasePipeline._enqueue_sync

    def counting(self: Any) -> None:
        syncs[0] += 1
        enqueue(self)

    monkeypatch.setattr(BasePipeline, "_enqueue_sync", counting)
    await counts.flush()
    assert syncs[0] == 2  # one wait for the server per user: tenant, lock and update travel together
    written = await fetch_dicts_all(pool, mine[:3] + theirs[:2])
    assert written == {mine[0]: 1, mine[1]: 2, mine[2]: 1, theirs[0]: 1, theirs[1]: 1}


async def fetch_dicts_all(pool: AsyncConnectionPool, ids: list[int]) -> dict[int, int]:
    """The candidate counts of `ids`, read as the owner (across users)."""
    async with pool.connection() as conn:
        rows = await fetch_dicts(conn, "SELECT id, candidate_count FROM memories WHERE id = ANY(%s)", (ids,))
    return {r["id"]: r["candidate_count"] for r in rows}
