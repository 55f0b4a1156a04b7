"""Knowledge answers to wordings of round 12 (engineer K9's own): a missed deadline is a breach, a compound typed
with a hyphen is its words."""

from __future__ import annotations

import pytest

from tests.unit.test_knowledge_answers import compose

MOORING = (
    "# Marina rules\n\nEvery berth booking has a class when it is made. The confirmation is due within the time "
    "of its class: A within 2 hours, B within 12 hours.\n\nA booking that passes its time without a confirmation "
    "is a breach. Breaches of class A bookings are escalated to the harbour master at once."
)


@pytest.mark.parametrize(
    "question",
    [
        "What happens if a class A booking missed its confirmation time?",
        "what happens when a class A booking goes past its time",
    ],
)
async def test_a_missed_or_overrun_time_is_read_as_the_breach_the_document_describes(question: str) -> None:
    answer = await compose(question, MOORING)
    assert answer.used and "harbour master" in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["what is the confirmation-time for class B?", "how long is the confirmation-time on a class B booking"]
)
async def test_a_hyphenated_compound_is_read_as_its_words(question: str) -> None:
    answer = await compose(question, MOORING)
    assert answer.used and "12 hours" in answer.text, answer.text
