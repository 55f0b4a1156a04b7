"""A kind of thing written short in capitals ("CRM") is no name the memory must hold, and another named
person's change ("Lena's team moved over to Zoho") casts no doubt on the user's own (M28, round 17): "which CRM is my
team on?" after "Our team keeps every deal in Salesforce" is Salesforce. Wordings are our own."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _note(i: int, said: str, since: str) -> dict[str, Any]:
    return {"index": i, "source": f"memory:fact:{i}", "statement": f'The user said: "{said}"', "status": "active",
            "note": True, "since": since}  # fmt: skip


@pytest.mark.parametrize("question", ["which CRM is my team on nowadays?", "what CRM do we track our deals in?"])
def test_an_acronym_is_a_kind_and_anothers_change_no_doubt(question: str) -> None:
    ours = _note(1, "Our team tracks every deal in Pipedrive.", "2031-02-01 09:00")
    theirs = _note(2, "Omar's team moved over to Zoho last month.", "2031-02-05 09:00")
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), [ours, theirs])
    assert found is not None and found.used == [1] and "not sure" not in found.text, found


def test_the_other_teams_change_answers_about_that_team() -> None:
    ours = _note(1, "Our team tracks every deal in Pipedrive.", "2031-02-01 09:00")
    theirs = _note(2, "Omar's team moved over to Zoho last month.", "2031-02-05 09:00")
    question = "which CRM does Omar's team use?"
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), [ours, theirs])
    assert found is not None and found.used == [2], found
