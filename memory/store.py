"""cognicore memory behind LangGraph's `BaseStore`, so any graph, agent or LangMem manager can use it.

An item is a memory of the stream: its value is kept in the memory's metadata, its text (the fields named
by `index`, the whole value by default) is embedded and full-text indexed, so `search(query=...)` is the
stream's hybrid scored search, and every statement runs under row-level security as the item's tenant.

Namespaces map onto tenants and scopes. With `tenant=None` the first element of a namespace is the tenant
(the user id) and the rest is the scope: `("alice", "notes")` is alice's scope `notes`. With a fixed
`tenant`, the whole namespace is a scope of that tenant. Listing namespaces therefore needs the tenant:
a prefix condition naming it, or a fixed `tenant`.

Limits: `filter` matches values by equality (also `{"$eq": v}`); TTL is not supported; `put` replaces an
item by deleting and re-adding it (two concurrent puts of one key can leave both; `get` returns the newer).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    get_text_at_path,
)
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MAX_K, MemoryStream
from cognicore.memory.stream_types import NewMemory
from cognicore.memory.tenancy import user_transaction

__all__ = ["CognicoreStore"]

_COLUMNS = "id, metadata, created_at"
GET_ITEM = f"""
SELECT {_COLUMNS} FROM memories
WHERE user_id = %(user_id)s AND status = 'active' AND metadata @> %(match)s::jsonb
ORDER BY id DESC LIMIT 1"""
DELETE_ITEM = """
DELETE FROM memories WHERE user_id = %(user_id)s AND metadata @> %(match)s::jsonb RETURNING created_at"""
LIST_ITEMS = f"""
SELECT {_COLUMNS} FROM memories
WHERE user_id = %(user_id)s AND status = 'active' AND metadata @> %(match)s::jsonb
ORDER BY id DESC LIMIT %(limit)s OFFSET %(offset)s"""
NAMESPACES = """
SELECT DISTINCT metadata->'store'->>'scope' AS scope FROM memories
WHERE user_id = %(user_id)s AND status = 'active' AND metadata @> '{"store": {}}'::jsonb"""


class CognicoreStore(BaseStore):
    """A LangGraph store on the memory stream: put/get/search/delete/list_namespaces, sync and async."""

    supports_ttl = False

    def __init__(self, pool: AsyncConnectionPool, stream: MemoryStream, *, tenant: str | None = None) -> None:
        self._pool = pool
        self._stream = stream
        self._tenant = tenant
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- the two methods BaseStore asks for ------------------------------------------------------------

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """Run `ops` in order; each result at its op's position (None for put)."""
        self._loop = asyncio.get_running_loop()
        results: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                results.append(await self._get(op))
            elif isinstance(op, PutOp):
                await self._put(op)
                results.append(None)
            elif isinstance(op, SearchOp):
                results.append(await self._search(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(await self._namespaces(op))
            else:
                raise MemoryStoreError(f"CognicoreStore cannot run {type(op).__name__}")
        return results

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """The sync edge: runs `abatch` on the loop that owns the pool, from another thread (a sync node)."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            raise MemoryStoreError(
                "CognicoreStore's sync methods were called on its event loop thread, which would block it; "
                "use the async ones (aget, aput, asearch, adelete) in async code."
            )
        if self._loop is None or not self._loop.is_running():
            raise MemoryStoreError(
                "CognicoreStore's sync methods need the event loop that owns the pool running in another thread "
                "(as when a graph run with `ainvoke` calls a sync node); call an async method first, or use them."
            )
        return asyncio.run_coroutine_threadsafe(self.abatch(list(ops)), self._loop).result()

    # -- operations ------------------------------------------------------------------------------------

    async def _get(self, op: GetOp) -> Item | None:
        user, scope = self._split(op.namespace)
        async with user_transaction(self._pool, user) as conn:
            rows = await fetch_dicts(conn, GET_ITEM, {"user_id": user, "match": Jsonb(_key_match(scope, op.key))})
        return _item(rows[0], op.namespace, op.key) if rows else None

    async def _put(self, op: PutOp) -> None:
        user, scope = self._split(op.namespace)
        async with user_transaction(self._pool, user) as conn:
            deleted = await fetch_dicts(conn, DELETE_ITEM, {"user_id": user, "match": Jsonb(_key_match(scope, op.key))})
        if op.value is None:
            return
        now = datetime.now(UTC)
        created = min((r["created_at"] for r in deleted), default=now)
        metadata = {
            "store": {
                "scope": json.dumps(scope),
                "prefixes": _prefixes(scope),
                "key": op.key,
                "updated_at": now.isoformat(),
            },
            "value": op.value,
        }
        await self._stream.add(
            user, [NewMemory(content=_text(op.value, op.index, op.key), metadata=metadata, created_at=created)]
        )

    async def _search(self, op: SearchOp) -> list[SearchItem]:
        user, scope = self._split(op.namespace_prefix, prefix=True)
        match: dict[str, Any] = {"store": {"prefixes": [json.dumps(scope)]}}
        if op.filter:
            match["value"] = _equalities(op.filter)
        if op.query:
            wanted = min(op.offset + op.limit, MAX_K)
            hits = await self._stream.search(user, op.query, k=wanted, metadata=match, min_similarity=-1.0)
            return [
                _search_item(h.metadata, h.created_at, self._namespace(user, h.metadata), h.score)
                for h in hits[op.offset :]
            ]
        async with user_transaction(self._pool, user) as conn:
            rows = await fetch_dicts(
                conn, LIST_ITEMS, {"user_id": user, "match": Jsonb(match), "limit": op.limit, "offset": op.offset}
            )
        return [_search_item(r["metadata"], r["created_at"], self._namespace(user, r["metadata"]), None) for r in rows]

    async def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        user = self._tenant
        if user is None:
            prefix = next((c.path for c in op.match_conditions or () if c.match_type == "prefix"), ())
            if not prefix or prefix[0] == "*":
                raise MemoryStoreError(
                    "list_namespaces needs the tenant: pass prefix=(user_id, ...) or build the store with tenant=..."
                )
            user = prefix[0]
        async with user_transaction(self._pool, user) as conn:
            rows = await fetch_dicts(conn, NAMESPACES, {"user_id": user})
        found = sorted({self._full(user, tuple(json.loads(r["scope"]))) for r in rows})
        found = [ns for ns in found if all(_matches(ns, c.path, c.match_type) for c in op.match_conditions or ())]
        if op.max_depth is not None:
            found = sorted(set(ns[: op.max_depth] for ns in found))
        return found[op.offset : op.offset + op.limit]

    # -- namespaces ------------------------------------------------------------------------------------

    def _split(self, namespace: tuple[str, ...], *, prefix: bool = False) -> tuple[str, list[str]]:
        """(tenant, scope) of a namespace."""
        if self._tenant is not None:
            return self._tenant, list(namespace)
        if not namespace:
            what = "namespace prefix" if prefix else "namespace"
            raise MemoryStoreError(f"A {what} starts with the tenant (user id), e.g. ('alice', 'notes'); got ().")
        return namespace[0], list(namespace[1:])

    def _full(self, user: str, scope: tuple[str, ...]) -> tuple[str, ...]:
        return scope if self._tenant is not None else (user, *scope)

    def _namespace(self, user: str, metadata: dict[str, Any]) -> tuple[str, ...]:
        return self._full(user, tuple(json.loads(metadata["store"]["scope"])))


def _key_match(scope: list[str], key: str) -> dict[str, Any]:
    return {"store": {"scope": json.dumps(scope), "key": key}}


def _prefixes(scope: list[str]) -> list[str]:
    """Every prefix of the scope, JSON-encoded, so a prefix search is one containment test."""
    return [json.dumps(scope[:i]) for i in range(len(scope) + 1)]


def _text(value: Mapping[str, Any], index: Any, key: str) -> str:
    """The text embedded and indexed for an item: the `index` fields, or the whole value."""
    fields = ["$"] if index is None or index is False else list(index)
    parts = [text for field in fields for text in get_text_at_path(value, field) if text.strip()]
    return " ".join(parts) or key


def _equalities(filter: dict[str, Any]) -> dict[str, Any]:
    """A value filter as a containment document; only equality is supported."""
    out: dict[str, Any] = {}
    for field, wanted in filter.items():
        if isinstance(wanted, dict) and set(wanted) == {"$eq"}:
            wanted = wanted["$eq"]
        elif isinstance(wanted, dict) and any(str(k).startswith("$") for k in wanted):
            raise MemoryStoreError(f"CognicoreStore filters support equality only; got {field}: {wanted!r}")
        out[field] = wanted
    return out


def _matches(namespace: tuple[str, ...], path: tuple[str, ...], kind: str) -> bool:
    part = namespace[: len(path)] if kind == "prefix" else namespace[len(namespace) - len(path) :]
    return len(namespace) >= len(path) and all(p in ("*", n) for p, n in zip(path, part, strict=True))


def _item(row: dict[str, Any], namespace: tuple[str, ...], key: str) -> Item:
    store = row["metadata"]["store"]
    return Item(
        value=row["metadata"]["value"],
        key=key,
        namespace=namespace,
        created_at=row["created_at"],
        updated_at=datetime.fromisoformat(store["updated_at"]),
    )


def _search_item(
    metadata: dict[str, Any], created_at: datetime, namespace: tuple[str, ...], score: float | None
) -> SearchItem:
    store = metadata["store"]
    return SearchItem(
        namespace=namespace,
        key=store["key"],
        value=metadata["value"],
        created_at=created_at,
        updated_at=datetime.fromisoformat(store["updated_at"]),
        score=score,
    )
