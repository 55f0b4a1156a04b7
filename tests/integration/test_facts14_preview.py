"""The statement acknowledgement through the real graph (round 14): an amount changed in other words names the
fact it replaces and the job ends it; a named team's thing, a dated past change and another person's move are
acknowledged plainly and end nothing. Wordings are our own."""

from __future__ import annotations

import pytest

from cognicore.app import App, process_memory
from cognicore.orchestrator.answering import ACKNOWLEDGEMENT


async def _tell(app: App, text: str, *, user: str, session: str) -> tuple[str, str]:
    result = await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)
    return result.answer, result.outcome


async def test_an_amount_changed_in_other_words_is_replaced(app: App) -> None:
    user = "m21-amount"
    await _tell(app, "My monthly sales target is $60k.", user=user, session="a1")
    answer, outcome = await _tell(app, "They upped my quota to 75 thousand dollars a month.", user=user, session="a2")
    assert outcome == "succeeded" and "replaces" in answer and "60k" in answer, answer
    facts = await app.memory.facts.history(user)
    assert any("60k" in f.statement and f.status == "superseded" and f.valid_to for f in facts), facts


@pytest.mark.parametrize(
    ("first", "then", "kept"),
    [
        ("My training budget is $4k.", "The design team's budget was raised to $25k.", "4k"),
        ("My discount limit is 12%.", "Two years ago they had cut it to 8% for a while.", "12%"),
        ("I'm on the morning shift.", "Priya moved to the morning shift.", "morning"),
    ],
)
async def test_another_owner_history_and_another_persons_move_end_nothing(
    app: App, first: str, then: str, kept: str
) -> None:
    user = f"m21-keep-{abs(hash(then)) % 10_000}"
    await _tell(app, first, user=user, session="k1")
    answer, outcome = await _tell(app, then, user=user, session="k2")
    assert (answer, outcome) == (ACKNOWLEDGEMENT, "succeeded"), answer
    active = [f.statement for f in await app.memory.facts.active(user)]
    assert any(kept in s for s in active), active
