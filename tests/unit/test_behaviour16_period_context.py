"""Round 16 (D13): a period said before the question ("the month before last, how many ...?", "three weeks ago - ...")
is the question's own, never background set aside (the question was answered over all the data, confidently); and an
unsure reading ("for the same period, ..." with no earlier request) is never made sure by the SQL reader."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cognicore.orchestrator._followup_periods import names_time, without_time
from cognicore.orchestrator.data_reading import DataReadingClassifier, may_be_data
from cognicore.orchestrator.intent_decision import IntentDecision
from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize("text", ["the week before last", "three months ago", "in Q2 2026", "the year before last"])
def test_a_period_counted_back_is_a_period(text: str) -> None:
    assert names_time(text) and not without_time(text).strip(), without_time(text)


@pytest.mark.parametrize(
    "text",
    ["the month before last, how many S1 jobs were closed?", "three weeks ago - how many jobs were logged at Harbour?"],
)
async def test_the_period_before_a_question_stays_with_it(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    asked = decision.resolved_request or text
    assert "ago" in asked or "before last" in asked, decision


class _Orphan:
    async def classify(
        self, *, request: str, history: list[dict[str, str]], memory: str = "", told: Sequence[str] = ()
    ) -> IntentDecision:
        reason = "it reads as a follow-up but this session has no earlier request"
        return IntentDecision(intent="question", reason=reason, confidence=0.2)


async def _reads(request: str) -> bool:
    return True


async def test_an_unsure_reading_is_not_made_a_data_task() -> None:
    reading = DataReadingClassifier(_Orphan(), _reads, knowledge=frozenset(), data=frozenset({"job"}))
    decision = await reading.classify(request="For that same week, how many jobs were logged?", history=[])
    assert decision.intent == "question" and not decision.sure, decision


@pytest.mark.parametrize(
    ("text", "data"),
    [("Which crew handles boiler jobs?", False), ("what department signs off overtime?", False)],
)
def test_a_noun_the_data_does_not_hold_is_asked_of_the_documents(text: str, data: bool) -> None:
    assert may_be_data(text, frozenset(), frozenset({"job", "site", "engin"})) is data
    assert may_be_data("which site handles the most jobs?", frozenset(), frozenset({"job", "site", "engin"}))
