"""A short lead-in that names a column of the data is the question's topic, not background set aside: "severity-wise,
how did Hilltop do?" asks about severities, so the whole message is read, while a lead-in naming nothing of the data
("quick one, how many ...?") is still left aside."""

from __future__ import annotations

import pytest

from tests.unit.test_scope_behaviour import classifier


@pytest.mark.parametrize(
    "text",
    ["severity-wise, how did the Hilltop site do last month?", "In terms of jobs, how did marta do in 2025?"],
)
async def test_a_lead_in_naming_a_column_stays_with_the_question(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request in ("", text), decision


async def test_background_naming_nothing_of_the_data_is_left_aside() -> None:
    decision = await classifier().classify(
        request="My boss is asking: how many pending jobs does marta have?", history=[]
    )
    assert decision.resolved_request == "how many pending jobs does marta have?", decision
