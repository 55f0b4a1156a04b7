"""Candidate counts of memory searches, written in batches after the searches rather than inside them.

A search used to update its hits' `candidate_count` in its own statement: a write on every read, with
row locks that serialised concurrent searches of one user. The counts are statistics (how often a
memory came up), so they are gathered in memory and written per user in one statement shortly after;
a crash loses at most the last `delay` of counts, never a memory.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Iterable

from psycopg_pool import AsyncConnectionPool

from cognicore.memory._lifecycle_sql import LOCK_USER_MEMORIES
from cognicore.memory._stream_sql import COUNT_CANDIDATES
from cognicore.memory.tenancy import user_writes

log = logging.getLogger(__name__)

FLUSH_DELAY_S = 0.05
"""How long counts wait for other searches to join their batch."""


class CandidateCounts:
    """Pending candidate counts per user, flushed by a background task or on demand."""

    def __init__(self, pool: AsyncConnectionPool, *, delay: float = FLUSH_DELAY_S) -> None:
        self._pool = pool
        self._delay = delay
        self._pending: dict[str, Counter[int]] = {}
        self._task: asyncio.Task[None] | None = None
        # One flush at a time: a flush asked for while the background one is writing waits for it, so every count
        # taken before the call is written when it returns.
        self._writing = asyncio.Lock()

    def add(self, user_id: str, ids: Iterable[int]) -> None:
        """Count one more search hit for each of `ids`; schedule a flush if none is due."""
        ids = list(ids)
        if not ids:
            return
        self._pending.setdefault(user_id, Counter()).update(ids)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._flush_later())

    async def flush(self) -> None:
        """Write every pending count now, one statement per user (after a flush already writing, if any).

        Each user's lock and update go out in one round trip (`user_writes`), not five (BEGIN, tenant, lock,
        update, COMMIT, each awaited): the flushes run on the searches' event loop, and at 100k memories the
        five-trip flush cost the process 0.9 ms of CPU per search, one round trip 0.4 ms (bench/memory.py data).
        """
        async with self._writing:
            pending, self._pending = self._pending, {}
            for user_id, counts in pending.items():
                ids = sorted(counts)
                async with user_writes(self._pool, user_id) as writes:
                    writes.execute(LOCK_USER_MEMORIES, {"user_id": user_id})  # see memory._lifecycle_sql
                    writes.execute(
                        COUNT_CANDIDATES, {"user_id": user_id, "ids": ids, "counts": [counts[i] for i in ids]}
                    )

    async def _flush_later(self) -> None:
        await asyncio.sleep(self._delay)
        try:
            await self.flush()
        except Exception as exc:  # statistics only: a closed pool or a failover must not surface anywhere
            log.warning("memory candidate counts dropped: %s: %s", type(exc).__name__, exc)
