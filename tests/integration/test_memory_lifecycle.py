"""The memory lifecycle on a real PostgreSQL with a moved clock: decay, archive, promotion, reactivation, capacity."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.lifecycle import sleep_phase
from cognicore.memory.lifecycle_config import LifecycleConfig
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream import MemoryStream, NewMemory
from cognicore.memory.tenancy import user_transaction

U = "alice"
START = datetime(2026, 1, 1, 9, tzinfo=UTC)
CONFIG = LifecycleConfig()


@pytest.fixture(autouse=True)
def moved_clock() -> Iterator[None]:
    clock.start_at(START)
    yield
    clock.start_at(None)


@pytest.fixture
def stream(pool: AsyncConnectionPool) -> MemoryStream:
    return MemoryStream(pool, OfflineEmbeddings(), lifecycle=CONFIG)


async def row(pool: AsyncConnectionPool, memory_id: int, user: str = U) -> dict[str, object]:
    async with user_transaction(pool, user) as conn:
        [found] = await fetch_dicts(
            conn,
            "SELECT status, strength, access_count, consolidation_level, strength_by_perspective, impact_score "
            "FROM memories WHERE id = %s",
            (memory_id,),
        )
    return found


async def live_days(pool: AsyncConnectionPool, days: int, *, per_day: int = 1) -> None:
    """Let `days` pass, running the sleep phase `per_day` times a day."""
    for _ in range(days * per_day):
        clock.advance(timedelta(days=1) / per_day)
        await sleep_phase(pool, user_id=U, config=CONFIG)


async def test_an_unused_memory_is_archived_after_the_seeds_days_and_not_before(
    pool: AsyncConnectionPool, stream: MemoryStream
) -> None:
    [mid] = await stream.add(U, [NewMemory(content="The Lisbon office moved to the fourth floor")])
    days = CONFIG.days_to_archive(CONFIG.initial_strength)
    assert 44 < days < 45  # 0.95 ** 44.9 = 0.1: the seed's own numbers (it says "about 20 days")
    await live_days(pool, 44)
    first = await row(pool, mid)
    assert first["status"] == "active"
    assert first["strength"] == pytest.approx(0.95**44, rel=1e-3)
    await live_days(pool, 1)
    assert (await row(pool, mid))["status"] == "archived"
    # Archived: out of default retrieval, still there when asked for.
    assert await stream.search(U, "Lisbon office floor") == []
    [hit] = await stream.search(U, "Lisbon office floor", status=None)
    assert hit.id == mid


async def test_sleep_phase_twice_at_one_moment_decays_once(pool: AsyncConnectionPool, stream: MemoryStream) -> None:
    [mid] = await stream.add(U, [NewMemory(content="Quarterly budget review is on Fridays")])
    clock.advance(timedelta(days=2))
    moment = clock.now()
    await sleep_phase(pool, user_id=U, config=CONFIG, now=moment)
    again = await sleep_phase(pool, user_id=U, config=CONFIG, now=moment)
    assert again.decayed == 0
    assert (await row(pool, mid))["strength"] == pytest.approx(0.95**2, rel=1e-3)
    # The per-task rate of the seed, ten tasks a day, is the same decay.
    for _ in range(10):
        clock.advance(timedelta(days=1) / 10)
        await sleep_phase(pool, user_id=None, config=CONFIG)
    assert (await row(pool, mid))["strength"] == pytest.approx(0.95**2 * CONFIG.decay_rate(0) ** 10, rel=1e-3)
    assert math.isclose(CONFIG.decay_rate(0), 0.9949, abs_tol=1e-4)
