"""Set-based maintenance of one user's memory: the nightly, weekly and monthly jobs of the memory design.

Seed 001 section 5 (merge duplicates, promote active items, time decay with a half-life, archive old
low-confidence items, merge near-duplicates, clean orphans, rebuild the graph) and MemoryBank's
`consolidate_memories` and `prune_old_memories` (seed 004). Each step is one statement over one user's
rows, run inside the caller's `user_transaction`, so row-level security binds it like every memory
statement; every time is a bound parameter (`now`, from `cognicore.memory.clock`), never SQL's `now()`.

Every step is idempotent on its own (a second run finds nothing left to do) except the two that move
numbers (`promote_active`, `time_decay`); the job runner records each (step, user) in the same
transaction as the step, so a retried job never applies one of them twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from psycopg import AsyncConnection

from cognicore.memory.rows import fetch_dicts

__all__ = ["USER_STEPS", "MaintenanceConfig", "UserStep", "run_user_step"]


@dataclass(frozen=True, slots=True)
class MaintenanceConfig:
    """The maintenance parameters; defaults from the seeds (half-life 30 days, archive after 90 days...)."""

    half_life_days: float = 30.0
    """Time decay of a fact's confidence: it halves after this many days without being stated again."""
    promote_step: float = 0.05
    """Confidence a fact gains at night when it was stated again during the last day (capped at 1)."""
    promote_window: timedelta = timedelta(days=1)
    archive_below: float = 0.3
    """Facts below this confidence and unchanged for `archive_after` are archived."""
    archive_after: timedelta = timedelta(days=90)
    consolidate_similarity: float = 0.9
    """Cosine similarity above which two memories of one kind are merged (MemoryBank's default)."""
    consolidate_after: timedelta = timedelta(days=30)
    """Only memories older than this are consolidated (MemoryBank's `p_older_than_days`)."""
    prune_archived_after: timedelta = timedelta(days=365)
    """Archived memories older than this are deleted by the prune job (nothing else deletes memories)."""


# Nightly. Exact duplicates in the memory stream (same kind, same text): the oldest keeps the others'
# counts and the best strength; the others are archived with a pointer, so nothing is lost. Facts need
# no such step: one active row per (subject, predicate, object) is enforced when they are written.
MERGE_DUPLICATES = """
WITH grouped AS (
    SELECT id, min(id) OVER (PARTITION BY kind, lower(btrim(content))) AS keep_id
    FROM memories WHERE user_id = %(user_id)s AND status = 'active'
), dups AS (
    SELECT m.id, g.keep_id, m.access_count, m.candidate_count, m.strength
    FROM grouped g JOIN memories m ON m.user_id = %(user_id)s AND m.id = g.id
    WHERE g.id <> g.keep_id
), totals AS (
    SELECT keep_id, sum(access_count) AS access, sum(candidate_count) AS candidates, max(strength) AS strength
    FROM dups GROUP BY keep_id
), kept AS (
    UPDATE memories m
    SET access_count = m.access_count + t.access, candidate_count = m.candidate_count + t.candidates,
        strength = greatest(m.strength, t.strength)
    FROM totals t WHERE m.user_id = %(user_id)s AND m.id = t.keep_id
    RETURNING m.id
), merged AS (
    UPDATE memories m
    SET status = 'archived', metadata = m.metadata || jsonb_build_object('merged_into', d.keep_id)
    FROM dups d WHERE m.user_id = %(user_id)s AND m.id = d.id
    RETURNING m.id
)
SELECT (SELECT count(*) FROM merged)::int AS n, (SELECT count(*) FROM kept)::int AS kept"""

# Nightly. "Recently active items gain confidence": a fact stated again within the window.
PROMOTE_ACTIVE = """
WITH promoted AS (
    UPDATE facts SET confidence = least(1.0, confidence + %(promote_step)s)
    WHERE user_id = %(user_id)s AND status = 'active' AND times_stated > 1
      AND updated_at >= %(now)s - %(promote_window)s AND updated_at <= %(now)s AND confidence < 1.0
    RETURNING id
)
SELECT count(*)::int AS n FROM promoted"""

# Weekly. Exponential decay with a half-life, over the time since the later of the fact's last statement
# and the previous decay (`since`), so consecutive runs never decay the same interval twice.
TIME_DECAY = """
WITH decayed AS (
    UPDATE facts
    SET confidence = confidence * power(0.5, extract(epoch FROM (%(now)s - greatest(updated_at, %(since)s)))
                                         / 86400.0 / %(half_life_days)s)
    WHERE user_id = %(user_id)s AND status = 'active' AND greatest(updated_at, %(since)s) < %(now)s
    RETURNING id
)
SELECT count(*)::int AS n FROM decayed"""

# Weekly. Low confidence and old: archived, out of default retrieval, still in the history.
ARCHIVE_STALE = """
WITH archived AS (
    UPDATE facts SET status = 'archived'
    WHERE user_id = %(user_id)s AND status = 'active' AND confidence < %(archive_below)s
      AND updated_at < %(now)s - %(archive_after)s
    RETURNING id
)
SELECT count(*)::int AS n FROM archived"""

