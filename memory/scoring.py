"""How the memory stream ranks its candidates: recency, importance, relevance and strength.

`MemoryStream.search` computes this in SQL, inside its one statement; `rank` is the same formula in
pure Python, so it can be unit-tested and an integration test can hold the SQL to it.

    score = alpha * recency + beta * importance + gamma * relevance + delta * strength

- recency    = decay ** hours since the memory was last used (`last_accessed_at`), or created;
- importance = (importance - 1) / 9, so 1..10 maps onto 0..1;
- relevance  = the candidate's Reciprocal Rank Fusion score divided by the best one among the
  candidates: the best match gets 1 and the others keep their proportion. RRF rather than the raw
  cosine, so an exact keyword hit (a name, a ticket number) counts as much as a close meaning;
  relative to the best rather than to the largest possible score, so a query whose best match is
  found by only one of the two lists still puts that match at 1;
- strength   = strength / (strength + 1): 0.5 for a new memory (strength 1), rising towards 1 as it
  is used, falling towards 0 if a lifecycle job decays it.

Each component is in 0..1, so the weights say directly how much each one counts. The defaults were
tuned on the held-out conversations of `bench/recall.py` (see README): relevance decides, and recency,
importance and strength together move a memory by at most 0.15, i.e. they reorder candidates whose
relevance is within 15% of each other and cannot lift a weak match over a strong one. Recency weights of
0.2 and more bought a little on "what is X now" questions and lost more on all the others.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Candidate",
    "Scored",
    "Scoring",
    "normalised_importance",
    "normalised_strength",
    "rank",
    "recency",
]


@dataclass(frozen=True, slots=True)
class Scoring:
    """The weights of the score and the recency decay; the shell maps settings onto these."""

    alpha: float = 0.05
    """Weight of recency."""
    beta: float = 0.05
    """Weight of importance."""
    gamma: float = 1.0
    """Weight of relevance."""
    delta: float = 0.05
    """Weight of strength (how much a memory has been used)."""
    decay: float = 0.999
    """Recency multiplier per hour since last use or creation (0.999: halved after about 29 days)."""

    def __post_init__(self) -> None:
        for name in ("alpha", "beta", "gamma", "delta"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"Scoring.{name} must be a finite number >= 0, got {value!r}")
        if not 0 < self.decay <= 1:
            raise ValueError(f"Scoring.decay must be in (0, 1] (a multiplier per hour), got {self.decay!r}")


@dataclass(frozen=True, slots=True)
class Candidate:
    """What the score needs to know about one retrieved memory."""

    id: int
    fused: float
    """Its Reciprocal Rank Fusion score (> 0: it was in at least one ranked list)."""
    importance: int
    strength: float
    hours: float
    """Hours since `last_accessed_at`, or since `created_at` when it was never used."""
    in_session: bool = False


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate with its normalised components and its score."""

    id: int
    recency: float
    importance: float
    relevance: float
    strength: float
    score: float
    in_session: bool


def recency(hours: float, decay: float) -> float:
    """`decay ** hours`; a timestamp in the future (clock skew) counts as now."""
    return decay ** max(hours, 0.0)


def normalised_importance(importance: int) -> float:
    """Importance 1..10 mapped onto 0..1."""
    return (importance - 1) / 9.0


def normalised_strength(strength: float) -> float:
    """`strength / (strength + 1)`, 0 for a strength at or below 0."""
    return strength / (strength + 1.0) if strength > 0 else 0.0


def rank(
    candidates: Sequence[Candidate], scoring: Scoring, *, session_first: bool = False, limit: int | None = None
) -> list[Scored]:
    """Score `candidates` and order them best first, as `MemoryStream.search` does in SQL.

    With `session_first`, memories of the current session come before all others; within each
    group the order is by score, then by id (older first) on ties.
    """
    best = max((c.fused for c in candidates), default=0.0)
    scored = []
    for c in candidates:
        parts = (
            recency(c.hours, scoring.decay),
            normalised_importance(c.importance),
            c.fused / best if best > 0 else 0.0,
            normalised_strength(c.strength),
        )
        total = scoring.alpha * parts[0] + scoring.beta * parts[1] + scoring.gamma * parts[2] + scoring.delta * parts[3]
        scored.append(Scored(c.id, *parts, score=total, in_session=c.in_session))
    scored.sort(key=lambda s: (-(session_first and s.in_session), -s.score, s.id))
    return scored if limit is None else scored[:limit]
