"""The memory answer reads a question's leading condition once (M28, round 17): whether it only sets the scene ("if a
ticket blows up, ...") decides the supposition, the question's parts and the second look, and was read up to three
times per question."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents import memory_answer
from cognicore.subagents._question_terms import SYNONYMS, question_concepts


@pytest.mark.parametrize(
    "question",
    ["if the build breaks overnight, who am I supposed to wake up?", "Suppose Lena quits, who would I report to?"],
)
def test_the_scene_is_read_once_per_question(question: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = memory_answer.scene_set

    def counted(asked: str, passages: Any) -> str:
        calls.append(asked)
        return real(asked, passages)

    monkeypatch.setattr(memory_answer, "scene_set", counted)
    said = "The user reports to Lena Park."
    passages = [{"index": 1, "source": "memory:fact:1", "statement": said, "status": "active", "since": "2031-01-01"}]
    memory_answer.answer_from_memory(question, question_concepts(question, SYNONYMS), passages)
    assert calls.count(question) == 1, calls
