"""The life of a memory over time: the sleep phase (decay, promotion, archive, capacity), reuse and impact.

Seed 002 (persistent-memory MVP), sections 3-6. A memory becomes a search candidate (counted apart, in
`memory._counts`) and is reinforced only when a task's output actually used it (`reinforce`, after
`memory.usage` detected it). The sleep phase then, per user and one set-based statement per stage:
promotes consolidation levels by access count, decays strength at the level's rate for the time elapsed,
archives what fell below the threshold, and archives the weakest beyond the capacity. Archived memories leave
default retrieval but stay queryable; using one again reactivates it. Nothing here deletes anything.

Every decision reads the time it is given (`now`, from `cognicore.memory.clock` by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory._lifecycle_sql import (
    ADD_IMPACT,
    ARCHIVE_OVER_CAPACITY,
    ARCHIVE_WEAK,
    DECAY,
    LEARN,
    LESSON_IDS,
    LOCK_USER_MEMORIES,
    PROMOTE,
    RECORD_TASK,
    REINFORCE,
    RUN_MEMORIES,
    UPSERT_FEEDBACK,
    USER_IDS,
)
from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import check_user_id, user_transaction

__all__ = ["TASK_PATHS", "FeedbackReport", "Lifecycle", "MemoryRead", "SleepReport", "sleep_phase"]

TASK_PATHS = ("answer", "plan", "step", "reuse", "search")
"""The paths of a task that read memory (the `path` of a `MemoryRead`)."""


@dataclass(frozen=True, slots=True)
class MemoryRead:
    """One path of a task that read memory: what it was shown (candidates) and what its output used."""

    path: str
    candidate_ids: tuple[int, ...]
    used_ids: tuple[int, ...] = ()
    perspective: str | None = None
    learnings: tuple[tuple[int, str], ...] = ()
    """(memory id, what it taught this path): kept per perspective on the memory when the read has one."""


@dataclass(frozen=True, slots=True)
class SleepReport:
    """What one sleep phase changed, summed over the users it ran for."""

    at: datetime
    users: int = 0
    promoted: int = 0
    decayed: int = 0
    archived: int = 0
    archived_over_capacity: int = 0
    per_user: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FeedbackReport:
    """What a verdict on a run did to the memories it used."""

    run_id: str
    impact: float
    applied: float
    """The impact actually added now: a second verdict on a run replaces the first, so only the difference."""
    memory_ids: tuple[int, ...]


async def sleep_phase(
    pool: AsyncConnectionPool, *, user_id: str | None, config: LifecycleConfig, now: datetime | None = None
) -> SleepReport:
    """Run the sleep phase for `user_id` (None: every user with memories) as of `now` (default: the clock).

    Idempotent for a given `now`: decay covers the time since each memory's last decay, so running it again,
    or after-task and scheduled runs interleaved, never decays an interval twice.
    """
    when = _aware(now or clock.now())
    if user_id is None:
        async with pool.connection() as conn:
            users = [r["user_id"] for r in await fetch_dicts(conn, USER_IDS)]
    else:
        users = [check_user_id(user_id)]
    totals = {"promoted": 0, "decayed": 0, "archived": 0, "archived_over_capacity": 0}
    per_user: dict[str, dict[str, int]] = {}
    for user in users:
        counts = await _sleep_user(pool, user, config, when)
        per_user[user] = counts
        for key, value in counts.items():
            totals[key] += value
    return SleepReport(at=when, users=len(users), per_user=per_user, **totals)


async def _sleep_user(
    pool: AsyncConnectionPool, user_id: str, config: LifecycleConfig, now: datetime
) -> dict[str, int]:
    """The four stages for one user, in one transaction (a crash leaves the user as before)."""
    params: dict[str, Any] = {
        "user_id": user_id,
        "now": now,
        "decay_before": now - timedelta(hours=config.decay_interval_hours),
        "thresholds": list(config.consolidation_thresholds),
        "targets": config.daily_targets(),
        "max_level": config.max_level,
        "threshold": config.archive_threshold,
        "capacity": config.max_active_memories,
    }
    counts: dict[str, int] = {}
    async with user_transaction(pool, user_id) as conn:
        await conn.execute(LOCK_USER_MEMORIES, params)
        # Promotion first, so a memory used enough decays at its new, slower rate from now on.
        for key, statement in (
            ("promoted", PROMOTE),
            ("decayed", DECAY),
            ("archived", ARCHIVE_WEAK),
            ("archived_over_capacity", ARCHIVE_OVER_CAPACITY),
        ):
            counts[key] = (await fetch_dicts(conn, statement, params))[0]["n"]
    return counts


class Lifecycle:
    """Reinforcement, task records and impact of one deployment's memory stream, with its `LifecycleConfig`."""

    def __init__(self, pool: AsyncConnectionPool, config: LifecycleConfig | None = None) -> None:
        self._pool = pool
        self.config = config or LifecycleConfig()

    async def sleep(self, user_id: str | None, *, now: datetime | None = None) -> SleepReport:
        """The sleep phase with this lifecycle's config (see `sleep_phase`)."""
        return await sleep_phase(self._pool, user_id=user_id, config=self.config, now=now)

    async def reinforce(
        self,
        user_id: str,
        ids: Sequence[int],
        *,
        perspectives: Sequence[str] = (),
        now: datetime | None = None,
    ) -> list[int]:
        """Second stage: memories `ids` were used (from `perspectives`). Returns the ids reinforced."""
        check_user_id(user_id)
        if not ids:
            return []
        params = {
            "user_id": user_id,
            "ids": sorted(set(ids)),
            "gain": self.config.strength_increment_on_use,
            "perspective_gain": self.config.perspective_strength_increment,
            "reactivation": self.config.reactivation_strength,
            "perspectives": sorted(set(perspectives)),
            "now": _aware(now or clock.now()),
        }
        async with user_transaction(self._pool, user_id) as conn:
            await conn.execute(LOCK_USER_MEMORIES, params)
            rows = await fetch_dicts(conn, REINFORCE, params)
        return sorted(r["id"] for r in rows)

    async def record_run(
        self,
        user_id: str,
        reads: Sequence[MemoryRead],
        *,
        run_id: str | None = None,
        succeeded: bool = False,
        now: datetime | None = None,
    ) -> list[int]:
        """Record every path of one task that read memory, and reinforce what it used, once per memory.

        Each read is kept (candidates and uses, for the stats); a memory used on several paths is reinforced
        once, with each perspective it was used from. Used ids that were not candidates of their read are
        dropped: only what a path was shown can have been used. A task that `succeeded` adds the seed's
        task-success impact to what it used. Returns the ids reinforced.
        """
        check_user_id(user_id)
        when = _aware(now or clock.now())
        by_memory: dict[int, set[str]] = {}
        rows = []
        for read in reads:
            if read.path not in TASK_PATHS:
                raise ValueError(f"unknown memory path {read.path!r}; known: {', '.join(TASK_PATHS)}")
            candidates = list(dict.fromkeys(read.candidate_ids))
            used = sorted(set(read.used_ids) & set(candidates))
            for mid in used:
                by_memory.setdefault(mid, set()).update([read.perspective] if read.perspective else [])
            rows.append(
                {
                    "user_id": user_id,
                    "run_id": run_id,
                    "path": read.path,
                    "perspective": read.perspective,
                    "candidate_ids": candidates,
                    "used_ids": used,
                    "now": when,
                }
            )
        groups: dict[frozenset[str], list[int]] = {}
        for mid, names in by_memory.items():
            groups.setdefault(frozenset(names), []).append(mid)
        reinforced: list[int] = []
        for group, ids in groups.items():
            reinforced += await self.reinforce(user_id, ids, perspectives=sorted(group), now=when)
        learned = [
            {"user_id": user_id, "id": mid, "perspective": read.perspective, "text": text, "now": when}
            for read in reads
            if read.perspective
            for mid, text in read.learnings
            if mid in read.used_ids
        ]
        if rows:
            async with user_transaction(self._pool, user_id) as conn, conn.cursor() as cur:
                await cur.executemany(RECORD_TASK, rows)
                if learned:  # the latest lesson per perspective replaces the one before
                    await cur.executemany(LEARN, learned)
        if succeeded and reinforced:
            await self.add_impact(user_id, reinforced, self.config.impact_task_success, now=when)
        return sorted(reinforced)

    async def record_task(
        self,
        user_id: str,
        *,
        path: str,
        candidate_ids: Sequence[int],
        used_ids: Sequence[int],
        run_id: str | None = None,
        perspective: str | None = None,
        now: datetime | None = None,
    ) -> list[int]:
        """One read of one task (see `record_run`)."""
        read = MemoryRead(
            path=path, candidate_ids=tuple(candidate_ids), used_ids=tuple(used_ids), perspective=perspective
        )
        return await self.record_run(user_id, [read], run_id=run_id, now=now)

    async def learn(
        self, user_id: str, memory_id: int, *, perspective: str, text: str, now: datetime | None = None
    ) -> bool:
        """Keep what a memory taught from one perspective (seed 002, 3.2 `learnings`); False if no such memory."""
        check_user_id(user_id)
        params = {"user_id": user_id, "id": memory_id, "perspective": perspective, "text": text}
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, LEARN, {**params, "now": _aware(now or clock.now())})
        return bool(rows)

    async def add_impact(
        self, user_id: str, ids: Sequence[int], impact: float, *, now: datetime | None = None
    ) -> list[int]:
        """Add `impact` to memories `ids` and `impact * impact_to_strength_ratio` to their strength (floor 0)."""
        check_user_id(user_id)
        if not ids or impact == 0:
            return []
        params = {
            "user_id": user_id,
            "ids": sorted(set(ids)),
            "impact": impact,
            "ratio": self.config.impact_to_strength_ratio,
            "now": _aware(now or clock.now()),
        }
        async with user_transaction(self._pool, user_id) as conn:
            await conn.execute(LOCK_USER_MEMORIES, params)
            rows = await fetch_dicts(conn, ADD_IMPACT, params)
        return sorted(r["id"] for r in rows)

    async def lesson_ids(self, user_id: str, contents: Sequence[str]) -> list[int]:
        """The ids of the user's failure lessons (reflexion thoughts) with these texts, whatever their status."""
        check_user_id(user_id)
        if not contents:
            return []
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, LESSON_IDS, {"user_id": user_id, "contents": list(contents)})
        return sorted(r["id"] for r in rows)

    async def run_memories(self, user_id: str, run_id: str) -> list[int]:
        """The memories run `run_id` used, on every path that read memory."""
        check_user_id(user_id)
        async with user_transaction(self._pool, user_id) as conn:
            rows = await fetch_dicts(conn, RUN_MEMORIES, {"user_id": user_id, "run_id": run_id})
        return list(rows[0]["ids"])

    async def feedback(
        self, user_id: str, run_id: str, *, good: bool, note: str | None = None, now: datetime | None = None
    ) -> FeedbackReport:
        """A user's verdict on a run, as impact on the memories it used (seed 002, 4.4).

        One verdict per run: giving another replaces the first, so a memory never collects the same run twice.
        """
        check_user_id(user_id)
        when = _aware(now or clock.now())
        impact = self.config.impact_user_positive if good else self.config.impact_user_negative
        ids = await self.run_memories(user_id, run_id)
        params = {"user_id": user_id, "run_id": run_id, "impact": impact, "note": note, "ids": ids, "now": when}
        async with user_transaction(self._pool, user_id) as conn:
            await conn.execute(LOCK_USER_MEMORIES, params)
            delta = float((await fetch_dicts(conn, UPSERT_FEEDBACK, params))[0]["delta"])
            if ids and delta:
                await conn.execute(
                    ADD_IMPACT,
                    {
                        "user_id": user_id,
                        "ids": ids,
                        "impact": delta,
                        "ratio": self.config.impact_to_strength_ratio,
                        "now": when,
                    },
                )
        return FeedbackReport(run_id=run_id, impact=impact, applied=delta, memory_ids=tuple(ids))


def _aware(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError(f"lifecycle times must be timezone-aware (e.g. clock.now()), got {moment!r}")
    return moment
