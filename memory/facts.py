"""Semantic memory: facts reinforced when restated and superseded, never overwritten, when they change.

Each user's facts live in `facts` (row-level security per user). Writing is `FactStore.upsert`: a restated
fact gains confidence instead of a duplicate row; a fact that contradicts an active one supersedes it (the
old row keeps its text and gets `valid_to` and status `superseded`, the new one a `supersedes` link and a
relation). Category summaries (`fact_categories`) are rebuilt from the active facts in the same transaction,
as the first tier of recall.

The statements live in `_fact_sql`, the reinforce-or-supersede decision in `_fact_related` (reading the related
rows) and `_fact_resolve` (deciding on them); `would_supersede` reports that decision without writing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory._fact_keys import is_exclusive, subject_key
from cognicore.memory._fact_notes import NOTE_PREDICATE
from cognicore.memory._fact_related import decide, keys_of
from cognicore.memory._fact_resolve import fact_of
from cognicore.memory._fact_sql import (
    ALL_CATEGORY_NAMES,
    CATEGORY_FACTS,
    DELETE_CATEGORIES,
    FIND_STATEMENT,
    INSERT_FACT,
    INSERT_RELATIONS,
    LOCK_USER,
    READ_TURNS,
    REEMBED_PAGE,
    REEMBED_UPDATE,
    REINFORCE,
    SEARCH,
    SELECT_ACTIVE,
    SELECT_AS_OF,
    SELECT_BY_IDS,
    SELECT_CATEGORIES,
    SELECT_HISTORY,
    SELECT_RELATIONS,
    SET_SEARCH_OPTIONS,
    STATS,
    SUPERSEDE,
    UPSERT_CATEGORY,
)
from cognicore.memory.extraction import FactCandidate
from cognicore.memory.fact_types import Action, CategorySummary, Fact, FactChange, FactHit, FactRelation, FactStats
from cognicore.memory.retrieval import RRF_K, candidate_count, ef_search_for, text_query_terms
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import user_transaction

__all__ = ["CategorySummary", "Fact", "FactChange", "FactHit", "FactRelation", "FactStats", "FactStore"]

SUMMARY_FACTS = 8
"""Statements quoted in a category summary; the count covers the rest."""


class FactStore:
    """Per-user facts in PostgreSQL: reinforce, supersede, search (hybrid, one statement) and summarise."""

    def __init__(self, pool: AsyncConnectionPool, embeddings: Embeddings) -> None:
        self._pool = pool
        self._embeddings = embeddings

    async def upsert(
        self,
        user_id: str,
        candidates: Sequence[FactCandidate],
        *,
        source: str | None = None,
        speaker: str | None = None,
    ) -> list[FactChange]:
        """Add, reinforce or supersede with each candidate, in one transaction; return what changed.

        `source` names the turn the candidates came from (e.g. "session#round" or a message id); a
        candidate already recorded from the same source is `unchanged`, so a retried extraction job counts
        nothing twice, and a fact stated again keeps every source. `speaker`: who said the turn, when it
        is not the user talking to the assistant (an imported conversation); facts about "the user" are
        then about that speaker.
        """
        if speaker is not None and speaker.strip():
            candidates = [about_speaker(c, speaker.strip()) for c in candidates]
        if not candidates:
            return []
        texts = [c.statement for c in candidates] + [c.contradicts or c.statement for c in candidates]
        # Embedding happens before the transaction: no row is locked while a provider is called.
        vectors = [np.asarray(v, dtype=np.float32) for v in await self._embeddings.aembed_documents(texts)]
        n = len(candidates)
        outcomes: list[tuple[Action, int, tuple[int, ...]]] = []
        touched: set[str] = set()
        async with user_transaction(self._pool, user_id) as conn:
            # One writer per user at a time: two concurrent upserts can neither both supersede the same fact
            # nor both insert the same new one (row locks alone cannot lock rows that do not exist yet).
            await conn.execute(LOCK_USER, (f"facts:{user_id}",))
            now = clock.now()  # one instant per transaction: a superseded fact ends when its successor begins
            by_statement: dict[str, int] = {}
            for i, candidate in enumerate(candidates):
                action, fact_id, replaced, categories = await self._upsert_one(
                    conn, user_id, candidate, vectors[i], vectors[n + i], source, now
                )
                outcomes.append((action, fact_id, replaced))
                by_statement[candidate.statement.strip().lower()] = fact_id
                touched |= categories
            for candidate, (_, fact_id, _) in zip(candidates, outcomes, strict=True):
                if candidate.based_on:
                    await self._link_reason(conn, user_id, fact_id, candidate.based_on, by_statement)
            await self._refresh(conn, user_id, touched)
            facts = await self._by_ids(conn, user_id, [o[1] for o in outcomes])
        return [FactChange(action, facts[fact_id], replaced) for action, fact_id, replaced in outcomes]

    async def would_supersede(self, user_id: str, candidate: FactCandidate) -> list[Fact]:
        """The active facts `upsert` would supersede with `candidate` now, nothing written: what a statement's
        acknowledgement previews, decided by the same rule as the write."""
        texts = [candidate.statement, candidate.contradicts or candidate.statement]
        vector, named = [np.asarray(v, dtype=np.float32) for v in await self._embeddings.aembed_documents(texts)]
        async with user_transaction(self._pool, user_id) as conn:
            decision = await decide(conn, user_id, candidate, vector, named)
        return [fact_of(row) for _, row in sorted(decision.conflicts.items())]

    async def _upsert_one(
        self,
        conn: AsyncConnection[Any],
        user_id: str,
        candidate: FactCandidate,
        vector: np.ndarray,
        contradicts_vector: np.ndarray,
        source: str | None,
        now: datetime,
    ) -> tuple[Action, int, tuple[int, ...], set[str]]:
        decision = await decide(conn, user_id, candidate, vector, contradicts_vector)
        exact, conflicts, contradicted = decision.exact, decision.conflicts, set(decision.contradicted)
        category = candidate.category.strip().lower() or "general"
        categories = {category} | {r["category"] for r in conflicts.values()}
        sources = [source] if source else []
        replaced = tuple(sorted(conflicts))
        if exact is not None:
            if source and source in exact["sources"]:
                return "unchanged", exact["id"], (), set()
            await conn.execute(
                REINFORCE,
                {"id": exact["id"], "confidence": candidate.confidence, "exclusive": is_exclusive(candidate),
                 "reason": candidate.based_on, "sources": sources},
            )  # fmt: skip
            await self._supersede(conn, user_id, exact["id"], replaced, contradicted, now)
            return "reinforced", exact["id"], replaced, categories | {exact["category"]}
        [row] = await fetch_dicts(
            conn,
            INSERT_FACT,
            {
                **keys_of(candidate),
                "user_id": user_id,
                "subject": candidate.subject.strip(),
                "predicate": candidate.predicate.strip(),
                "object": candidate.object.strip(),
                "kind": candidate.kind,
                "exclusive": is_exclusive(candidate),
                "confidence": candidate.confidence,
                "category": category,
                "statement": candidate.statement.strip(),
                "reason": candidate.based_on,
                "vector": vector,
                "supersedes": max(replaced) if replaced else None,
                "sources": sources,
                "now": now,
            },
        )
        await self._supersede(conn, user_id, row["id"], replaced, contradicted, now)
        return ("superseded" if replaced else "added"), row["id"], replaced, categories

    @staticmethod
    async def _supersede(
        conn: AsyncConnection[Any], user_id: str, by: int, ids: tuple[int, ...], contradicted: set[int], now: datetime
    ) -> None:
        if not ids:
            return
        await conn.execute(SUPERSEDE, {"by": by, "ids": list(ids), "now": now})
        await conn.execute(
            INSERT_RELATIONS,
            {"user_id": user_id, "from_id": by, "to_ids": list(ids), "relation": "supersedes"},
        )
        if contradicted:
            params = {
                "user_id": user_id,
                "from_id": by,
                "to_ids": sorted(contradicted),
                "relation": "contradicts",
            }
            await conn.execute(INSERT_RELATIONS, params)

    @staticmethod
    async def _link_reason(
        conn: AsyncConnection[Any], user_id: str, fact_id: int, reason: str, batch: dict[str, int]
    ) -> None:
        """Link a decision to the fact that states its reason, when that fact exists (this batch first)."""
        key = reason.strip().lower()
        target = batch.get(key)
        if target is None:
            found = await fetch_dicts(conn, FIND_STATEMENT, (user_id, key))
            target = found[0]["id"] if found else None
        if target is not None and target != fact_id:
            params = {"user_id": user_id, "from_id": fact_id, "to_ids": [target], "relation": "based_on"}
            await conn.execute(INSERT_RELATIONS, params)

    async def active(self, user_id: str, *, category: str | None = None, kind: str | None = None) -> list[Fact]:
        """The user's current facts, by category and confidence."""
        params = {"user_id": user_id, "category": category, "kind": kind}
        async with user_transaction(self._pool, user_id) as conn:
            return [fact_of(r) for r in await fetch_dicts(conn, SELECT_ACTIVE, params)]

    async def history(self, user_id: str, subject: str | None = None) -> list[Fact]:
        """Every fact of the user (optionally about one subject), superseded ones included, oldest first."""
        params = {"user_id": user_id, "subject_key": subject_key(subject) if subject else None}
        async with user_transaction(self._pool, user_id) as conn:
            return [fact_of(r) for r in await fetch_dicts(conn, SELECT_HISTORY, params)]

    async def read_turns(self, user_id: str, turns: Sequence[str]) -> set[str]:
        """Which of `turns` ("session#round") some fact, current or not, was read from: a saying outside this
        set told the extractor nothing it could store (a change it may have missed)."""
        if not turns:
            return set()
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(
                conn, READ_TURNS, {"user_id": user_id, "turns": list(turns), "note": NOTE_PREDICATE}
            )
        return {str(r["turn"]) for r in rows}

    async def as_of(self, user_id: str, moment: datetime) -> list[Fact]:
        """The user's facts that were true at `moment` (timezone-aware): valid then, superseded since or not."""
        if moment.tzinfo is None:
            raise ValueError(f"as_of needs a timezone-aware time (e.g. datetime(..., tzinfo=UTC)), got {moment!r}")
        async with user_transaction(self._pool, user_id) as conn:
            return [fact_of(r) for r in await fetch_dicts(conn, SELECT_AS_OF, {"user_id": user_id, "as_of": moment})]

    async def get(self, user_id: str, fact_id: int) -> Fact | None:
        """One fact of the user by id, whatever its status; None when it is not theirs or does not exist."""
        async with user_transaction(self._pool, user_id) as conn:
            return (await self._by_ids(conn, user_id, [fact_id])).get(fact_id)

    async def relations(self, user_id: str, fact_id: int) -> list[FactRelation]:
        """The links from and to one fact: what it is based on, contradicts or supersedes, and the reverse."""
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, SELECT_RELATIONS, {"user_id": user_id, "id": fact_id})
        return [FactRelation(**r) for r in rows]

    async def search(self, user_id: str, query: str, *, k: int = 5, include_superseded: bool = False) -> list[FactHit]:
        """The `k` facts best matching `query` by meaning and words (RRF in one statement); current only
        unless `include_superseded`."""
        if k <= 0 or not query.strip():
            return []
        vector = np.asarray(await self._embeddings.aembed_query(query), dtype=np.float32)
        candidates = candidate_count(k)
        params = {
            "user_id": user_id,
            "statuses": ["active", "superseded"] if include_superseded else ["active"],
            "query_vector": vector,
            "query_terms": text_query_terms(query),
            "candidates": candidates,
            "rrf_k": RRF_K,
            "k": k,
        }
        async with user_transaction(self._pool, user_id) as conn:
            await conn.execute(SET_SEARCH_OPTIONS, (str(ef_search_for(candidates)),))
            rows = await fetch_dicts(conn, SEARCH, params)
        return [
            FactHit(fact=fact_of(r), score=float(r["score"]), vector_rank=r["vector_rank"], text_rank=r["text_rank"])
            for r in rows
        ]

    async def reembed_user(self, user_id: str, *, batch: int = 64) -> int:
        """Embed every fact of `user_id` (current or not) again with the current model."""
        done, last = 0, 0
        while True:
            async with user_transaction(self._pool, user_id) as conn:
                rows = await fetch_dicts(conn, REEMBED_PAGE, {"after": last, "limit": batch})
            if not rows:
                return done
            vectors = await self._embeddings.aembed_documents([r["statement"] for r in rows])
            async with user_transaction(self._pool, user_id) as conn, conn.cursor() as cur:
                await cur.executemany(
                    REEMBED_UPDATE,
                    [(np.asarray(v, dtype=np.float32), r["id"]) for r, v in zip(rows, vectors, strict=True)],
                )
            done += len(rows)
            last = rows[-1]["id"]

    async def refresh_categories(self, user_id: str, names: Iterable[str] | None = None) -> list[CategorySummary]:
        """Rebuild the summaries of `names` (default: every category of the user) from the active facts."""
        async with user_transaction(self._pool, user_id) as conn:
            if names is None:
                names = [r["name"] for r in await fetch_dicts(conn, ALL_CATEGORY_NAMES, {"user_id": user_id})]
            await self._refresh(conn, user_id, set(names))
            rows = await fetch_dicts(conn, SELECT_CATEGORIES, (user_id,))
        return [CategorySummary(**r) for r in rows]

    async def categories(self, user_id: str) -> list[CategorySummary]:
        """The user's category summaries, by name."""
        async with user_transaction(self._pool, user_id) as conn:
            return [CategorySummary(**r) for r in await fetch_dicts(conn, SELECT_CATEGORIES, (user_id,))]

    async def stats(self, user_id: str) -> FactStats:
        """How many facts the user has, by status, kind and category."""
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, STATS, {"user_id": user_id})
        dims: dict[str, dict[str, int]] = {"status": {}, "kind": {}, "category": {}}
        for r in rows:
            dims[r["dim"]][r["key"]] = r["n"]
        status_rows = [r for r in rows if r["dim"] == "status"]
        return FactStats(
            by_status=dims["status"],
            by_kind=dims["kind"],
            by_category=dims["category"],
            oldest=min((r["oldest"] for r in status_rows), default=None),
            newest=max((r["newest"] for r in status_rows), default=None),
        )

    @staticmethod
    async def _refresh(conn: AsyncConnection[Any], user_id: str, names: set[str]) -> None:
        """Deterministic summaries: the most confident active statements of each category, and a count."""
        if not names:
            return
        grouped: dict[str, list[str]] = {name: [] for name in names}
        for r in await fetch_dicts(conn, CATEGORY_FACTS, (user_id, sorted(names))):
            grouped[r["category"]].append(r["statement"])
        empty = sorted(name for name, statements in grouped.items() if not statements)
        for name, statements in sorted(grouped.items()):
            if statements:
                summary = " ".join(statements[:SUMMARY_FACTS])
                if len(statements) > SUMMARY_FACTS:
                    summary += f" (and {len(statements) - SUMMARY_FACTS} more)"
                await conn.execute(UPSERT_CATEGORY, (user_id, name, summary, len(statements)))
        if empty:
            await conn.execute(DELETE_CATEGORIES, (user_id, empty))

    @staticmethod
    async def _by_ids(conn: AsyncConnection[Any], user_id: str, ids: list[int]) -> dict[int, Fact]:
        rows = await fetch_dicts(conn, SELECT_BY_IDS, (user_id, ids))
        return {r["id"]: fact_of(r) for r in rows}


def about_speaker(candidate: FactCandidate, speaker: str) -> FactCandidate:
    """`candidate` with "the user" replaced by `speaker`: in an imported conversation, whoever said it."""
    if subject_key(candidate.subject) != "user":
        return candidate
    statement = _THE_USER_RE.sub(lambda m: speaker + (m.group(1) or ""), candidate.statement)
    return candidate.model_copy(update={"subject": speaker, "statement": statement})


_THE_USER_RE = re.compile(r"\b[Tt]he user('s)?\b")
