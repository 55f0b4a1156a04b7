"""Cross-area routing regressions of issue 9's morning round (engineer X6), through the real functions.

A relative clause after a comma ("..., which is smaller") asks nothing; a noun with a phrase after it ("the
printer on floor 2") is the subject of news, not rows asked for with a relative clause.
"""

from __future__ import annotations

import pytest

from cognicore.memory.text import terms
from cognicore.orchestrator.intent import is_question
from cognicore.orchestrator.telling import tells

DATA = frozenset(terms("tickets ticket priority status assignee component"))
VALUES = frozenset(terms("printer network chloe ben"))


@pytest.mark.parametrize(
    "text",
    [
        "I moved to the Oslo team, which is smaller",
        "we switched to Jira, which has better boards",
        "I report to Ana now, who was on the network team",
    ],
)
def test_a_relative_clause_after_a_comma_asks_nothing(text: str) -> None:
    assert not is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "our orders in 2025, which is the biggest?",
        "tickets closed last week, who did the most",
        "the open p1s, which ones",
        "printer tickets this month, how many",
    ],
)
def test_a_question_after_a_comma_still_asks(text: str) -> None:
    assert is_question(text)


@pytest.mark.parametrize(
    "text",
    ["The printer on floor 2 is broken again.", "the network in building B is down", "Printer by the lift is jammed"],
)
def test_a_thing_with_a_phrase_after_it_is_news(text: str) -> None:
    assert tells(text, data=DATA, values=VALUES)
