"""Round 16 (D13): a follow-up that changes two parameters joined by "but" or a comma ("same for Hilltop but only
S1s", "Hilltop, closed ones only") changes both; the second was dropped and the first asked alone, confidently."""

from __future__ import annotations

import pytest

from cognicore.orchestrator._followup_parts import parts
from tests.unit.behaviour15_jobs import VALUES, classifier

HISTORY = [
    {"speaker": "user", "content": "how many open jobs are there at Harbour?"},
    {"speaker": "assistant", "content": "4"},
]


@pytest.mark.parametrize(
    ("value", "found"),
    [("Hilltop but only S1s", ["Hilltop", "S1s"]), ("Hilltop, closed ones only", ["Hilltop", "closed"])],
)
def test_parts_joined_by_but_or_a_comma(value: str, found: list[str]) -> None:
    assert parts(value, list(VALUES)) == found


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("same for Hilltop but only S1s", "S1"),
        ("what about Hilltop, but just the closed ones?", "closed"),
        ("and Hilltop but only the closed ones?", "closed"),
    ],
)
async def test_both_changes_reach_the_request(text: str, kept: str) -> None:
    decision = await classifier().classify(request=text, history=HISTORY)
    asked = decision.resolved_request
    assert decision.followup and "Hilltop" in asked and kept in asked and "Harbour" not in asked, decision


@pytest.mark.parametrize("text", ["can you split that by severity as well?", "and by engineer too"])
async def test_a_grouping_said_as_well_is_added(text: str) -> None:
    history = [{"speaker": "user", "content": "how many jobs were logged per site in 2025?"}, HISTORY[1]]
    decision = await classifier().classify(request=text, history=history)
    asked = decision.resolved_request
    assert decision.followup and "site and" in asked and "2025" in asked, decision


async def test_a_grouping_alone_still_replaces() -> None:
    history = [{"speaker": "user", "content": "how many jobs were logged per site in 2025?"}, HISTORY[1]]
    decision = await classifier().classify(request="break that down by severity", history=history)
    assert "site" not in decision.resolved_request and "severity" in decision.resolved_request, decision