# Weekly. MemoryBank's consolidation: an old memory nearly identical (cosine) to an older one of the same
# kind is merged into it. The oldest similar memory keeps the counts; the newer is archived with a pointer.
CONSOLIDATE = """
WITH pairs AS (
    SELECT DISTINCT ON (b.id) b.id, a.id AS keep_id
    FROM memories a
    JOIN memories b ON b.user_id = a.user_id AND b.kind = a.kind AND b.id > a.id
    WHERE a.user_id = %(user_id)s AND a.status = 'active' AND b.status = 'active'
      AND b.created_at < %(now)s - %(consolidate_after)s
      AND 1 - (a.embedding <=> b.embedding) >= %(consolidate_similarity)s
    ORDER BY b.id, a.id
), dropped AS (
    -- A memory kept for one pair is never archived for another, so merges never form a chain.
    SELECT p.id, p.keep_id FROM pairs p WHERE NOT EXISTS (SELECT 1 FROM pairs q WHERE q.id = p.keep_id)
), totals AS (
    SELECT d.keep_id, sum(m.access_count) AS access, max(m.strength) AS strength
    FROM dropped d JOIN memories m ON m.user_id = %(user_id)s AND m.id = d.id GROUP BY d.keep_id
), kept AS (
    UPDATE memories m SET access_count = m.access_count + t.access, strength = greatest(m.strength, t.strength)
    FROM totals t WHERE m.user_id = %(user_id)s AND m.id = t.keep_id
    RETURNING m.id
), merged AS (
    UPDATE memories m
    SET status = 'archived', metadata = m.metadata || jsonb_build_object('merged_into', d.keep_id)
    FROM dropped d WHERE m.user_id = %(user_id)s AND m.id = d.id
    RETURNING m.id
)
SELECT (SELECT count(*) FROM merged)::int AS n, (SELECT count(*) FROM kept)::int AS kept"""

# Weekly. Orphans: category summaries with no active fact left, and a reflection cursor with no memory.
CLEAN_ORPHANS = """
WITH categories AS (
    DELETE FROM fact_categories c
    WHERE c.user_id = %(user_id)s
      AND NOT EXISTS (SELECT 1 FROM facts f
                      WHERE f.user_id = %(user_id)s AND f.category = c.name AND f.status = 'active')
    RETURNING c.id
), cursors AS (
    DELETE FROM reflection_state r
    WHERE r.user_id = %(user_id)s AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.user_id = %(user_id)s)
    RETURNING r.id
)
SELECT ((SELECT count(*) FROM categories) + (SELECT count(*) FROM cursors))::int AS n"""

# Monthly. The graph over facts: every supersession recorded on a fact is an edge, and no edge touches a
# deleted fact. Rebuilt from the facts themselves, so a lost or stale edge is repaired.
REBUILD_GRAPH = """
WITH stale AS (
    DELETE FROM fact_relations r
    WHERE r.user_id = %(user_id)s AND EXISTS (
        SELECT 1 FROM facts f WHERE f.user_id = %(user_id)s AND f.id IN (r.from_id, r.to_id) AND f.status = 'deleted')
    RETURNING r.id
), added AS (
    INSERT INTO fact_relations (user_id, from_id, to_id, relation)
    SELECT f.user_id, f.id, f.supersedes, 'supersedes' FROM facts f
    WHERE f.user_id = %(user_id)s AND f.supersedes IS NOT NULL AND f.status <> 'deleted'
      AND NOT EXISTS (SELECT 1 FROM facts o WHERE o.id = f.supersedes AND o.status = 'deleted')
    ON CONFLICT (from_id, to_id, relation) DO NOTHING
    RETURNING id
)
SELECT ((SELECT count(*) FROM stale) + (SELECT count(*) FROM added))::int AS n"""

# Prune job. MemoryBank's `prune_old_memories`, limited to what the lifecycle already archived: an active
# memory is never deleted by age alone.
PRUNE_ARCHIVED = """
WITH gone AS (
    DELETE FROM memories
    WHERE user_id = %(user_id)s AND status = 'archived' AND created_at < %(now)s - %(prune_archived_after)s
    RETURNING id
)
SELECT count(*)::int AS n FROM gone"""


@dataclass(frozen=True, slots=True)
class UserStep:
    """One maintenance statement over one user's rows; its result row's `n` counts what it changed."""

    name: str
    statement: str
    description: str


USER_STEPS: dict[str, UserStep] = {
    s.name: s
    for s in (
        UserStep("merge_duplicates", MERGE_DUPLICATES, "merge exact duplicate memories into the oldest"),
        UserStep("promote_active", PROMOTE_ACTIVE, "raise the confidence of facts stated again recently"),
        UserStep("time_decay", TIME_DECAY, "decay fact confidence with its half-life"),
        UserStep("archive_stale", ARCHIVE_STALE, "archive old low-confidence facts"),
        UserStep("consolidate", CONSOLIDATE, "merge near-duplicate old memories (MemoryBank consolidate)"),
        UserStep("clean_orphans", CLEAN_ORPHANS, "delete summaries and cursors left without rows"),
        UserStep("rebuild_graph", REBUILD_GRAPH, "rebuild the supersession graph over facts"),
        UserStep("prune_memories", PRUNE_ARCHIVED, "delete long-archived memories (MemoryBank prune)"),
    )
}
"""Every per-user SQL step by name; the shell composes them into jobs."""


async def run_user_step(
    conn: AsyncConnection[Any],
    step: UserStep,
    *,
    user_id: str,
    now: datetime,
    since: datetime,
    config: MaintenanceConfig,
) -> int:
    """Run `step` for `user_id` on `conn` (a `user_transaction` acting as that user); return its count."""
    params = {
        "user_id": user_id,
        "now": now,
        "since": since,
        "half_life_days": config.half_life_days,
        "promote_step": config.promote_step,
        "promote_window": config.promote_window,
        "archive_below": config.archive_below,
        "archive_after": config.archive_after,
        "consolidate_similarity": config.consolidate_similarity,
        "consolidate_after": config.consolidate_after,
        "prune_archived_after": config.prune_archived_after,
    }
    rows = await fetch_dicts(conn, step.statement, params)
    return int(rows[0]["n"]) if rows else 0
