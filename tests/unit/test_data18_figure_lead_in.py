"""A short lead-in that says the kind of figure asked ("On average, ...", "In the median case, ...") is part of the
question (round 18, engineer GD; reviewer D5): cut off as context, "how many jobs does each engineer have" listed each
engineer's count instead of the average asked."""

from __future__ import annotations

import pytest

from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize(
    "text",
    ["On average, how many jobs does each engineer have?", "On average, how many open jobs sit at each site?"],
)
async def test_a_lead_in_naming_the_figure_stays_with_the_question(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent in ("question", "task")
    assert (decision.resolved_request or text).lower().startswith(text.split(",")[0].lower()), decision


async def test_a_lead_in_that_asks_nothing_is_still_context() -> None:
    text = "I'm doing the slides for Monday. How many jobs are open?"
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request == "How many jobs are open?", decision
