"""What the fact store returns: facts, the changes an upsert made, search hits, relations and summaries."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any, Literal

__all__ = ["Action", "CategorySummary", "Fact", "FactChange", "FactHit", "FactRelation", "FactStats", "Status"]

Status = Literal["active", "superseded", "archived", "deleted"]
Action = Literal["added", "reinforced", "superseded", "unchanged"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact as stored, current or not; `source_turn` is where it was first stated, `sources` all of them."""

    id: int
    subject: str
    predicate: str
    object: str
    kind: str
    confidence: float
    category: str
    statement: str
    reason: str | None
    status: Status
    valid_from: datetime
    valid_to: datetime | None
    supersedes: int | None
    superseded_by: int | None
    source_turn: str | None
    times_stated: int
    created_at: datetime
    updated_at: datetime
    sources: tuple[str, ...] = ()
    """Every turn it was stated in, first to last."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: datetimes as ISO strings (for `--json` output and the extractor's known facts)."""
        return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in asdict(self).items()}


@dataclass(frozen=True, slots=True)
class FactChange:
    """What `upsert` did with one candidate; `superseded` lists the ids it replaced."""

    action: Action
    fact: Fact
    superseded: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FactHit:
    """A fact found by `search`, with its fused score and ranks (None: not a candidate of that list)."""

    fact: Fact
    score: float
    vector_rank: int | None
    text_rank: int | None


@dataclass(frozen=True, slots=True)
class FactRelation:
    """A link between two facts: `from_id` is based on, contradicts or supersedes `to_id`."""

    from_id: int
    to_id: int
    relation: Literal["based_on", "contradicts", "supersedes"]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class CategorySummary:
    """The first tier of recall: a category of a user's active facts in a few sentences."""

    name: str
    summary: str
    fact_count: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class FactStats:
    """Counts of a user's facts: by status (all), by kind and category (active only), oldest and newest."""

    by_status: dict[str, int]
    by_kind: dict[str, int]
    by_category: dict[str, int]
    oldest: datetime | None
    newest: datetime | None
