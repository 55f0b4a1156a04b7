"""Routing between documents and data (round 12, engineer K9's own wordings): what a group is entitled to is a rule
the documents state; the same words with a figure or a period asked stay a data question."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import may_be_data


@pytest.mark.parametrize(
    "request_text",
    ["Which rebate do distributors receive on bulk purchases?", "does a carrier qualify for the partner discount"],
)
def test_an_entitlement_of_a_group_is_no_data_question(request_text: str) -> None:
    assert not may_be_data(request_text, frozenset())


@pytest.mark.parametrize(
    "request_text",
    [
        "what discount did distributors receive in 2025",
        "how many units do carriers get per quarter",
        "does the online channel get more orders than retail",
    ],
)
def test_a_figure_or_a_period_asked_stays_data(request_text: str) -> None:
    assert may_be_data(request_text, frozenset())
