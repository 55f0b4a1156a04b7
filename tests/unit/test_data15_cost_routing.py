"""What one thing costs the company ("what does a single X cost us to make") may be read as data (round 15, engineer
S12): the rule wording "what does a <noun> ..." ("what does a rep get") no longer keeps it from the SQL reader."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import may_be_data


@pytest.mark.parametrize(
    "request_text",
    ["what does a single Lumen Smart Bulb 4-Pack cost us?", "how much does each Flex cable cost us to produce?"],
)
def test_what_one_thing_costs_us_may_be_data(request_text: str) -> None:
    assert may_be_data(request_text, frozenset())


@pytest.mark.parametrize("request_text", ["what does a reseller get on a bulk order?", "when should a P2 be escalated"])
def test_a_rule_of_one_thing_is_still_not_data(request_text: str) -> None:
    assert not may_be_data(request_text, frozenset())
