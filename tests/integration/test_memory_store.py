"""CognicoreStore: LangGraph's BaseStore on the memory stream, through a real graph and directly."""

from __future__ import annotations

from typing import TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import CognicoreStore
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.stream import MemoryStream


class State(TypedDict, total=False):
    user: str
    note: str
    question: str
    found: list[str]


async def remember(state: State, runtime: Runtime) -> dict[str, object]:
    assert runtime.store is not None
    await runtime.store.aput((state["user"], "notes"), f"n{len(state['note'])}", {"content": state["note"]})
    return {}


def recall(state: State, runtime: Runtime) -> dict[str, object]:
    # A sync node: LangGraph runs it in a worker thread; the store's sync edge reaches the pool's loop.
    assert runtime.store is not None
    hits = runtime.store.search((state["user"],), query=state["question"], limit=2)
    return {"found": [h.value["content"] for h in hits]}


def build_graph() -> StateGraph:
    graph = StateGraph(State)
    graph.add_node("remember", remember)
    graph.add_node("recall", recall)
    graph.add_edge(START, "remember")
    graph.add_edge("remember", "recall")
    graph.add_edge("recall", END)
    return graph


@pytest.fixture
def store(pool: AsyncConnectionPool) -> CognicoreStore:
    return CognicoreStore(pool, MemoryStream(pool, OfflineEmbeddings()))


async def test_a_graph_writes_and_searches_through_runtime_store(store: CognicoreStore) -> None:
    app = build_graph().compile(store=store)
    await app.ainvoke({"user": "alice", "note": "The staging database password rotates on Fridays", "question": "x"})
    out = await app.ainvoke(
        {"user": "alice", "note": "Lunch with Bruno is on Tuesday", "question": "when does the staging password rotate"}
    )
    assert out["found"][0] == "The staging database password rotates on Fridays"
    other = await app.ainvoke({"user": "bob", "note": "Bob likes tea", "question": "staging database password"})
    assert other["found"] == ["Bob likes tea"]  # row-level security: bob never sees alice's items


async def test_put_get_search_delete_and_namespaces(store: CognicoreStore) -> None:
    await store.aput(("alice", "prefs", "food"), "drink", {"content": "Alice drinks oat flat whites", "kind": "drink"})
    await store.aput(("alice", "prefs", "food"), "drink", {"content": "Alice switched to green tea", "kind": "drink"})
    await store.aput(("alice", "work"), "team", {"content": "Alice is on the payments team", "kind": "team"})
    item = await store.aget(("alice", "prefs", "food"), "drink")
    assert item is not None and item.value["content"] == "Alice switched to green tea"  # replaced, not added
    assert item.namespace == ("alice", "prefs", "food") and item.updated_at >= item.created_at
    assert await store.aget(("bob", "prefs", "food"), "drink") is None

    everything = await store.asearch(("alice",))
    assert {i.key for i in everything} == {"drink", "team"}
    assert [i.key for i in await store.asearch(("alice", "prefs"))] == ["drink"]
    hits = await store.asearch(("alice",), query="which team is Alice on")
    assert hits[0].key == "team" and hits[0].score is not None
    assert [i.key for i in await store.asearch(("alice",), filter={"kind": {"$eq": "team"}})] == ["team"]
    with pytest.raises(MemoryStoreError, match="equality only"):
        await store.asearch(("alice",), filter={"kind": {"$gt": "a"}})

    assert await store.alist_namespaces(prefix=("alice",)) == [("alice", "prefs", "food"), ("alice", "work")]
    assert await store.alist_namespaces(prefix=("alice",), max_depth=2) == [("alice", "prefs"), ("alice", "work")]
    assert await store.alist_namespaces(prefix=("alice",), suffix=("work",)) == [("alice", "work")]
    with pytest.raises(MemoryStoreError, match="needs the tenant"):
        await store.alist_namespaces()

    await store.adelete(("alice", "prefs", "food"), "drink")
    assert await store.aget(("alice", "prefs", "food"), "drink") is None
    with pytest.raises(MemoryStoreError, match="async ones"):
        store.get(("alice", "work"), "team")  # sync call on the loop's own thread would deadlock


async def test_a_store_bound_to_one_tenant(pool: AsyncConnectionPool) -> None:
    store = CognicoreStore(pool, MemoryStream(pool, OfflineEmbeddings()), tenant="carol")
    await store.aput(("memories",), "k1", {"content": "Carol prefers morning meetings"}, index=["content"])
    assert (await store.aget(("memories",), "k1")) is not None
    assert await store.alist_namespaces() == [("memories",)]
    hits = await store.asearch(("memories",), query="morning meetings")
    assert hits[0].namespace == ("memories",) and hits[0].key == "k1"
