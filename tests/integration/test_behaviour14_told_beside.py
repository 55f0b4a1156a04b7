"""Round 14 (engineer D11, issue 9): a message that tells something beside what it asks, through the graph. The
question is answered alone and the told part is queued for extraction as told, so memory keeps it too."""

from __future__ import annotations

import pytest

from cognicore.app import App, process_memory
from cognicore.memory.jobs import list_jobs


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("I moved to the Lisbon office last month - how do I book a meeting room?", "Lisbon office"),
        ("How do I book a meeting room? By the way, my desk phone is extension 4471 now.", "extension 4471"),
    ],
)
async def test_the_told_part_beside_a_question_is_kept_as_told(app: App, text: str, told: str) -> None:
    await app.runner.ask(text, session_id="s1", user_id="gil")
    jobs = await list_jobs(app.memory.pool, "gil")
    told_jobs = [j for j in jobs if j.payload.get("told") is True]
    assert [j.payload["user_message"] for j in told_jobs if told in j.payload["user_message"]], jobs
    await process_memory(app, user_id="gil")
    active = [f.statement for f in await app.memory.facts.history("gil") if f.status == "active"]
    assert any(told.split()[-1] in s for s in active), active


async def test_a_question_alone_queues_nothing_as_told(app: App) -> None:
    await app.runner.ask("How do I book a meeting room?", session_id="s1", user_id="hal")
    jobs = await list_jobs(app.memory.pool, "hal")
    assert jobs and not [j for j in jobs if j.payload.get("told") is True], jobs
