"""A standing instruction needs a recurring event that is the assistant's own answering or the user's asking
("whenever you list jobs for me, put the oldest first", "when I ask about backlog, I mean pending jobs"). A polite
or framed request opened by "when/whenever/any time you ..." ("whenever you can, list ...", "when I look at last
quarter, break ... down") asks for something now: it is never stored as a standing instruction (issue 9)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.mood import HABIT
from tests.unit.test_behaviour12_statements_scope import classifier


@pytest.mark.parametrize(
    "text",
    [
        "Whenever you can, list the top 5 products by revenue last year",
        "When you get a chance, show me revenue by region for last quarter",
        "Any time you have a moment, list the top 3 products by units sold last month",
        "When I look at last quarter, break revenue down by channel",
        # wordings of our own
        "when you have a sec, list pending jobs by site",
        "Every time you're free, show me the Harbour jobs",
        "Whenever you get round to it, give me the pending jobs at Hilltop",
    ],
)
async def test_a_polite_or_framed_request_is_no_standing_instruction(text: str) -> None:
    assert not HABIT.match(text)
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision


@pytest.mark.parametrize(
    "text",
    [
        "When you list tickets for me, always include their ticket numbers please",
        "whenever you list jobs for me, put the oldest first",
        "When I ask about backlog, I mean pending jobs only",
        "Whenever you show me tickets, sort them by priority, highest first.",
        "From now on, whenever you give me amounts, show them in euros as well please.",
        # wordings of our own
        "When I say jobs, I mean work orders",
        "every time you answer me, keep it short",
    ],
)
async def test_a_condition_on_answering_or_asking_is_a_standing_instruction(text: str) -> None:
    assert HABIT.match(text)
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision
