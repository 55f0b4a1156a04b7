"""Two-stage reinforcement through the whole graph: a recalled memory the answer used is reinforced and recorded."""

from __future__ import annotations

import pytest

from cognicore.app import App, process_memory
from cognicore.feedback import UnknownRun, give_feedback
from cognicore.memory.rows import fetch_dicts
from cognicore.memory.tenancy import user_transaction


async def test_a_recalled_memory_the_answer_used_is_reinforced_and_recorded(app: App) -> None:
    told = await app.runner.ask("Our deploy window is Tuesday mornings at nine.", session_id="s1", user_id="ann")
    await process_memory(app, user_id="ann")
    assert told.outcome == "succeeded"
    result = await app.runner.ask("When is our deploy window?", session_id="s2", user_id="ann")
    work = await process_memory(app, user_id="ann")
    assert result.outcome == "succeeded" and "tuesday" in result.answer.lower()
    assert work.sleep is not None and work.sleep.users == 1  # the sleep phase ran after the task
    async with user_transaction(app.pool, "ann") as conn:
        tasks = await fetch_dicts(conn, "SELECT run_id, path, candidate_ids, used_ids FROM memory_tasks ORDER BY id")
        [memory] = await fetch_dicts(
            conn,
            "SELECT id, access_count, strength FROM memories WHERE content = %s",
            ("Our deploy window is Tuesday mornings at nine.",),
        )
    [read] = [t for t in tasks if t["run_id"] == result.run_id]
    assert read["path"] == "answer"
    assert memory["id"] in read["candidate_ids"] and read["used_ids"] == [memory["id"]]
    assert memory["access_count"] == 1
    # +0.1 on use and +1.5 * 0.2 for the task's success, less a few seconds of decay.
    assert 1.35 < memory["strength"] < 1.41


async def test_feedback_reaches_the_runs_memories_and_its_workflow_once(app: App) -> None:
    await app.runner.ask("Our quarterly briefings go to the board.", session_id="f0", user_id="ann")
    await process_memory(app, user_id="ann")
    task = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
    run = await app.runner.ask(task, session_id="f1", user_id="ann")
    assert run.outcome == "succeeded" and run.workflow is not None and run.workflow["id"]
    before = await app.workflows.get(workflow_id=run.workflow["id"], user_id="ann")
    bad = await give_feedback(app, run.run_id, user_id="ann", good=False, note="wrong quarter")
    assert bad.workflow_id == run.workflow["id"] and bad.memory.applied == -2.0
    after = await app.workflows.get(workflow_id=run.workflow["id"], user_id="ann")
    assert after.failure_count == before.failure_count + 1 and after.recent_outcomes[-1] is False
    again = await give_feedback(app, run.run_id, user_id="ann", good=False)
    assert again.memory.applied == 0 and again.workflow_status is None  # the same verdict counts once
    unchanged = await app.workflows.get(workflow_id=run.workflow["id"], user_id="ann")
    assert unchanged.failure_count == after.failure_count
    with pytest.raises(UnknownRun, match="no run 'nope'"):
        await give_feedback(app, "nope", user_id="ann", good=True)
    with pytest.raises(UnknownRun):  # another user's run is no run of theirs
        await give_feedback(app, run.run_id, user_id="bob", good=True)
