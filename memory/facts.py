"""Semantic memory: facts reinforced when restated and superseded, never overwritten, when they change.

Each user's facts live in `facts` (row-level security per user). Writing is `FactStore.upsert`: a restated
fact gains confidence instead of a duplicate row; a fact that contradicts an active one supersedes it (the
old row keeps its text and gets `valid_to` and status `superseded`, the new one a `supersedes` link and a
relation). Category summaries (`fact_categories`) are rebuilt from the active facts in the same transaction,
as the first tier of recall.

Over 400 lines on purpose: upsert, supersession and the category summaries run in one transaction and
share its statements; splitting them would spread one invariant over several modules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import numpy as np
from langchain_core.embeddings import Embeddings
from psycopg import AsyncConnection, sql
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory._fact_keys import OPPOSITES, is_exclusive, normalize, predicate_key, same_slot, subject_key
from cognicore.memory._fact_notes import NOTE_PREDICATE
from cognicore.memory.extraction import FactCandidate
from cognicore.memory.fact_types import Action, CategorySummary, Fact, FactChange, FactHit, FactRelation, FactStats
from cognicore.memory.retrieval import RRF_K, candidate_count, ef_search_for, hybrid_ctes, text_query_terms
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import user_transaction

# Row-level security limits both to the transaction's user.
REEMBED_PAGE = "SELECT id, statement FROM facts WHERE id > %(after)s ORDER BY id LIMIT %(limit)s"
REEMBED_UPDATE = "UPDATE facts SET embedding = %s WHERE id = %s"

__all__ = ["CategorySummary", "Fact", "FactChange", "FactHit", "FactRelation", "FactStats", "FactStore"]


DUPLICATE_SIMILARITY = 0.95
"""Cosine similarity above which two statements of one subject and kind are the same fact worded twice."""
CONTRADICTS_SIMILARITY = 0.8
"""Similarity above which an active fact is the one a candidate's `contradicts` text names."""
SUMMARY_FACTS = 8
"""Statements quoted in a category summary; the count covers the rest."""

_COLUMNS = """f.id, f.subject, f.predicate, f.object, f.kind, f.confidence, f.category, f.statement, f.reason,
    f.status, f.valid_from, f.valid_to, f.supersedes, f.superseded_by, f.sources[1] AS source_turn, f.sources,
    f.times_stated, f.created_at, f.updated_at"""
LOCK_USER = "SELECT pg_advisory_xact_lock(hashtext(%s))"
SELECT_RELATED = f"""
SELECT {_COLUMNS}, f.subject_key, f.predicate_key, f.object_key, f.exclusive, f.sources,
       (f.embedding <=> %(vector)s)::float8 AS distance
FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status = 'active'
  AND (f.subject_key = %(subject_key)s OR f.object_key = %(contradicts_key)s
       OR f.subject_key = %(contradicts_key)s OR lower(f.statement) = %(contradicts_text)s)
ORDER BY f.id
FOR UPDATE"""
NEAREST_TO = f"""
SELECT {_COLUMNS}, f.subject_key, f.predicate_key, f.object_key, f.exclusive, f.sources,
       (f.embedding <=> %(vector)s)::float8 AS distance
FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status = 'active'
ORDER BY f.embedding <=> %(vector)s, f.id
LIMIT 1
FOR UPDATE"""
INSERT_FACT = """
INSERT INTO facts (user_id, subject, predicate, object, subject_key, predicate_key, object_key, kind,
                   exclusive, confidence, category, statement, reason, embedding, supersedes, sources, valid_from)
VALUES (%(user_id)s, %(subject)s, %(predicate)s, %(object)s, %(subject_key)s, %(predicate_key)s,
        %(object_key)s, %(kind)s, %(exclusive)s, %(confidence)s, %(category)s, %(statement)s, %(reason)s,
        %(vector)s, %(supersedes)s, %(sources)s::text[], %(now)s)
RETURNING id"""
REINFORCE = """
UPDATE facts SET confidence = 1 - (1 - confidence) * (1 - %(confidence)s::real),
    times_stated = times_stated + 1, exclusive = exclusive OR %(exclusive)s,
    reason = coalesce(reason, %(reason)s), sources = sources || %(sources)s::text[], updated_at = now()
WHERE id = %(id)s"""
SUPERSEDE = """
UPDATE facts SET status = 'superseded', valid_to = %(now)s, superseded_by = %(by)s, updated_at = now()
WHERE id = ANY(%(ids)s) AND status = 'active'"""
INSERT_RELATIONS = """
INSERT INTO fact_relations (user_id, from_id, to_id, relation)
SELECT %(user_id)s, %(from_id)s, to_id, %(relation)s FROM unnest(%(to_ids)s::bigint[]) AS to_id
ON CONFLICT DO NOTHING"""
FIND_STATEMENT = """
SELECT id FROM facts WHERE user_id = %s AND lower(statement) = %s AND status = 'active'
ORDER BY id DESC LIMIT 1"""
SELECT_BY_IDS = f"SELECT {_COLUMNS} FROM facts AS f WHERE f.user_id = %s AND f.id = ANY(%s)"
SELECT_ACTIVE = f"""
SELECT {_COLUMNS} FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status = 'active'
  AND (%(category)s::text IS NULL OR f.category = %(category)s)
  AND (%(kind)s::text IS NULL OR f.kind = %(kind)s)
ORDER BY f.category, f.confidence DESC, f.updated_at DESC, f.id"""
SELECT_HISTORY = f"""
SELECT {_COLUMNS} FROM facts AS f
WHERE f.user_id = %(user_id)s AND (%(subject_key)s::text IS NULL OR f.subject_key = %(subject_key)s)
ORDER BY f.subject_key, f.predicate_key, f.valid_from, f.id"""
# What was true at a moment: facts valid then, whether still active or superseded since (validity intervals).
SELECT_AS_OF = f"""
SELECT {_COLUMNS} FROM facts AS f
WHERE f.user_id = %(user_id)s AND f.status IN ('active', 'superseded')
  AND f.valid_from <= %(as_of)s AND (f.valid_to IS NULL OR f.valid_to > %(as_of)s)
ORDER BY f.category, f.valid_from, f.id"""
# The turns among %(turns)s that some fact was read from (`sources` lists every turn a fact was stated in). A note
# is a saying kept because it was NOT understood: its turn may hold a change the extractor missed, so it is no read.
READ_TURNS = """
SELECT DISTINCT s AS turn FROM facts AS f, unnest(f.sources) AS s
WHERE f.user_id = %(user_id)s AND f.sources && %(turns)s::text[] AND s = ANY(%(turns)s::text[])
  AND f.predicate <> %(note)s"""
