"""The search's vector rows carry their columns; keyword-only rows are fetched: both come out as the table has them.

`memory._search_sql.SEARCH_FUNCTION_CARRIED` takes a vector candidate's scored columns from the HNSW scan's own
row and fetches only keyword-only candidates again. With few candidates per side and many memories, the fused
list holds both kinds; every returned row is checked against the table and the similarity computed here.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np
from psycopg_pool import AsyncConnectionPool

from cognicore.memory._search_sql import SEARCH
from cognicore.memory._stream_sql import search_settings
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.retrieval import RRF_K, query_words
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_read

U = "kim"
TOPICS = ["printer toner", "vpn token", "laptop battery", "badge reader", "wifi roaming", "mail quota"]


async def test_vector_and_keyword_only_rows_carry_the_table_s_values(pool: AsyncConnectionPool) -> None:
    embedder = OfflineEmbeddings()
    stream = MemoryStream(pool, embedder)
    texts = [
        f"ticket {i}: the {TOPICS[i % 6]} issue on floor {i % 7} was {['fixed', 'open'][i % 2]}" for i in range(90)
    ]
    await stream.add(U, [NewMemory(content=t, importance=1 + i % 10) for i, t in enumerate(texts)])
    query = "wifi roaming on floor 3"
    vector = np.asarray(embedder.embed_query(query), dtype=np.float32)
    params: dict[str, Any] = {
        "user_id": U, "query_vector": vector, "query_words": query_words(query), "candidates": 4, "rrf_k": RRF_K,
        "k": 8, "min_similarity": -1.0, "session_id": None, "session_first": False, "as_of": None,
        "now": datetime(2030, 1, 1, tzinfo=UTC), "perspective": None, "status": "active", "kinds": None,
        "session_filter": None, "since": None, "until": None, "metadata": None,
        "alpha": 1.0, "beta": 1.0, "gamma": 1.0, "delta": 1.0, "decay": 0.99,
    }  # fmt: skip
    rows = await user_read(pool, U, SEARCH, params, before=[search_settings(U)])
    assert any(r["vector_rank"] is None for r in rows) and any(r["text_rank"] is None for r in rows), rows
    truth = await user_read(
        pool,
        U,
        "SELECT id, content, importance, 1 - (embedding <=> %s::halfvec) AS similarity FROM memories "
        "WHERE id = ANY(%s)",
        (vector, [r["id"] for r in rows]),
    )
    table = {t["id"]: t for t in truth}
    for r in rows:
        t = table[r["id"]]
        assert (r["content"], r["importance"]) == (t["content"], t["importance"])
        assert abs(r["similarity"] - t["similarity"]) < 1e-9
