"""Cross-area routing regressions of issue 9's morning round (engineer X6), through the real functions.

A relative clause after a comma ("..., which is smaller") asks nothing; a noun with a phrase after it ("the
printer on floor 2") is the subject of news, not rows asked for with a relative clause; a memory naming a
paraphrase of the asked kind ("the big discounts" for "a large discount?") is no near miss.
"""

from __future__ import annotations

import pytest

from cognicore.memory.text import terms
from cognicore.orchestrator.intent import is_question
from cognicore.orchestrator.telling import tells
from cognicore.subagents.memory_answer import topic_concepts, widened
from cognicore.subagents.memory_slot import asked_matcher, near_miss

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


@pytest.mark.parametrize(
    ("question", "memory", "near"),
    [
        # a paraphrase of the asked kind is that kind (the memory answers)
        ("Who has to OK a large discount?", "Rafael approves the big discounts now, not Elena.", False),
        ("who signs off major changes", "Big changes need sign-off from Omar.", False),
        # another kind of the thing stays a near miss (unsure, never a confident answer)
        ("what is our travel budget?", "Our events budget is 5k.", True),
    ],
)
def test_a_paraphrase_of_the_asked_kind_is_no_other_kind(question: str, memory: str, near: bool) -> None:
    topic = widened(topic_concepts([frozenset({t}) for t in terms(question)]))
    assert (near_miss(question, memory, asked_matcher(topic)) is not None) is near
