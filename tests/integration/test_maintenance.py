"""Maintenance jobs on the real database: what each step changes, exactly once per slot, resumed after a crash."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row

from cognicore import maintenance
from cognicore.app import App
from cognicore.maintenance import JobBusy, UnknownJob, job_status, run_job
from cognicore.memory import clock
from cognicore.memory.jobs import EXTRACT_TURN, enqueue_turn, make_extract_handler, process
from cognicore.memory.stream import NewMemory
from cognicore.memory.tenancy import user_transaction

U = "maint-alice"
START = datetime(2026, 3, 2, 3, tzinfo=UTC)


@pytest.fixture(autouse=True)
def moved_clock() -> Iterator[None]:
    clock.start_at(START)
    yield
    clock.start_at(None)


async def _sql(app: App, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    async with user_transaction(app.admin_pool, U) as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(query, params or {})  # type: ignore[arg-type]
        return await cur.fetchall() if cur.description else []


async def _facts(app: App, *messages: str) -> None:
    for i, text in enumerate(messages):
        await enqueue_turn(
            app.pool, user_id=U, session_id="s", round=i + 1, user_message=text, assistant_message="Noted."
        )
    handlers = {EXTRACT_TURN: make_extract_handler(app.roles.extractor, app.memory.facts)}
    assert (await process(app.pool, handlers, user_id=U)).failed == 0


async def test_weekly_decays_with_the_half_life_archives_and_consolidates_once_per_slot(app: App) -> None:
    await _facts(app, "I prefer tea.", "I live in Lisbon.")
    # Tea was last stated 30 days ago (one half-life), Lisbon 120 days ago at low confidence.
    await _sql(
        app,
        "UPDATE facts SET confidence = 0.8, updated_at = CASE WHEN statement LIKE '%%tea%%' "
        "THEN %(now)s - interval '30 days' ELSE %(now)s - interval '120 days' END",
        {"now": clock.now()},
    )
    await _sql(app, "UPDATE facts SET confidence = 0.5 WHERE statement LIKE '%%Lisbon%%'")
    old = START - timedelta(days=60)
    ids = await app.memory.stream.add(
        U,
        [
            NewMemory(content="The quarterly sales review is on Friday in room four", created_at=old),
            NewMemory(content="The quarterly sales review is on Friday, in room four!", created_at=old),
            NewMemory(content="The quarterly sales review is on Friday in room four", created_at=START),
            NewMemory(content="Bob likes green tea with honey in the afternoon", created_at=old),
        ],
    )
    report = await run_job(app, "weekly", period="2026-W10")
    assert report.steps["time_decay"] == 2 and report.steps["consolidate"] == 1
    rows = {r["statement"]: r for r in await _sql(app, "SELECT statement, confidence, status FROM facts")}
    tea = next(r for s, r in rows.items() if "tea" in s)
    lisbon = next(r for s, r in rows.items() if "Lisbon" in s)
    assert math.isclose(float(tea["confidence"]), 0.4, rel_tol=1e-3)  # 0.8 halved after one half-life
    assert lisbon["status"] == "archived"  # 0.5 * 0.5^4 < 0.3 and unchanged for 120 days
    memories = {r["id"]: r for r in await _sql(app, "SELECT id, status, metadata FROM memories")}
    # The old near-duplicate merges into the older one; the recent copy is too young to consolidate.
    assert memories[ids[1]]["status"] == "archived" and memories[ids[1]]["metadata"]["merged_into"] == ids[0]
    assert [memories[i]["status"] for i in (ids[0], ids[2], ids[3])] == ["active"] * 3

    again = await run_job(app, "weekly", period="2026-W10")
    assert again.already_done
    # A week later only that week decays: 0.4 * 0.5^(7/30).
    clock.advance(timedelta(days=7))
    await run_job(app, "weekly", period="2026-W11")
    [tea_now] = await _sql(app, "SELECT confidence FROM facts WHERE statement LIKE '%%tea%%'")
    assert math.isclose(float(tea_now["confidence"]), 0.4 * 0.5 ** (7 / 30), rel_tol=1e-3)


async def test_nightly_merges_exact_duplicates_promotes_and_refreshes_summaries(app: App) -> None:
    ids = await app.memory.stream.add(U, [NewMemory(content="Standup at nine")] * 2)
    await _facts(app, "I prefer tea.", "I prefer tea.")  # stated twice today: promoted tonight
    [before] = await _sql(app, "SELECT confidence, times_stated FROM facts")
    await _sql(app, "UPDATE facts SET updated_at = %(now)s - interval '1 hour'", {"now": clock.now()})
    report = await run_job(app, "nightly", period="2026-03-02")
    assert report.steps["merge_duplicates"] == 1 and report.steps["promote_active"] == 1
    [after] = await _sql(app, "SELECT confidence FROM facts")
    assert math.isclose(float(after["confidence"]), min(1.0, float(before["confidence"]) + 0.05), rel_tol=1e-4)
    statuses = [r["status"] for r in await _sql(app, "SELECT status FROM memories ORDER BY id")]
    assert statuses == ["active", "archived"] and len(ids) == 2
    [summary] = await _sql(app, "SELECT fact_count FROM fact_categories")
    assert summary["fact_count"] == 1
    # An on-demand run the same night promotes nothing twice: the interval starts at the last promotion.
    manual = await run_job(app, "promote_active")
    assert manual.steps["promote_active"] == 0


async def test_a_run_that_crashed_resumes_its_slot_and_skips_the_steps_it_finished(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _facts(app, "I prefer tea.")
    await _sql(app, "UPDATE facts SET confidence = 0.8, updated_at = %(t)s", {"t": START - timedelta(days=30)})
    real = maintenance.STEPS["clean_orphans"]

    async def crash(ctx: maintenance.StepContext) -> int:
        raise RuntimeError("the worker died")

    monkeypatch.setitem(
        maintenance.STEPS, "clean_orphans", maintenance.Step("clean_orphans", "", per_user=False, call=crash)
    )
    with pytest.raises(RuntimeError, match="worker died"):
        await run_job(app, "weekly", period="2026-W10")
    monkeypatch.setitem(maintenance.STEPS, "clean_orphans", real)
    resumed = await run_job(app, "weekly", period="2026-W10")
    assert resumed.attempts == 2
    assert resumed.skipped == {"time_decay": 1, "archive_stale": 1, "consolidate": 1}
    [tea] = await _sql(app, "SELECT confidence FROM facts")
    assert math.isclose(float(tea["confidence"]), 0.4, rel_tol=1e-3)  # decayed once, not twice
    status = await job_status(app.admin_pool)
    [weekly] = [r for r in status["runs"] if r["job"] == "weekly"]
    assert (weekly["status"], weekly["attempts"]) == ("done", 2)


async def test_one_job_never_runs_twice_at_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    started = asyncio.Event()
    release = asyncio.Event()

    async def slow(ctx: maintenance.StepContext) -> int:
        started.set()
        await release.wait()
        return 1

    monkeypatch.setitem(maintenance.STEPS, "vacuum_analyze", maintenance.Step("vacuum_analyze", "", False, call=slow))
    first = asyncio.create_task(run_job(app, "vacuum_analyze"))
    await started.wait()
    with pytest.raises(JobBusy, match="another process"):
        await run_job(app, "vacuum_analyze")
    release.set()
    assert (await first).steps == {"vacuum_analyze": 1}
    with pytest.raises(UnknownJob, match="jobs: nightly, weekly, monthly, prune"):
        await run_job(app, "hourly")


async def test_monthly_rebuilds_the_graph_reembeds_and_vacuums(app: App) -> None:
    await _facts(app, "I prefer tea.", "Actually I drink coffee now, not tea.")
    await _sql(app, "DELETE FROM fact_relations")
    report = await run_job(app, "monthly", period="2026-03")
    assert report.steps["rebuild_graph"] == 1 and report.steps["vacuum_analyze"] == 1
    assert report.steps["reembed"] >= 2
    [edge] = await _sql(app, "SELECT relation FROM fact_relations")
    assert edge["relation"] == "supersedes"


async def test_the_prune_job_deletes_long_archived_memories_and_old_finished_queue_jobs(app: App) -> None:
    clock.start_at(datetime.now(UTC))
    old = clock.now() - timedelta(days=400)
    [gone, kept] = await app.memory.stream.add(
        U,
        [
            NewMemory(content="An old archived note", created_at=old),
            NewMemory(content="An old active note", created_at=old),
        ],
    )
    await _sql(app, "UPDATE memories SET status = 'archived' WHERE id = %(id)s", {"id": gone})
    from cognicore.worker import defer_job

    await defer_job(app, "nightly")
    async with app.admin_pool.connection() as conn:
        await conn.execute("UPDATE cognicore_jobs.procrastinate_jobs SET status = 'succeeded'")
    # Two weekly runs a week apart: the ledger keeps only the newer progress, which the next decay starts from.
    await run_job(app, "weekly", period="old")
    clock.advance(timedelta(days=7))
    await run_job(app, "weekly", period="newer")
    clock.advance(timedelta(days=app.settings.retention_days + 1))
    report = await run_job(app, "prune")
    assert report.steps["prune_memories"] == 1
    # The queue job, the old run's four progress rows, then the old run itself.
    assert report.steps["prune_queue"] == 1 + 4 + 1
    assert [r["id"] for r in await _sql(app, "SELECT id FROM memories")] == [kept]
    async with app.admin_pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        await cur.execute("SELECT job, period FROM cognicore_jobs.maintenance_runs ORDER BY id")
        assert [(r["job"], r["period"]) for r in await cur.fetchall()][:1] == [("weekly", "newer")]


async def test_the_application_role_has_no_access_to_the_job_schema(app: App) -> None:
    for table in ("procrastinate_jobs", "maintenance_runs", "maintenance_progress"):
        async with app.pool.connection() as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                await conn.execute(f"SELECT 1 FROM cognicore_jobs.{table}")  # type: ignore[arg-type]


async def test_memory_process_for_everyone_drains_every_users_extraction(app: App) -> None:
    from cognicore.app import process_memory

    for user in (U, "maint-bob"):
        await enqueue_turn(
            app.pool, user_id=user, session_id="s", round=1, user_message="I prefer tea.", assistant_message="Ok."
        )
    work = await process_memory(app, user_id=None, reflect=False)
    assert (work.jobs.done, set(work.jobs.users)) == (2, {U, "maint-bob"})


async def test_orphans_go_and_the_graph_drops_edges_to_deleted_facts(app: App) -> None:
    await _facts(app, "I prefer tea.", "Actually I drink coffee now, not tea.")
    await app.memory.facts.refresh_categories(U)
    # Every fact of the category leaves (deleted by hand): its summary is an orphan, and so are its edges.
    await _sql(app, "UPDATE facts SET status = 'deleted'")
    assert await _sql(app, "SELECT id FROM fact_relations")
    report = await run_job(app, "clean_orphans")
    assert report.steps["clean_orphans"] >= 1 and await _sql(app, "SELECT id FROM fact_categories") == []
    assert (await run_job(app, "rebuild_graph")).steps["rebuild_graph"] >= 1
    assert await _sql(app, "SELECT id FROM fact_relations") == []
    # Both steps are idempotent: nothing left to do the second time.
    assert (await run_job(app, "clean_orphans")).steps == {"clean_orphans": 0}
    assert (await run_job(app, "rebuild_graph")).steps == {"rebuild_graph": 0}
