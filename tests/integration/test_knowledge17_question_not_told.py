"""A question asked after a condition ("If ..., do they pay ..., and how much?") is split into parts, but the part
that asks with its verb first is no telling: nothing of it is stored as a fact and quoted back later (round 17,
dev_knowledge17). A told part beside a question is still kept. The real graph and stores; wordings are our own."""

from __future__ import annotations

import pytest

from cognicore.app import App, process_memory


@pytest.mark.parametrize(
    "asked",
    [
        "If a UK client's basket comes to $80, do they pay for express delivery, and how much?",
        "When an EU shopper's order totals $30, does the shopper pay for shipping, and how much?",
    ],
)
async def test_a_conditional_question_is_no_fact(app: App, asked: str) -> None:
    user = f"k17-asked-{len(asked)}"
    await app.runner.ask(asked, session_id=f"{user}-1", user_id=user)
    await process_memory(app, user_id=user)
    assert [f.statement for f in await app.memory.facts.active(user)] == []


async def test_a_told_part_beside_a_question_is_kept(app: App) -> None:
    user = "k17-told-beside"
    await app.runner.ask(
        "Theo is back from leave. How long does standard shipping take?", session_id="t1", user_id=user
    )
    await process_memory(app, user_id=user)
    assert "Theo" in " ".join(f.statement for f in await app.memory.facts.active(user))
