"""Procedural memory: learned workflows (plan templates) and the requests that triggered them.

Workflows are per user, under row-level security: every statement runs in `user_transaction`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import numpy as np
from langchain_core.embeddings import Embeddings
from psycopg import sql
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.retrieval import RRF_K, candidate_count, ef_search_for, hybrid_ctes, text_query_terms
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import user_transaction
from cognicore.workflows.errors import WorkflowNotFound

WorkflowStatus = Literal["active", "demoted", "retired"]
RECENT = 5  # outcomes remembered per workflow for demotion
DEMOTE_AFTER = 2  # consecutive failed reuses that demote a workflow
RETIRE_AFTER = 3  # consecutive failed reuses that retire it


@dataclass(frozen=True, slots=True)
class Workflow:
    """A learned workflow: a plan template with parameters, and how well its reuses went."""

    id: int
    user_id: str
    name: str
    signature: str
    features: tuple[str, ...]
    template: dict[str, Any]
    parameters: dict[str, Any]
    status: WorkflowStatus
    usage_count: int
    success_count: int
    failure_count: int
    recent_outcomes: tuple[bool, ...]
    source_run_id: str | None
    created_at: datetime
    last_used_at: datetime
    triggers: tuple[str, ...] = ()
    candidate_count: int = 0  # times found by a lookup, reused or not


@dataclass(frozen=True, slots=True)
class WorkflowMatch:
    """A workflow found for a request, with the cosine similarity of its closest trigger."""

    workflow: Workflow
    similarity: float
    trigger: str


def signature(template: dict[str, Any]) -> str:
    """A stable hash of a template's steps: the same generalised plan always gets the same signature."""
    canonical = json.dumps(template["steps"], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:20]


_UPSERT = """
INSERT INTO workflows (user_id, name, signature, features, template, parameters, source_run_id, usage_count)
VALUES (%(user_id)s, %(name)s, %(signature)s, %(features)s, %(template)s, %(parameters)s, %(run_id)s, 1)
ON CONFLICT (user_id, signature) DO UPDATE
    SET usage_count = workflows.usage_count + 1, last_used_at = now()
RETURNING id, (xmax = 0) AS created
"""
_ADD_TRIGGER = """
INSERT INTO workflow_triggers (workflow_id, user_id, text, skeleton, keywords, embedding)
VALUES (%(workflow_id)s, %(user_id)s, %(text)s, %(skeleton)s, %(keywords)s, %(embedding)s)
ON CONFLICT (workflow_id, text) DO NOTHING
"""
_OUTCOME = """
UPDATE workflows SET
    usage_count = usage_count + 1,
    success_count = success_count + %(ok)s::int,
    failure_count = failure_count + (NOT %(ok)s)::int,
    recent_outcomes = (recent_outcomes || %(ok)s)[greatest(1, cardinality(recent_outcomes) + 2 - %(keep)s):],
    last_used_at = now()
WHERE id = %(id)s AND user_id = %(user_id)s
RETURNING recent_outcomes, status
"""
_TRIGGER_PAGE = "SELECT id, skeleton FROM workflow_triggers WHERE id > %s ORDER BY id LIMIT %s"
_TRIGGER_UPDATE = "UPDATE workflow_triggers SET embedding = %s WHERE id = %s"
_SET_STATUS = "UPDATE workflows SET status = %(status)s WHERE id = %(id)s AND user_id = %(user_id)s RETURNING id"
_GET = """
SELECT w.*, coalesce(array_agg(t.text ORDER BY t.id) FILTER (WHERE t.id IS NOT NULL), '{}') AS triggers
FROM workflows w LEFT JOIN workflow_triggers t ON t.workflow_id = w.id
WHERE w.id = %(id)s AND w.user_id = %(user_id)s
GROUP BY w.id
"""
_LIST = """
SELECT w.*, coalesce(array_agg(t.text ORDER BY t.id) FILTER (WHERE t.id IS NOT NULL), '{}') AS triggers
FROM workflows w LEFT JOIN workflow_triggers t ON t.workflow_id = w.id
WHERE w.user_id = %(user_id)s AND (%(all)s OR w.status <> 'retired')
GROUP BY w.id ORDER BY w.last_used_at DESC, w.id DESC
"""


