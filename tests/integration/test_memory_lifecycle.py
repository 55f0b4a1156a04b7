"""The memory lifecycle on a real PostgreSQL with a moved clock: decay, archive, promotion, reactivation, capacity."""

from __future__ import annotations

import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore
from cognicore.memory.lifecycle import MemoryRead, sleep_phase
from cognicore.memory.lifecycle_config import LifecycleConfig, Perspective
from cognicore.memory.lifecycle_stats import lifecycle_stats
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.scoring import Scoring
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


async def test_a_used_memory_survives_and_climbs_consolidation_levels(
    pool: AsyncConnectionPool, stream: MemoryStream
) -> None:
    used, unused = await stream.add(
        U, [NewMemory(content="Deploys go out on Tuesdays"), NewMemory(content="The cafeteria closes at three")]
    )
    levels = []
    for _ in range(50):  # fifty days, used once a day, ten sleep phases a day
        assert await stream.mark_used(U, [used]) == [used]
        await live_days(pool, 1, per_day=10)
        levels.append((await row(pool, used))["consolidation_level"])
    kept, gone = await row(pool, used), await row(pool, unused)
    assert kept["status"] == "active" and kept["access_count"] == 50
    assert levels[3] == 0 and levels[4] == 1 and levels[14] == 2 and levels[29] == 3 and levels[-1] == 3
    assert kept["strength"] > CONFIG.initial_strength  # reinforcement outpaces the slower decay of its level
    assert gone["status"] == "archived"


async def test_an_archived_memory_found_and_used_comes_back_at_reactivation_strength(
    pool: AsyncConnectionPool, stream: MemoryStream
) -> None:
    [mid] = await stream.add(U, [NewMemory(content="The VPN certificate renews every March")])
    await live_days(pool, 46)
    assert (await row(pool, mid))["status"] == "archived"
    [found] = await stream.search(U, "VPN certificate renewal", status=None)
    assert found.id == mid
    assert await stream.mark_used(U, [mid], perspective="security") == [mid]
    back = await row(pool, mid)
    assert back["status"] == "active" and back["strength"] == pytest.approx(CONFIG.reactivation_strength)
    assert back["strength_by_perspective"] == {"security": pytest.approx(0.65)}
    assert [h.id for h in await stream.search(U, "VPN certificate renewal")] == [mid]
    # Unused again, it goes back to the archive after its (shorter) time: 0.5 * 0.95 ** 31.4 = 0.1.
    assert 31 < CONFIG.days_to_archive(CONFIG.reactivation_strength) < 32
    await live_days(pool, 31)
    assert (await row(pool, mid))["status"] == "active"
    await live_days(pool, 1)
    assert (await row(pool, mid))["status"] == "archived"


async def test_capacity_archives_the_weakest(pool: AsyncConnectionPool) -> None:
    small = LifecycleConfig(max_active_memories=3)
    stream = MemoryStream(pool, OfflineEmbeddings(), lifecycle=small)
    ids = await stream.add(U, [NewMemory(content=f"note number {i} about the roadmap") for i in range(5)])
    await stream.mark_used(U, ids[1:4])  # the first and the last stay weaker
    await stream.mark_used(U, [ids[2]])
    report = await sleep_phase(pool, user_id=U, config=small, now=clock.now() + timedelta(hours=1))
    assert report.archived_over_capacity == 2 and report.archived == 0
    statuses = [(await row(pool, i))["status"] for i in ids]
    assert statuses == ["archived", "active", "active", "active", "archived"]
    # Another user's memories neither count nor move.
    [other] = await stream.add("bob", [NewMemory(content="bob's roadmap note")])
    await sleep_phase(pool, user_id=None, config=small, now=clock.now() + timedelta(hours=2))
    assert (await row(pool, other, "bob"))["status"] == "active"
    async with user_transaction(pool, U) as conn:
        [count] = await fetch_dicts(conn, "SELECT count(*) AS n FROM memories WHERE status = 'active'")
    assert count["n"] == 3


async def test_search_for_a_perspective_expands_the_query_and_ranks_by_its_strength(pool: AsyncConnectionPool) -> None:
    stream = MemoryStream(pool, OfflineEmbeddings(), scoring=Scoring(delta=1.0), lifecycle=CONFIG)
    cost = Perspective(name="cost", keywords=("price", "budget", "expense"))
    delivery = Perspective(name="delivery", keywords=("lead time", "shipment", "delay"))
    a, b = await stream.add(
        U,
        [
            NewMemory(content="Acme supplier raised the unit price by fifteen percent"),
            NewMemory(content="Acme supplier shipment arrived two weeks late"),
        ],
    )
    # Expansion: the bare query does not say which matters; each perspective's words decide.
    assert (await stream.search(U, "Acme supplier", perspective=cost))[0].id == a
    assert (await stream.search(U, "Acme supplier", perspective=delivery))[0].id == b
    # Strength by perspective: the same query, without expansion, ranked by the perspective's own strength.
    plain = MemoryStream(
        pool, OfflineEmbeddings(), scoring=Scoring(delta=1.0), lifecycle=LifecycleConfig(enable_query_expansion=False)
    )
    for _ in range(6):
        await plain.mark_used(U, [a], perspective="delivery")
        await plain.mark_used(U, [b], perspective="cost")
    assert (await plain.search(U, "Acme supplier", perspective=cost))[0].id == b
    assert (await plain.search(U, "Acme supplier", perspective=delivery))[0].id == a
    await stream.flush_counts()


