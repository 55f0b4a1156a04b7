"""A memory told as a one-off is no answer to what regularly holds (review 17, W5 j5): "where do I usually sit on
Fridays?" is not answered by "Just for today I'm sitting in the Leeds office"; asked about that time itself, it is.
Wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

import pytest

from cognicore.subagents._memory_near import one_off
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


@pytest.mark.parametrize(
    ("question", "said", "missed"),
    [
        ("what time is my usual team sync?", "This week only, the team sync is at 3pm.", True),
        ("where do I normally sit?", "Just for today I'm sitting in the Leeds office.", True),
        ("what time is my team sync this week?", "This week only, the team sync is at 3pm.", False),
        ("what time is my usual team sync?", "The team sync is at 10am every Monday.", False),
    ],
)
def test_a_one_off_does_not_say_what_usually_holds(question: str, said: str, missed: bool) -> None:
    assert (one_off(question, said) is not None) is missed


def test_the_one_off_saying_alone_leaves_the_regular_question_unsure() -> None:
    said = 'The user said: "This week only, the team sync is at 3pm."'
    passage = {"index": 1, "source": "memory:ep:1", "statement": said, "status": "said", "since": "2031-04-02 09:00"}
    question = "what time is my usual team sync?"
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), [passage])
    assert found is None or (found.used == [] and "not sure" in found.text), found
