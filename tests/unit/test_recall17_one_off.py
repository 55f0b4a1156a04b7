"""A memory told as a one-off is no answer to what regularly holds (review 17, W5 j5): "where do I usually sit on
Fridays?" is not answered by "Just for today I'm sitting in the Leeds office"; asked about that time itself, it is.
Nor is an attribute asked of a thing or a person ("which floor is my locker on?", "what's Femi's desk number?")
answered by a memory that names the thing but not the attribute. Wordings are our own, not in any held-out or dev
set."""

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


@pytest.mark.parametrize(
    ("question", "said", "missed"),
    [
        ("what's Femi's desk number?", "Femi is on the Billing queue.", True),
        ("what weight is my laptop?", "The user's laptop is a ThinkPad T14.", True),
        ("which floor is my bike locker on?", "The user's bike locker is number 8.", True),
        ("what's Femi's queue?", "Femi is on the Billing queue.", False),
        ("which floor is my bike locker on?", "The user's bike locker is on floor 2.", False),
        ("what's my mentor's name?", "The user's mentor is Femi Ade.", False),
    ],
)
def test_an_attribute_asked_of_a_thing_must_be_named(question: str, said: str, missed: bool) -> None:
    # review-style probe (M28): "Ravi is on the Email queue" gave "Ravi's extension" confidently
    passage = {"index": 1, "source": "memory:fact:1", "statement": said, "status": "active", "since": "2031-04-02"}
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), [passage])
    assert (found is None or found.used == []) is missed, found


@pytest.mark.parametrize(
    ("question", "said", "missed"),
    [
        # another member of a numbered series (M28 probe): P3 is not P1
        ("who do I hand P3s to?", "The user hands P1s to Ines Varga.", True),
        ("what's my H2 bonus?", "The user's H1 bonus is 4%.", True),
        ("who do I hand P1s to?", "The user hands P1s to Ines Varga.", False),
        # a "who" question about someone beside the asker, and a memory that names no one but the user
        ("who took over from me on the Billing queue?", "The user is on the Billing queue.", True),
        ("who took over from me on the Billing queue?", "Ines took over the Billing queue from the user.", False),
    ],
)
def test_another_series_member_or_no_one_named_is_no_answer(question: str, said: str, missed: bool) -> None:
    passage = {"index": 1, "source": "memory:fact:1", "statement": said, "status": "active", "since": "2031-04-02"}
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), [passage])
    assert (found is None or found.used == []) is missed, found
