"""Memory questions in other wordings (round 13): "when is X taking place / happening", "what day's X", "how do I
get into the office" are answered from the fact that states it, through the real offline composer."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_answer import NOT_SURE


def _fact(statement: str) -> dict[str, Any]:
    at = "2031-05-02T10:15:03+00:00"
    return {
        "index": 1, "title": "Memory: work (fact)", "source": "memory:fact:1", "content": statement,
        "statement": statement, "status": "active", "since": at[:16].replace("T", " "), "since_exact": at,
        "until": None, "until_exact": None, "sources": ["a#1"],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("question", "statement", "value"),
    [
        ("when is the customer advisory board happening?", "Our customer advisory board is on 12 March.", "March"),
        ("where's the hackathon taking place this time?", "Our hackathon is in Porto.", "Porto"),
        ("what day's the budget review?", "Our budget review is on Thursdays.", "Thursdays"),
        ("how do I get into the office these days?", "The user takes the tram to work.", "tram"),
    ],
)
async def test_a_fact_answers_a_question_worded_around_it(question: str, statement: str, value: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=[_fact(statement)], history="")
    assert value in answer.text and NOT_SURE not in answer.text and answer.used == [1], answer.text


async def test_a_fact_about_another_thing_still_does_not_answer() -> None:
    question = "where's the partner dinner taking place?"
    answer = await OfflineAnswerComposer().compose(question=question, passages=[_fact("Our hackathon is in Porto.")])
    assert "Porto" not in answer.text or NOT_SURE in answer.text, answer.text
