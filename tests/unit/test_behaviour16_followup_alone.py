"""Round 16 (D13): a first request that only opens like a follow-up ("and ...", "what about ...", "by what time ...
the same day") is read as a request of its own when it says something beyond its change; only a bare change ("and for
Harbour?", "what about 2024?") with no earlier request is said to be a follow-up of nothing."""

from __future__ import annotations

import pytest

from cognicore.orchestrator._followup_intent import stands_alone
from cognicore.orchestrator.followup import followup_change
from tests.unit.behaviour15_jobs import VALUES, classifier


@pytest.mark.parametrize(
    "text",
    [
        "what about the sign-off rule for weekend overtime?",
        "how about the overtime rate on bank holidays?",
    ],
)
def test_a_change_beside_a_question_of_its_own_stands_alone(text: str) -> None:
    change = followup_change(text, list(VALUES))
    assert change is not None and stands_alone(text, change, list(VALUES)), change


@pytest.mark.parametrize("text", ["and for Hilltop?", "what about the quarter before?", "same again but by severity"])
def test_a_bare_change_does_not_stand_alone(text: str) -> None:
    change = followup_change(text, list(VALUES))
    assert change is not None and not stands_alone(text, change, list(VALUES)), change


@pytest.mark.parametrize(
    "text",
    [
        "Until what hour can a job be logged to get an engineer out the same day?",
        "do pending jobs have to be signed off the same week they are closed?",
    ],
)
def test_the_same_day_without_a_preposition_refers_to_nothing_earlier(text: str) -> None:
    assert followup_change(text, list(VALUES)) is None


async def test_a_first_request_opening_like_a_follow_up_is_read_alone() -> None:
    decision = await classifier().classify(request="what about the sign-off rule for weekend overtime?", history=[])
    assert "no earlier request" not in decision.reason, decision
    bare = await classifier().classify(request="and for Hilltop?", history=[])
    assert not bare.sure and "no earlier request" in bare.reason, bare


async def test_that_same_period_still_needs_the_previous_request() -> None:
    decision = await classifier().classify(request="how many S1 jobs were closed in the same month?", history=[])
    assert "no earlier request" in decision.reason, decision
