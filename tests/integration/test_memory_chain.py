"""`MemoryStream.add(..., chain=True)`: each item derives from the one before it, in one transaction."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.stream import MemoryStream, NewMemory, UnknownMemory


@pytest.fixture
def stream(pool: AsyncConnectionPool) -> MemoryStream:
    return MemoryStream(pool, OfflineEmbeddings())


async def test_a_chain_links_each_item_to_the_one_before_it(stream: MemoryStream) -> None:
    [origin] = await stream.add("ann", [NewMemory(content="the request that started it")])
    call, result, note = await stream.add(
        "ann",
        [
            NewMemory(content="database_query: revenue by region", kind="tool_call", source_ids=(origin,)),
            NewMemory(content="EMEA leads with 1.2M", kind="tool_result"),
            NewMemory(content="EMEA matters most", kind="thought"),
        ],
        chain=True,
    )
    tree = await stream.explain("ann", note)
    assert tree is not None
    assert [s.memory.id for s in tree.sources] == [result]
    assert [s.memory.id for s in tree.sources[0].sources] == [call]
    assert [s.memory.id for s in tree.sources[0].sources[0].sources] == [origin], "an item keeps its own sources"


async def test_a_chain_with_a_foreign_source_writes_nothing(stream: MemoryStream) -> None:
    [bobs] = await stream.add("bob", [NewMemory(content="bob's observation")])
    with pytest.raises(UnknownMemory):
        await stream.add(
            "ann",
            [
                NewMemory(content="a call", kind="tool_call"),
                NewMemory(content="its result", kind="tool_result", source_ids=(bobs,)),
            ],
            chain=True,
        )
    assert (await stream.stats("ann")).total == 0
