"""A question no sentence both covers and names the asked part of gets an honest miss, never a crash."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents._answer_documents import answer_from_documents

FAQ = "Customer Support FAQ"
PASSAGES: list[dict[str, Any]] = [
    {
        "index": 1,
        "title": FAQ,
        "content": f"# {FAQ}\n## What does the warranty cover?\n\nDevices have a 2-year limited warranty and "
        "accessories a 1-year limited warranty, covering manufacturing\ndefects and battery capacity below 80%. "
        "Accidental damage and water damage are not covered. If the defect\nis confirmed we send the replacement "
        "first.",
    },
    {
        "index": 2,
        "title": FAQ,
        "content": f"# {FAQ}\n## My watch battery drains quickly. What can I do?\n\nTurn off the always-on display "
        "and reduce heart-rate sampling to every 10 minutes in the app. A full\ncharge normally lasts 2 days. If "
        "the battery lasts less than a day after these changes, the watch may be\ncovered by the 2-year warranty: "
        "open a support case with the serial number.",
    },
]


@pytest.mark.parametrize(
    "question", ["Which number should I hit this year?", "Which number should I hit this year again?"]
)
def test_no_sentence_to_quote_is_an_honest_miss(question: str) -> None:
    """A number the user is to reach is in no passage: nothing is quoted and the answer says so (was IndexError)."""
    answer, _ = answer_from_documents(question, PASSAGES, {})
    assert answer.used == []
    assert "not sure" in answer.text or "nothing on" in answer.text


def test_a_covered_question_is_still_answered() -> None:
    """The guard only fires when no sentence is picked: the warranty question is still quoted."""
    answer, _ = answer_from_documents("How long is the warranty on accessories?", PASSAGES, {})
    assert answer.used and "1-year" in answer.text
