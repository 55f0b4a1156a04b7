"""A plain "when you ..." opens one occasion ("When you reply, give me total revenue for last year"): it is a standing
instruction only with a word that makes it every time ("always", "never", "I mean", a "from now on" before it)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.mood import HABIT
from tests.unit.test_behaviour12_statements_scope import classifier


@pytest.mark.parametrize(
    "text",
    [
        "When you answer this, list the top 3 regions by revenue last quarter",
        "When you reply, give me total revenue for last year",
        "When you compare Q1 and Q2 2026, show revenue by channel",
        "when you answer, list the P1 tickets with their assignee",
        "when you count the open tickets, leave out the P4 ones",
        # wordings of our own
        "when you respond, include the pending jobs at Hilltop",
        "When you total it up, give me revenue by month for 2025",
    ],
)
async def test_one_occasion_is_no_standing_instruction(text: str) -> None:
    assert not HABIT.match(text)
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision


@pytest.mark.parametrize(
    "text",
    [
        "When you list jobs for me, always put the oldest first",
        "When I say jobs, I mean work orders",
        "From now on, when you give me amounts, round them to thousands",
        "when you report revenue, never include the partner channel",
    ],
)
async def test_a_word_of_every_time_keeps_it_a_standing_instruction(text: str) -> None:
    assert HABIT.match(text)
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision
