"""The observation metrics of the memory lifecycle (seed 002, 6.1), per user and per perspective.

- archive rate: archived / all memories;
- consolidation-level distribution and average level (active memories);
- usage rate: the mean of access_count / candidate_count over memories that were ever a candidate;
- candidate-to-use ratio: candidates shown per memory used, over the recorded task reads;
- hit rate: task reads that had at least one candidate / all task reads;
- strength distribution: active memories by strength band, and its quartiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import check_user_id, user_transaction

__all__ = ["STRENGTH_BANDS", "LifecycleStats", "PerspectiveStats", "lifecycle_stats"]

STRENGTH_BANDS = (0.1, 0.25, 0.5, 1.0, 2.0)
"""Upper bounds of the strength bands (the last band is open); 0.1 is the seed's archive threshold."""

MEMORY_METRICS = """
SELECT count(*)::int AS total,
       count(*) FILTER (WHERE status = 'archived')::int AS archived,
       avg(consolidation_level) FILTER (WHERE status = 'active')::float8 AS mean_level,
       avg(access_count::float8 / candidate_count) FILTER (WHERE candidate_count > 0) AS usage_rate,
       percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY strength)
           FILTER (WHERE status = 'active') AS quartiles
FROM memories WHERE user_id = %(user_id)s"""

LEVELS = """
SELECT consolidation_level AS level, count(*)::int AS n FROM memories
WHERE user_id = %(user_id)s AND status = 'active' GROUP BY 1 ORDER BY 1"""

BANDS = """
SELECT width_bucket(strength, %(bands)s::real[]) AS band, count(*)::int AS n FROM memories
WHERE user_id = %(user_id)s AND status = 'active' GROUP BY 1 ORDER BY 1"""

TASK_METRICS = """
SELECT coalesce(perspective, '') AS perspective, path,
       count(*)::int AS reads,
       count(*) FILTER (WHERE cardinality(candidate_ids) > 0)::int AS hits,
       coalesce(sum(cardinality(candidate_ids)), 0)::int AS candidates,
       coalesce(sum(cardinality(used_ids)), 0)::int AS uses
FROM memory_tasks WHERE user_id = %(user_id)s GROUP BY 1, 2 ORDER BY 1, 2"""

PERSPECTIVE_STRENGTH = """
SELECT p.key AS perspective, count(*)::int AS memories, avg((p.value #>> '{}')::float8) AS mean_strength
FROM memories AS m, jsonb_each(m.strength_by_perspective) AS p
WHERE m.user_id = %(user_id)s AND m.status = 'active' GROUP BY 1 ORDER BY 1"""


@dataclass(frozen=True, slots=True)
class PerspectiveStats:
    """The task reads made from one perspective ('' for none) and its memories' strength from it."""

    perspective: str
    reads: int = 0
    hits: int = 0
    candidates: int = 0
    uses: int = 0
    memories: int = 0
    mean_strength: float | None = None
    by_path: dict[str, int] = field(default_factory=dict)

    @property
    def hit_rate(self) -> float | None:
        """Reads with at least one candidate, as a share of all reads."""
        return self.hits / self.reads if self.reads else None

    @property
    def candidates_per_use(self) -> float | None:
        """Candidates shown per memory used (the seed expects about 3 to 10)."""
        return self.candidates / self.uses if self.uses else None


@dataclass(frozen=True, slots=True)
class LifecycleStats:
    """One user's lifecycle metrics."""

    user_id: str
    total: int
    archived: int
    archive_rate: float | None
    mean_level: float | None
    levels: dict[int, int]
    usage_rate: float | None
    strength_quartiles: tuple[float, float, float] | None
    strength_bands: dict[str, int]
    reads: int
    hit_rate: float | None
    candidates_per_use: float | None
    perspectives: list[PerspectiveStats]


def _band_label(band: int) -> str:
    bounds = (0.0, *STRENGTH_BANDS)
    return (
        f"<{bounds[1]}"
        if band == 0
        else f">={bounds[-1]}"
        if band >= len(bounds) - 1
        else (f"{bounds[band]}-{bounds[band + 1]}")
    )


async def lifecycle_stats(pool: AsyncConnectionPool, user_id: str) -> LifecycleStats:
    """The metrics of `user_id`'s memories and recorded task reads (one transaction, five reads)."""
    check_user_id(user_id)
    params: dict[str, Any] = {"user_id": user_id, "bands": list(STRENGTH_BANDS)}
    async with user_transaction(pool, user_id) as conn:
        [memory] = await fetch_dicts(conn, MEMORY_METRICS, params)
        levels = await fetch_dicts(conn, LEVELS, params)
        bands = await fetch_dicts(conn, BANDS, params)
        tasks = await fetch_dicts(conn, TASK_METRICS, params)
        strengths = await fetch_dicts(conn, PERSPECTIVE_STRENGTH, params)
    views: dict[str, dict[str, Any]] = {}
    for t in tasks:
        v = views.setdefault(t["perspective"], {"reads": 0, "hits": 0, "candidates": 0, "uses": 0, "by_path": {}})
        for key in ("reads", "hits", "candidates", "uses"):
            v[key] += t[key]
        v["by_path"][t["path"]] = v["by_path"].get(t["path"], 0) + t["reads"]
    for s in strengths:
        v = views.setdefault(s["perspective"], {})
        v["memories"], v["mean_strength"] = s["memories"], s["mean_strength"]
    perspectives = [PerspectiveStats(perspective=name, **v) for name, v in sorted(views.items())]
    reads = sum(p.reads for p in perspectives)
    hits = sum(p.hits for p in perspectives)
    candidates = sum(p.candidates for p in perspectives)
    uses = sum(p.uses for p in perspectives)
    quartiles = memory["quartiles"]
    return LifecycleStats(
        user_id=user_id,
        total=memory["total"],
        archived=memory["archived"],
        archive_rate=memory["archived"] / memory["total"] if memory["total"] else None,
        mean_level=memory["mean_level"],
        levels={r["level"]: r["n"] for r in levels},
        usage_rate=memory["usage_rate"],
        strength_quartiles=tuple(float(q) for q in quartiles) if quartiles else None,  # type: ignore[arg-type]
        strength_bands={_band_label(r["band"]): r["n"] for r in bands},
        reads=reads,
        hit_rate=hits / reads if reads else None,
        candidates_per_use=candidates / uses if uses else None,
        perspectives=perspectives,
    )
