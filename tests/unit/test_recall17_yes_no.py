"""A yes/no question about the asker is not answered "yes" by another person's doing (review 17, W6): "am I still on
the Payroll queue?" after "The user is on the Payroll queue" and "Ravi is responsible for Payroll queue from me" quotes
both and is not sure; the user's own fact alone is still a plain yes. Wordings are our own."""

from __future__ import annotations

from typing import Any

from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _fact(i: int, said: str, since: str) -> dict[str, Any]:
    return {"index": i, "source": f"memory:fact:{i}", "statement": said, "status": "active", "since": since}


def _ask(question: str, facts: list[dict[str, Any]]) -> str:
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), facts)
    assert found is not None, question
    return found.text


def test_another_persons_doing_gets_no_yes() -> None:
    mine = _fact(1, "The user is on the Payroll queue.", "2031-01-04 09:00")
    theirs = _fact(2, "Ravi is responsible for Payroll queue from me.", "2031-01-09 09:00")
    for question in ("am I still on the Payroll queue?", "do I still work the Payroll queue?"):
        text = _ask(question, [mine, theirs])
        assert not text.startswith("Yes") and "not sure" in text, text


def test_the_users_own_fact_is_still_a_yes() -> None:
    assert _ask(
        "am I still on the Payroll queue?", [_fact(1, "The user is on the Payroll queue.", "2031-01-04")]
    ).startswith("Yes")
