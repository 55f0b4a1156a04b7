""" "Before <a named value>" is answered from the slot that value holds (review 16, W6): after Karl, then Ines, then
Petra as the user's manager, "who did I report to before Ines?" is Karl, never another slot's ended fact (an old
desk, an old phone) that merely ended before Ines came. Wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents._memory_before import before_named
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _fact(i: int, said: str, since: str, until: str | None = None, by: int | None = None) -> dict[str, Any]:
    status = "superseded" if until else "active"
    return {"index": i, "source": f"memory:fact:{i}", "statement": said, "status": status, "since": since,
            "since_exact": since, "until": until, "until_exact": until, "superseded_by": by, "fact_id": i}  # fmt: skip


def _history() -> list[dict[str, Any]]:
    return [
        _fact(1, "The user's manager is Karl Odin.", "2030-01-05", "2030-03-01", 2),
        _fact(2, "The user's manager is Ines Varga.", "2030-03-01", "2030-06-01", 3),
        _fact(3, "The user's manager is Petra Lind.", "2030-06-01"),
        _fact(4, "The user's desk phone is 555-0112.", "2029-11-01", "2030-02-01", 5),
        _fact(5, "The user's desk phone is 555-0168.", "2030-02-01"),
    ]


@pytest.mark.parametrize("question", ["who did I report to before Ines?", "who was my boss before Ines came along?"])
def test_before_a_named_value_is_its_own_slots_earlier_value(question: str) -> None:
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), _history())
    assert found is not None and found.used[:1] == [1] and "555-0112" not in found.text, found


def test_another_slots_ended_fact_is_not_before_the_named_value() -> None:
    named = before_named("who did I report to before Ines?", _history())
    assert named is not None and [p["index"] for p in named[1]] == [1]


@pytest.mark.parametrize("question", ["what was my old permit number?", "what was my former permit no?"])
def test_an_old_number_of_a_thing_is_its_earlier_value(question: str) -> None:
    # "old" places the question in time, and a thing's "number" is the figure told for it (M28, dev17 t17-pager)
    facts = [
        {**_fact(1, "The user's permit is 7781.", "2030-01-05", "2030-03-01", 2)},
        {**_fact(2, "The user's permit is 7790.", "2030-03-01"), "replaced": ["The user's permit is 7781."]},
    ]
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), facts)
    assert found is not None and found.used[:1] == [1] and "7781" in found.text, found
