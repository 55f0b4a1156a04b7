"""Every path of a run that reads memory, with a moved clock: the recall is the orchestrator's search (its
perspective ranks and expands it), an archived memory the run finds and uses comes back at reactivation
strength, and a failure lesson the planner was shown in a task that then succeeded gains the prevented-error
impact."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from cognicore.app import App, process_memory
from cognicore.memory import clock
from cognicore.memory.lifecycle_config import LifecycleConfig, Perspective
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.stream_types import NewMemory
from cognicore.memory.tenancy import user_transaction
from cognicore.orchestrator.recollection import Recollector
from cognicore.settings import Settings
from tests.integration.conftest import AppFactory

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
CONFIG = LifecycleConfig()
TOLD = "Our deploy window is Tuesday mornings at nine."
TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"


@pytest.fixture(autouse=True)
def moved_clock() -> Iterator[None]:
    clock.start_at(START)
    yield
    clock.start_at(None)


async def memory_row(app: App, user: str, content: str) -> dict[str, object]:
    async with user_transaction(app.pool, user) as conn:
        [found] = await fetch_dicts(
            conn,
            "SELECT id, status, strength, access_count, strength_by_perspective, impact_score, learnings FROM memories "
            "WHERE content = %s",
            (content,),
        )
    return found


async def reads_of(app: App, user: str, run_id: str) -> list[dict[str, object]]:
    async with user_transaction(app.pool, user) as conn:
        return await fetch_dicts(
            conn,
            "SELECT path, perspective, candidate_ids, used_ids FROM memory_tasks WHERE run_id = %s ORDER BY id",
            (run_id,),
        )


async def test_an_archived_memory_the_runs_recall_finds_and_uses_comes_back_at_reactivation_strength(
    app: App,
) -> None:
    told = await app.runner.ask(TOLD, session_id="s1", user_id="ann")
    await process_memory(app, user_id="ann")
    assert told.outcome == "succeeded"
    for _ in range(60):  # two months without use, a sleep phase a day: far below the archive threshold
        clock.advance(timedelta(days=1))
        await app.memory.stream.lifecycle.sleep("ann")
    archived = await memory_row(app, "ann", TOLD)
    assert archived["status"] == "archived"
    assert await app.memory.stream.search("ann", "When is our deploy window?") == []  # not in default retrieval

    result = await app.runner.ask("When is our deploy window?", session_id="s2", user_id="ann")
    await process_memory(app, user_id="ann")
    assert result.outcome == "succeeded" and "tuesday" in result.answer.lower()
    [read] = await reads_of(app, "ann", result.run_id)
    assert read["path"] == "answer" and read["used_ids"] == [archived["id"]]
    back = await memory_row(app, "ann", TOLD)
    # Reactivation strength, then the task's success impact (1.5 * 0.2); the perspective it was used from too.
    ratio = CONFIG.impact_to_strength_ratio
    assert back["status"] == "active"
    assert back["strength"] == pytest.approx(CONFIG.reactivation_strength + CONFIG.impact_task_success * ratio)
    assert back["strength_by_perspective"] == {
        "planning": pytest.approx(CONFIG.reactivation_strength + CONFIG.perspective_strength_increment)
    }
    assert archived["id"] in [h.id for h in await app.memory.stream.search("ann", "When is our deploy window?")]


async def test_the_recall_ranks_by_the_orchestrators_perspective_and_reinforces_it(
    make_app: AppFactory, settings: Settings
) -> None:
    ops = Perspective(name="ops", keywords=("deploy", "rollout", "maintenance"))
    lifecycle = CONFIG.model_copy(update={"perspectives": {"orchestrator": (ops,)}})
    tuned = settings.model_copy(update={"memory_lifecycle": lifecycle})
    async with make_app(settings=tuned) as app:
        a, b = "The deploy checklist lives in the wiki", "The deploy checklist lives in the shared drive"
        ids = await app.memory.stream.add("ann", [NewMemory(content=a), NewMemory(content=b)])
        recollector = Recollector(app.memory, perspectives=(ops,))
        plain = await recollector.recall(user_id="ann", session_id="x", request="deploy checklist", budget=500)
        assert [e["id"] for e in plain["episodes"]] == ids  # equal strength: the older first (same score, by id)
        async with user_transaction(app.pool, "ann") as conn:
            await conn.execute(
                "UPDATE memories SET strength_by_perspective = '{\"ops\": 9.0}' WHERE id = %s", (ids[1],)
            )
        ranked = await recollector.recall(user_id="ann", session_id="x", request="deploy checklist", budget=500)
        assert [e["id"] for e in ranked["episodes"]] == [ids[1], ids[0]]  # ranked by the perspective's strength
        # The whole run: its recall is made from the perspective, and the use is reinforced on it.
        [told] = await app.memory.stream.add("ann", [NewMemory(content=TOLD)])
        result = await app.runner.ask("When is our deploy window?", session_id="s", user_id="ann")
        assert result.outcome == "succeeded" and "tuesday" in result.answer.lower()
        [read] = await reads_of(app, "ann", result.run_id)
        assert read["perspective"] == "ops" and told in read["candidate_ids"] and told in read["used_ids"]  # type: ignore[operator]
        row = await memory_row(app, "ann", TOLD)
        assert row["strength_by_perspective"] == {"ops": pytest.approx(1.0 + CONFIG.perspective_strength_increment)}
        # What it taught the answer, kept on the memory under that perspective (seed 002, `learnings`).
        assert "tuesday" in row["learnings"]["ops"].lower()  # type: ignore[index]


async def test_a_failure_lesson_the_planner_was_shown_gains_the_prevented_error_impact(app: App) -> None:
    lesson = (
        f"For the request {TASK!r}, step s9 (report_generation) failed: the chart had no rows. "
        "Next time avoid report_generation for this, or rephrase its instruction more specifically."
    )
    [lesson_id] = await app.memory.stream.add(
        "ann", [NewMemory(kind="thought", content=lesson, importance=8, metadata={"reflexion": True})]
    )
    run = await app.runner.ask(TASK, session_id="t1", user_id="ann")
    assert run.outcome == "succeeded"
    plan_reads = [r for r in await reads_of(app, "ann", run.run_id) if r["path"] == "plan"]
    assert any(r["candidate_ids"] == [lesson_id] and r["used_ids"] == [lesson_id] for r in plan_reads), plan_reads
    row = await memory_row(app, "ann", lesson)
    # Used (+0.1), the task's success (1.5) and the prevented error (2.0), impact at 0.2 strength each.
    expected_impact = CONFIG.impact_task_success + CONFIG.impact_prevented_error
    assert row["impact_score"] == pytest.approx(expected_impact)
    expected = CONFIG.initial_strength + CONFIG.strength_increment_on_use + expected_impact * 0.2
    assert row["strength"] == pytest.approx(expected, abs=0.01)