SELECT_RELATIONS = """
SELECT from_id, to_id, relation, created_at FROM fact_relations
WHERE user_id = %(user_id)s AND (from_id = %(id)s OR to_id = %(id)s) ORDER BY created_at, from_id, to_id"""
SET_SEARCH_OPTIONS = """
SELECT set_config('hnsw.ef_search', %s, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)"""
SEARCH = sql.SQL(
    """
WITH {ctes}
SELECT {columns}, fu.score, fu.vector_rank, fu.text_rank
FROM fused AS fu JOIN facts AS f ON f.id = fu.id
ORDER BY fu.score DESC, fu.id
LIMIT %(k)s"""
).format(
    ctes=hybrid_ctes("facts", where=sql.SQL("user_id = %(user_id)s AND status = ANY(%(statuses)s)")),
    columns=sql.SQL(_COLUMNS),
)
CATEGORY_FACTS = """
SELECT category, statement FROM facts
WHERE user_id = %s AND status = 'active' AND category = ANY(%s)
ORDER BY category, confidence DESC, times_stated DESC, updated_at DESC, id"""
ALL_CATEGORY_NAMES = """
SELECT category AS name FROM facts WHERE user_id = %(user_id)s
UNION SELECT name FROM fact_categories WHERE user_id = %(user_id)s"""
UPSERT_CATEGORY = """
INSERT INTO fact_categories (user_id, name, summary, fact_count) VALUES (%s, %s, %s, %s)
ON CONFLICT (user_id, name) DO UPDATE
    SET summary = excluded.summary, fact_count = excluded.fact_count, updated_at = now()"""
