"""The search function's one generic plan per connection: every filter, on one connection, selects right.

`memory_search` (memory._search_sql) is planned once per connection with `force_generic_plan`, so NULL
filters are no longer folded away per call: the same plan must serve searches with and without each filter,
in any order, and after the table's statistics change (ANALYZE invalidates the plan).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from cognicore.database import open_pool
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_transaction

U = "alice"
T0 = datetime(2024, 3, 1, tzinfo=UTC)
KINDS = ["observation", "thought", "tool_call"]


async def test_one_connection_serves_every_filter_from_its_one_plan(db_url: str) -> None:
    pool = await open_pool(db_url, max_size=1)  # one connection: every search below reuses its plan
    try:
        stream = MemoryStream(pool, OfflineEmbeddings())
        rows = [
            NewMemory(
                content=f"the deploy of service {i} failed on node {i % 4}",
                kind=KINDS[i % 3],  # type: ignore[arg-type]
                session_id=f"s{i % 2}",
                created_at=T0 + timedelta(days=i),
                metadata={"speaker": "Maria" if i % 4 == 0 else "Tom"},
            )
            for i in range(12)
        ]
        ids = await stream.add(U, rows)
        async with user_transaction(pool, U) as conn:
            await conn.execute("UPDATE memories SET status = 'archived' WHERE id = ANY(%s)", (ids[9:],))
        made = dict(zip(ids, rows, strict=True))
        archived = set(ids[9:])

        def expected(**f: Any) -> set[int]:
            """The memories a filter keeps, computed here from what was stored."""
            as_of = f.get("as_of")
            return {
                i
                for i, m in made.items()
                if (f.get("status", "active") is None or (i in archived) == (f.get("status", "active") == "archived"))
                and ("kinds" not in f or m.kind in f["kinds"])
                and ("session_id" not in f or m.session_id == f["session_id"])
                and ("since" not in f or m.created_at >= f["since"])  # type: ignore[operator]
                and ("until" not in f or m.created_at < f["until"])  # type: ignore[operator]
                and (as_of is None or m.created_at <= as_of)  # type: ignore[operator]
                and ("metadata" not in f or m.metadata.items() >= f["metadata"].items())
            }

        filters: list[dict[str, Any]] = [
            {},
            {"kinds": ["thought", "tool_call"]},
            {"session_id": "s1"},
            {"since": T0 + timedelta(days=3), "until": T0 + timedelta(days=8)},
            {"metadata": {"speaker": "Maria"}},
            {"status": None},
            {"status": "archived"},
            {"as_of": T0 + timedelta(days=5)},
            {"kinds": ["observation"], "session_id": "s0", "metadata": {"speaker": "Tom"}},
            {},
        ]
        for round_ in range(2):
            for f in filters:
                hits = await stream.search(U, "deploy failed on a node", k=40, min_similarity=-1, quiet=True, **f)
                assert {h.id for h in hits} == expected(**f), (round_, f)
            async with pool.connection() as conn:  # new statistics: the plan is made again
                await conn.execute("ANALYZE memories")
        first = await stream.search(U, "deploy failed on a node", k=5, session_id="s1", session_first=True, quiet=True)
        assert [h.session_id for h in first] == ["s1"] * 4 + ["s0"]  # s1 has four active memories
    finally:
        await pool.close()
