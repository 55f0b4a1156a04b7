"""A frame of rows before a question (round 17, engineer S14): "For the tickets where the owner field is blank, how
many ...?", "Among orders that shipped late, ...": a noun phrase with a relative clause says which rows the question
counts, so it is never set aside as background (the question alone counted every row, with confidence)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.context_restricts import context_restricts, told_restricts

TOPICS = frozenset({"ticket", "assigne", "component", "order", "channel"})


@pytest.mark.parametrize(
    ("part", "question"),
    [
        ("For the tickets whose assignee was never set", "how many sit in each component?"),
        ("Among the orders that came through a partner", "what was the total?"),
        ("Out of all tickets with an empty assignee", "how many are closed?"),
    ],
)
def test_a_frame_of_rows_may_narrow_the_question(part: str, question: str) -> None:
    assert told_restricts(part, question, names=frozenset())
    assert context_restricts(part, question, names=frozenset(), topics=TOPICS)


@pytest.mark.parametrize(
    "part", ["For what it's worth, the figures looked odd", "I'm doing the slides for Monday", "Quick one for you"]
)
def test_background_that_frames_no_rows_is_still_set_aside(part: str) -> None:
    assert told_restricts(part, "how many tickets are open?", names=frozenset()) is None