DELETE_CATEGORIES = "DELETE FROM fact_categories WHERE user_id = %s AND name = ANY(%s)"
SELECT_CATEGORIES = """
SELECT name, summary, fact_count, updated_at FROM fact_categories WHERE user_id = %s ORDER BY name"""
STATS = """
SELECT 'status' AS dim, status AS key, count(*)::int AS n,
       min(created_at) AS oldest, max(updated_at) AS newest
FROM facts WHERE user_id = %(user_id)s GROUP BY status
UNION ALL SELECT 'kind', kind, count(*)::int, min(created_at), max(updated_at)
FROM facts WHERE user_id = %(user_id)s AND status = 'active' GROUP BY kind
UNION ALL SELECT 'category', category, count(*)::int, min(created_at), max(updated_at)
FROM facts WHERE user_id = %(user_id)s AND status = 'active' GROUP BY category"""


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
        keys = {
            "subject_key": subject_key(candidate.subject),
            "predicate_key": predicate_key(candidate.predicate),
            "object_key": normalize(candidate.object),
        }
        contradicts = candidate.contradicts.strip() if candidate.contradicts else None
        rows = await fetch_dicts(
            conn,
            SELECT_RELATED,
            {
                "user_id": user_id,
                "vector": vector,
                "subject_key": keys["subject_key"],
                "contradicts_key": normalize(contradicts) if contradicts else None,
                "contradicts_text": contradicts.lower() if contradicts else None,
            },
        )
        contradicted: set[int] = set()
        if contradicts:
            named = normalize(contradicts)
            contradicted = {
                r["id"]
                for r in rows
                if (
                    r["subject_key"] == keys["subject_key"]
                    and _names(named, r["object_key"], within=r["predicate_key"] == keys["predicate_key"])
                )
                or r["statement"].strip().lower() == contradicts.lower()
                # "I no longer manage the Acme account" ends "Acme account handled_by the user": the same
                # relation read from the other side (the thing as subject, the candidate's subject as object).
                or (r["subject_key"] == named and r["object_key"] == keys["subject_key"])
            }
            if not contradicted:  # named in other words: the closest active fact, if close enough
                nearest = await fetch_dicts(conn, NEAREST_TO, {"user_id": user_id, "vector": contradicts_vector})
                if nearest and 1 - nearest[0]["distance"] >= CONTRADICTS_SIMILARITY:
                    contradicted = {nearest[0]["id"]}
                    rows = [*rows, nearest[0]]
        exact, conflicts = _resolve(rows, keys, candidate, contradicted)
        if exact is not None:
            contradicted.discard(exact["id"])
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
                **keys,
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
            return [_fact(r) for r in await fetch_dicts(conn, SELECT_ACTIVE, params)]

    async def history(self, user_id: str, subject: str | None = None) -> list[Fact]:
        """Every fact of the user (optionally about one subject), superseded ones included, oldest first."""
        params = {"user_id": user_id, "subject_key": subject_key(subject) if subject else None}
        async with user_transaction(self._pool, user_id) as conn:
            return [_fact(r) for r in await fetch_dicts(conn, SELECT_HISTORY, params)]

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
            return [_fact(r) for r in await fetch_dicts(conn, SELECT_AS_OF, {"user_id": user_id, "as_of": moment})]

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
            FactHit(fact=_fact(r), score=float(r["score"]), vector_rank=r["vector_rank"], text_rank=r["text_rank"])
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
        return {r["id"]: _fact(r) for r in rows}


def _resolve(
    rows: list[dict[str, Any]], keys: dict[str, str], candidate: FactCandidate, contradicted: set[int]
) -> tuple[dict[str, Any] | None, dict[int, dict[str, Any]]]:
    """The active row that restates `candidate` (if any) and the active rows it replaces, by id.

    Replaced: another value of an exclusive slot, the opposite predicate about the same object, or a row
    the candidate names as contradicted. Conflicts are settled first, so a near-identical statement that
    is really a negation ("decided not to use" vs "decided to use": the embedder ignores "not") is
    superseded, never reinforced.
    """
    exclusive = is_exclusive(candidate)
    slot = {
        r["id"]
        for r in rows
        if r["subject_key"] == keys["subject_key"]
        and (r["predicate_key"] == keys["predicate_key"]
             or (exclusive and r["exclusive"] and same_slot(r["predicate_key"], keys["predicate_key"])))
    }  # fmt: skip
    opposite = OPPOSITES.get(keys["predicate_key"], frozenset())
    conflicts = {
        r["id"]: r
        for r in rows
        if r["id"] in contradicted
        or (exclusive and r["id"] in slot and r["object_key"] != keys["object_key"])
        or (r["subject_key"] == keys["subject_key"] and r["predicate_key"] in opposite
            and r["object_key"] == keys["object_key"])
    }  # fmt: skip
    exact = next((r for r in rows if r["id"] in slot and r["object_key"] == keys["object_key"]), None)
    if exact is None:  # the same fact worded differently: one subject and kind, near-identical statement
        exact = next(
            (r for r in rows if r["id"] not in conflicts and r["subject_key"] == keys["subject_key"]
             and r["kind"] == candidate.kind and 1 - r["distance"] >= DUPLICATE_SIMILARITY),
            None,
        )  # fmt: skip
    if exact is not None:
        conflicts.pop(exact["id"], None)
    return exact, conflicts


def _names(named: str, object_key: str, *, within: bool = False) -> bool:
    """Does the old value a change names designate this object? "Trello" names "trello for planning"; with
    `within` (the same predicate) anywhere in it: "email" names "get alerts by email"."""
    if object_key == named:
        return True
    words, held = named.split(), object_key.split()
    if not words:
        return False
    if held[: len(words)] == words:
        return True
    return within and any(held[i : i + len(words)] == words for i in range(1, len(held) - len(words) + 1))


_FACT_FIELDS = frozenset(Fact.__dataclass_fields__)


def _fact(row: dict[str, Any]) -> Fact:
    fields = {k: v for k, v in row.items() if k in _FACT_FIELDS}
    fields["sources"] = tuple(fields.get("sources") or ())
    return Fact(**fields)


def about_speaker(candidate: FactCandidate, speaker: str) -> FactCandidate:
    """`candidate` with "the user" replaced by `speaker`: in an imported conversation, whoever said it."""
    if subject_key(candidate.subject) != "user":
        return candidate
    statement = _THE_USER_RE.sub(lambda m: speaker + (m.group(1) or ""), candidate.statement)
    return candidate.model_copy(update={"subject": speaker, "statement": statement})


_THE_USER_RE = re.compile(r"\b[Tt]he user('s)?\b")
