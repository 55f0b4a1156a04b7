"""What an upsert of one candidate would do, read in the caller's transaction: the rows it restates or replaces.

`FactStore.upsert` acts on this decision and `FactStore.would_supersede` (the statement preview) only reports it,
so the acknowledgement of a statement and the write that follows agree by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cognicore.memory._fact_keys import normalize, predicate_key, subject_key
from cognicore.memory._fact_resolve import names_value, resolve
from cognicore.memory._fact_sql import NEAREST_TO, SELECT_RELATED
from cognicore.memory.rows import fetch_dicts

if TYPE_CHECKING:
    import numpy as np
    from psycopg import AsyncConnection

    from cognicore.memory.extraction import FactCandidate

__all__ = ["CONTRADICTS_SIMILARITY", "Decision", "decide", "keys_of"]

CONTRADICTS_SIMILARITY = 0.8
"""Similarity above which an active fact is the one a candidate's `contradicts` text names."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The active row a candidate restates (if any), the rows it replaces by id, and which of them it names."""

    exact: dict[str, Any] | None
    conflicts: dict[int, dict[str, Any]]
    contradicted: frozenset[int]


def keys_of(candidate: FactCandidate) -> dict[str, str]:
    """The folded subject, predicate and object a candidate is matched on."""
    return {
        "subject_key": subject_key(candidate.subject),
        "predicate_key": predicate_key(candidate.predicate),
        "object_key": normalize(candidate.object),
    }


async def decide(
    conn: AsyncConnection[Any],
    user_id: str,
    candidate: FactCandidate,
    vector: np.ndarray,
    contradicts_vector: np.ndarray,
) -> Decision:
    """Read the active rows related to `candidate` (locked for the transaction) and decide what it restates and
    what it replaces; nothing is written."""
    keys = keys_of(candidate)
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
                and names_value(named, r["object_key"], within=r["predicate_key"] == keys["predicate_key"])
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
    exact, conflicts = resolve(rows, keys, candidate, contradicted)
    if exact is not None:
        contradicted.discard(exact["id"])
    return Decision(exact, conflicts, frozenset(contradicted))