async def test_feedback_converts_impact_to_strength_once_per_run(
    pool: AsyncConnectionPool, stream: MemoryStream
) -> None:
    a, b, c = await stream.add(U, [NewMemory(content=t) for t in ("alpha plan", "beta plan", "gamma plan")])
    life = stream.lifecycle
    used = await life.record_task(U, path="answer", run_id="r1", candidate_ids=[a, b], used_ids=[a, c])
    assert used == [a]  # c was never shown to the task, so it cannot have been used
    good = await life.feedback(U, "r1", good=True, note="spot on")
    assert good.memory_ids == (a,) and good.applied == pytest.approx(2.0)
    assert (await row(pool, a))["strength"] == pytest.approx(1.1 + 2.0 * 0.2)
    again = await life.feedback(U, "r1", good=True)
    assert again.applied == 0
    bad = await life.feedback(U, "r1", good=False)
    assert bad.applied == pytest.approx(-4.0)
    moved = await row(pool, a)
    assert moved["impact_score"] == pytest.approx(-2.0) and moved["strength"] == pytest.approx(1.1 - 0.4)
    assert (await row(pool, b))["strength"] == pytest.approx(1.0)  # a candidate, never used: untouched
    assert (await life.feedback(U, "unknown-run", good=True)).memory_ids == ()


async def test_stats_report_the_seeds_metrics_per_user_and_perspective(
    pool: AsyncConnectionPool, stream: MemoryStream
) -> None:
    a, b, c, _ = await stream.add(U, [NewMemory(content=f"fact {n} about invoices") for n in "abcd"])
    life = stream.lifecycle
    await life.record_run(
        U,
        [MemoryRead("plan", (a, b, c), (a,), "planning"), MemoryRead("step", (a, b, c), (a, b), "cost")],
        run_id="r1",
    )
    await life.record_task(U, path="answer", candidate_ids=[], used_ids=[], run_id="r2")
    await stream.search(U, "invoices")
    await stream.flush_counts()
    clock.advance(timedelta(days=46))
    await stream.mark_used(U, [c])  # decays from 1.0 like the rest, then +0.1 before the sleep
    await sleep_phase(pool, user_id=U, config=CONFIG)
    stats = await lifecycle_stats(pool, U)
    assert (stats.total, stats.archived, stats.archive_rate) == (4, 1, 0.25)  # d was never used
    assert stats.reads == 3 and stats.hit_rate == pytest.approx(2 / 3)
    assert stats.candidates_per_use == pytest.approx(6 / 3)
    assert stats.levels == {0: 3} and stats.mean_level == 0
    assert stats.usage_rate == pytest.approx((1 + 1 + 1 + 0) / 4)  # access / candidate count, per memory
    assert sum(stats.strength_bands.values()) == 3
    by_name = {p.perspective: p for p in stats.perspectives}
    assert by_name["cost"].uses == 2 and by_name["cost"].memories == 2 and by_name["planning"].memories == 1
    assert by_name[""].reads == 1 and by_name[""].hit_rate == 0


async def test_facts_as_of_a_past_date_answer_with_what_was_true_then(pool: AsyncConnectionPool) -> None:
    store = FactStore(pool, OfflineEmbeddings())
    extractor = OfflineFactExtractor()

    async def say(text: str, source: str) -> None:
        extracted = await extractor.extract(user_message=text, assistant_message="", known_facts=[])
        await store.upsert(U, extracted.facts, source=source)

    await say("I prefer tea.", "s1#1")  # 2026-01-01
    clock.advance(timedelta(days=45))
    await say("Actually I drink coffee now, not tea.", "s2#1")  # 2026-02-15
    then = await store.as_of(U, datetime(2026, 1, 31, 23, 59, tzinfo=UTC))
    now = await store.as_of(U, clock.now())
    assert [f.statement for f in then] and all("tea" in f.statement.lower() for f in then)
    assert any("coffee" in f.statement.lower() for f in now) and not any("tea" in f.statement for f in now)
    assert await store.as_of(U, datetime(2025, 12, 31, tzinfo=UTC)) == []
    with pytest.raises(ValueError, match="timezone-aware"):
        await store.as_of(U, datetime(2026, 1, 31))