def _lookup_sql() -> sql.Composed:
    # Candidates come from both the trigger embeddings (HNSW) and the triggers' keywords (GIN), fused
    # with RRF in the same statement; each candidate then carries its exact cosine similarity.
    return sql.SQL(
        """
        WITH {ctes},
        found AS (
            SELECT DISTINCT ON (w.id) w.*, t.text AS trigger, 1 - (t.embedding <=> %(query_vector)s) AS similarity
            FROM fused f
            JOIN workflow_triggers t ON t.id = f.id
            JOIN workflows w ON w.id = t.workflow_id
            WHERE w.status <> 'retired'
            ORDER BY w.id, similarity DESC
        ),
        counted AS (  -- each candidate counted once per lookup, in the same round trip
            UPDATE workflows SET candidate_count = candidate_count + 1 WHERE id IN (SELECT id FROM found)
        )
        SELECT * FROM found
        """
    ).format(ctes=hybrid_ctes("workflow_triggers", where=sql.SQL("user_id = %(user_id)s")))


def _workflow(row: dict[str, Any]) -> Workflow:
    return Workflow(
        id=row["id"],
        user_id=row["user_id"],
        name=row["name"],
        signature=row["signature"],
        features=tuple(row["features"]),
        template=row["template"],
        parameters=row["parameters"],
        status=row["status"],
        usage_count=row["usage_count"],
        success_count=row["success_count"],
        failure_count=row["failure_count"],
        recent_outcomes=tuple(row["recent_outcomes"]),
        source_run_id=row["source_run_id"],
        created_at=row["created_at"],
        last_used_at=row["last_used_at"],
        triggers=tuple(row.get("triggers") or ()),
        candidate_count=row.get("candidate_count", 0),
    )


