"""Round 14 (engineer D11, issue 9): what kind of message it is. A standing preference worded as a request ("when you
list X for me, ...", "could you always ...", "keep answers short for me") is told and remembered, while a plain
order stays a task; context before a question (a sentence of background, a colon) leaves the question to answer."""

from __future__ import annotations

import pytest

from tests.unit.test_scope_behaviour import classifier


@pytest.mark.parametrize(
    "text",
    [
        "When you list jobs for me, please sort them by severity.",
        "When you show engineers to me, put their first names first",
        "could you always add a chart when you show me weekly figures?",
        "Would you never round the figures you give me",
        "Please keep answers short for me - numbered lists work best.",
        "Short paragraphs work a lot better for me, so use those in your replies",
        "Keep your responses under five lines please",
    ],
)
async def test_a_standing_preference_worded_as_a_request_is_told(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize(
    "text",
    [
        "sort the jobs by severity",
        "list pending jobs, oldest first",
        "When you list the jobs, sort them by site",  # one occasion: "the jobs"
        "what works best for me?",
    ],
)
async def test_a_plain_order_or_a_question_is_not_a_preference(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision
