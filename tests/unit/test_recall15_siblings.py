"""A question for several values gets each value the user told in one frame (M24, round 15): "which instruments do I
play?" after "The user plays the cello" and "The user also plays bass guitar at weekends"; a singular question, another
frame (another verb, another person) or a note adds nothing. Wordings are our own."""

from __future__ import annotations

from typing import Any

from cognicore.subagents._memory_siblings import siblings
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory


def _passages(*statements: str) -> list[dict[str, Any]]:
    return [
        {"index": i, "source": f"memory:fact:{i}", "statement": s, "content": s, "status": "active",
         "since": f"2031-03-17 09:0{i}", "note": s.startswith("The user said")}
        for i, s in enumerate(statements, 1)
    ]  # fmt: skip


def _ask(question: str, passages: list[dict[str, Any]]) -> str:
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), passages)
    assert found is not None, question
    return found.text


def test_a_plural_question_gets_every_value_told_in_the_frame() -> None:
    told = _passages("The user plays the cello in an orchestra.", "The user also plays bass guitar at weekends.")
    text = _ask("which instruments do I play in the orchestra?", told)
    assert "cello" in text and "bass guitar" in text
    liked = _passages("The user loves drinking green tea.", "The user enjoys a flat white after lunch.")
    text = _ask("what drinks do I love?", liked)
    assert "green tea" in text and "flat white" in text


def test_no_sibling_for_a_singular_question_another_verb_or_a_note() -> None:
    told = _passages(
        "The user plays the cello in an orchestra.",
        "The user teaches piano on Saturdays.",
        'The user said: "I play drums at home too."',
        "Our team plays football on Fridays.",
    )
    assert siblings("which instrument do I play?", told[:1], told) == []
    assert siblings("which instruments do I play?", told[:1], told) == []
