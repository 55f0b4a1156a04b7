"""An unread change settled by a clear value told with it or later is no doubt (M24, round 15): "what do I like to
drink these days?" after "I gave up red wine, I drink iced tea now" read both as the clear new value and as
"could not understand the new value" answers the new value alone. Our wordings."""

from __future__ import annotations

from typing import Any

from cognicore.memory.extraction import UNCLEAR_OBJECT
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory

CLEAR = "The user gave up red wine and drinks iced tea now."
UNREAD = 'Not sure any more: "The user drinks red wine" changed, but I could not understand the new value.'


def _fact(index: int, statement: str, at: str, obj: str | None = None) -> dict[str, Any]:
    return {"index": index, "source": f"memory:fact:{index}", "statement": statement, "content": statement,
            "status": "active", "since": at, "since_exact": at, "object": obj}  # fmt: skip


def _ask(question: str, passages: list[dict[str, Any]]) -> Any:
    return answer_from_memory(question, question_concepts(question, SYNONYMS), passages)


def test_a_clear_value_told_with_an_unread_change_is_the_answer() -> None:
    told = [_fact(1, UNREAD, "2031-03-17T09:00:00", UNCLEAR_OBJECT), _fact(2, CLEAR, "2031-03-17T09:00:00")]
    found = _ask("what do I like to drink these days?", told)
    assert found is not None and found.used == [2] and "iced tea" in found.text, found


def test_an_unread_change_after_the_clear_value_still_leads() -> None:
    told = [_fact(1, CLEAR, "2031-03-17T09:00:00"), _fact(2, UNREAD, "2031-03-18T09:00:00", UNCLEAR_OBJECT)]
    found = _ask("what do I like to drink these days?", told)
    assert found is not None and "not sure" in found.text.lower(), found
