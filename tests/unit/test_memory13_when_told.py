"""When a thing happens, told in its own verb ("The parking permit renews in March", "Omar's rota starts at 6am"),
is a statement to remember, not a question for the documents (round 13); data phrases and questions are not."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.telling import tells


@pytest.mark.parametrize(
    "said",
    ["The parking permit renews in March.", "Omar's rota starts at 6am", "our fire drill happens on Thursdays",
     "the door code changes at 18:00"],
)  # fmt: skip
def test_when_a_thing_happens_is_told(said: str) -> None:
    assert tells(said, data=frozenset(), values=frozenset())


@pytest.mark.parametrize(
    "said",
    ["the orders placed in May", "show the tickets that close on Fridays", "the revenue we booked in March"],
)  # fmt: skip
def test_a_data_phrase_or_a_question_is_not_told(said: str) -> None:
    assert not tells(said, data=frozenset(), values=frozenset())
