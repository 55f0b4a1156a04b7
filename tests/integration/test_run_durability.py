"""Honest run states and durable recordings: reused workflows replay, failed models free the session."""

from __future__ import annotations

import pytest

from cognicore.app import App
from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.errors import NothingToResume, SessionBusy
from cognicore.orchestrator.threads import thread_id
from tests.fakes import junk, scripted
from tests.integration.conftest import AppFactory

DEMO_TASK = "Analyze the latest sales data, find the three best-selling products and write a short briefing"
QUESTION = "What is the return policy for opened headphones?"


async def test_a_run_that_reused_a_workflow_replays_identically(app: App) -> None:
    first = await app.runner.ask(DEMO_TASK, session_id="demo", user_id="ann")
    second = await app.runner.ask(DEMO_TASK, session_id="demo", user_id="ann")
    assert second.workflow is not None and second.workflow["reused"] is True, second.workflow
    calls = await app.runs.calls(second.run_id, user_id="ann")
    assert any(c.role == "lookup_workflow" and c.output for c in calls), "the reuse found a stored workflow"
    report, _ = await app.runner.replay(second.run_id, user_id="ann")
    assert report.identical, report.differences
    live, _ = await app.runner.replay(second.run_id, user_id="ann", mode="live")
    assert live.identical, live.differences
    assert first.run_id != second.run_id


async def test_a_model_that_keeps_failing_ends_the_run_failed_and_frees_the_session(make_app: AppFactory) -> None:
    async with make_app(chat_model=scripted([junk() for _ in range(12)])) as app:
        with pytest.raises(ModelCallError):
            await app.runner.ask("Summarise our return policy", session_id="flaky", user_id="ann")
        [record] = await app.runs.list(user_id="ann", session_id="flaky")
        assert record.status == "failed" and (record.error or "").startswith("ModelCallError")
        with pytest.raises(NothingToResume):
            await app.runner.resume(session_id="flaky", user_id="ann")
    async with make_app() as app:  # the model is back (here: the offline engine): the session works
        again = await app.runner.ask(QUESTION, session_id="flaky", user_id="ann")
        assert again.outcome == "succeeded"


async def test_a_session_held_by_a_live_run_is_busy_not_interrupted(app: App) -> None:
    async with app.runs.hold_thread(thread_id("ann", "live")) as held:  # what a live run in another process holds
        assert held
        with pytest.raises(SessionBusy, match="busy"):
            await app.runner.ask(QUESTION, session_id="live", user_id="ann")
        with pytest.raises(SessionBusy, match="busy"):
            await app.runner.resume(session_id="live", user_id="ann")
        other = await app.runner.ask(QUESTION, session_id="live", user_id="bob")
        assert other.outcome == "succeeded", "another user's session of the same name is not held"
    done = await app.runner.ask(QUESTION, session_id="live", user_id="ann")
    assert done.outcome == "succeeded"
