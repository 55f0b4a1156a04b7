"""Round 16 (D13; reviewer finding): a yes/no question someone else asked about a thing ("The fitter asked if an S1
job can be closed by phone.", "she wondered whether a pending job expires after a month") is a question passed on,
answered, never news stored with "Noted"; one about a person ("my lead asked if I could cover Friday") or asked by
the speaker ("I asked whether the pump was fixed") is still told."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.wishes import reported_question
from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("The fitter asked if an S1 job can be closed by phone.", "an S1 job can be closed by phone?"),
        ("she wondered whether a pending job expires after a month", "a pending job expires after a month?"),
    ],
)
async def test_a_question_passed_on_is_asked(text: str, asked: str) -> None:
    assert reported_question(text) == asked
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "question" and decision.resolved_request == asked, decision


@pytest.mark.parametrize(
    "text", ["my lead asked if I could cover the Friday rota", "I asked whether the Harbour pump was fixed"]
)
def test_a_story_of_asking_is_no_question(text: str) -> None:
    assert reported_question(text) is None