class WorkflowStore:
    """Stores, finds and scores learned workflows per user."""

    def __init__(self, pool: AsyncConnectionPool, embeddings: Embeddings) -> None:
        self._pool = pool
        self._embeddings = embeddings

    async def learn(
        self,
        *,
        user_id: str,
        name: str,
        template: dict[str, Any],
        parameters: dict[str, Any],
        features: Sequence[str],
        trigger: str,
        skeleton: str,
        keywords: Sequence[str],
        run_id: str | None,
    ) -> tuple[int, bool]:
        """Store a template (or count one more use of the same one) and add the request as a trigger.

        Returns the workflow id and whether it was new.
        """
        vector = np.asarray(await self._embeddings.aembed_query(skeleton), dtype=np.float32)
        async with user_transaction(self._pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                _UPSERT,
                {
                    "user_id": user_id,
                    "name": name,
                    "signature": signature(template),
                    "features": list(features),
                    "template": Jsonb(template),
                    "parameters": Jsonb(parameters),
                    "run_id": run_id,
                },
            )
            row = await cur.fetchone()
            assert row is not None
            await cur.execute(
                _ADD_TRIGGER,
                {
                    "workflow_id": row["id"],
                    "user_id": user_id,
                    "text": trigger,
                    "skeleton": skeleton,
                    "keywords": list(keywords),
                    "embedding": vector,
                },
            )
        return int(row["id"]), bool(row["created"])

    async def add_trigger(
        self, *, workflow_id: int, user_id: str, trigger: str, skeleton: str, keywords: Sequence[str]
    ) -> None:
        """Remember another request that this workflow served, so similar ones find it later."""
        vector = np.asarray(await self._embeddings.aembed_query(skeleton), dtype=np.float32)
        async with user_transaction(self._pool, user_id) as conn:
            await conn.execute(
                _ADD_TRIGGER,
                {
                    "workflow_id": workflow_id,
                    "user_id": user_id,
                    "text": trigger,
                    "skeleton": skeleton,
                    "keywords": list(keywords),
                    "embedding": vector,
                },
            )

    async def lookup(self, *, user_id: str, skeleton: str, k: int = 3) -> list[WorkflowMatch]:
        """The user's closest non-retired workflows by hybrid search over their triggers, best first."""
        vector = np.asarray(await self._embeddings.aembed_query(skeleton), dtype=np.float32)
        candidates = candidate_count(k)
        params = {
            "query_vector": vector,
            "query_terms": text_query_terms(skeleton),
            "candidates": candidates,
            "rrf_k": RRF_K,
            "user_id": user_id,
        }
        # The tenant, the SET LOCAL and the search are pipelined: one trip to the server for all three.
        async with user_transaction(self._pool, user_id, pipeline=True) as conn:
            await conn.execute(sql.SQL("SET LOCAL hnsw.ef_search = {}").format(sql.Literal(ef_search_for(candidates))))
            rows = await fetch_dicts(conn, _lookup_sql(), params)
        rows.sort(key=lambda r: (-r["similarity"], r["id"]))
        return [WorkflowMatch(_workflow(r), round(float(r["similarity"]), 4), r["trigger"]) for r in rows[:k]]

    async def reembed_user(self, user_id: str, *, batch: int = 64) -> int:
        """Embed the user's triggers again with the current model (after switching embedding models)."""
        done, last = 0, 0
        while True:
            async with user_transaction(self._pool, user_id) as conn:
                rows = await fetch_dicts(conn, _TRIGGER_PAGE, (last, batch))
            if not rows:
                return done
            vectors = await self._embeddings.aembed_documents([r["skeleton"] for r in rows])
            async with user_transaction(self._pool, user_id) as conn, conn.cursor() as cur:
                await cur.executemany(
                    _TRIGGER_UPDATE,
                    [(np.asarray(v, dtype=np.float32), r["id"]) for r, v in zip(rows, vectors, strict=True)],
                )
            done += len(rows)
            last = rows[-1]["id"]

    async def record_outcome(self, *, workflow_id: int, user_id: str, succeeded: bool) -> WorkflowStatus:
        """Count a reuse; consecutive failures demote, then retire, the workflow. Returns its status."""
        async with user_transaction(self._pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_OUTCOME, {"ok": succeeded, "keep": RECENT, "id": workflow_id, "user_id": user_id})
            row = await cur.fetchone()
            if row is None:
                raise WorkflowNotFound(f"No workflow {workflow_id} for user {user_id!r}.")
            recent = list(row["recent_outcomes"])
            failures = len(recent) - len("".join("1" if ok else "0" for ok in recent).rstrip("0"))
            status: WorkflowStatus = row["status"]
            if status != "retired":
                if failures >= RETIRE_AFTER:
                    status = "retired"
                elif failures >= DEMOTE_AFTER:
                    status = "demoted"
                elif succeeded:
                    status = "active"
                await cur.execute(_SET_STATUS, {"status": status, "id": workflow_id, "user_id": user_id})
        return status

    async def set_status(self, *, workflow_id: int, user_id: str, status: WorkflowStatus) -> None:
        """Retire (or reactivate) a workflow by hand."""
        async with user_transaction(self._pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_SET_STATUS, {"status": status, "id": workflow_id, "user_id": user_id})
            if await cur.fetchone() is None:
                raise WorkflowNotFound(
                    f"No workflow {workflow_id} for user {user_id!r}; see `cognicore workflows list`."
                )

    async def get(self, *, workflow_id: int, user_id: str) -> Workflow:
        """One of the user's workflows with its triggers; `WorkflowNotFound` for anyone else's."""
        async with user_transaction(self._pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_GET, {"id": workflow_id, "user_id": user_id})
            row = await cur.fetchone()
        if row is None:
            raise WorkflowNotFound(f"No workflow {workflow_id} for user {user_id!r}; see `cognicore workflows list`.")
        return _workflow(row)

    async def list(self, *, user_id: str, include_retired: bool = False) -> list[Workflow]:
        """The user's workflows, most recently used first."""
        async with user_transaction(self._pool, user_id) as conn, conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_LIST, {"user_id": user_id, "all": include_retired})
            return [_workflow(r) for r in await cur.fetchall()]
