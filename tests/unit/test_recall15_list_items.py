"""A change of one item of a list the user gave is no answer about another item (M24, round 15): after "deadlines for
me: board deck to Ana by Nov 20, budget forecast to Raj by Dec 5" and "finance pulled the forecast in, it's due Nov 28
now", "when's my board deck due?" is still Nov 20; the forecast is Nov 28. Wordings are our own."""

from __future__ import annotations

from typing import Any

from cognicore.subagents._memory_items import of_another_item
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory

LIST = "deadlines for me: board deck to Ana by Nov 20, budget forecast to Raj by Dec 5"
CHANGE = 'The user said: "Ugh finance pulled the forecast in, it\'s due Nov 28 now."'


def _passages() -> list[dict[str, Any]]:
    saying = {
        "index": 1,
        "source": "memory:episode:1",
        "statement": LIST,
        "content": LIST,
        "status": "said",
        "since": "2031-03-17 09:00",
        "since_exact": "2031-03-17T09:00:00",
        "turn": "t1",
        "read": False,
    }
    note = {
        "index": 2,
        "source": "memory:fact:2",
        "statement": CHANGE,
        "content": CHANGE,
        "status": "active",
        "since": "2031-03-17 09:05",
        "since_exact": "2031-03-17T09:05:00",
        "sources": ["t2"],
        "note": True,
    }
    return [saying, note]  # fmt: skip


def test_a_change_of_another_item_does_not_answer_the_asked_one() -> None:
    question = "when's my board deck due again?"
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), _passages())
    assert found is not None and "Nov 20" in found.text and "Before that" not in found.text, found
    assert found.used == [1]


def test_a_change_of_the_asked_item_is_the_answer() -> None:
    question = "when's the budget forecast due now?"
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), _passages())
    assert found is not None and found.text.startswith(CHANGE.removesuffix('"')[:20]), found


def test_items_of_a_list() -> None:
    topic = [frozenset({"deck"})]
    assert of_another_item(LIST, "The forecast is due Nov 28 now.", topic)
    assert not of_another_item(LIST, "The deck is due Nov 28 now.", topic)
    assert not of_another_item("my deck is due Nov 20", "The forecast is due Nov 28 now.", topic)  # no list
