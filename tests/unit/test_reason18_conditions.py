"""Reasoning of round 18 (GR): a sentence that opens on its condition ("If it still fails, ...") states its value for
that case only; a question that states no case of its own and names none of the condition's words is not answered
with it as the general rule (unsure), while a question stating its case is."""

from __future__ import annotations

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer

_SCANNER = [
    {
        "index": 1,
        "title": "Scanner faults",
        "source": "scanner.md",
        "content": "When a scanner stops, restart it from its panel. If it still fails, note the error code and open "
        "a ticket with priority P2 for the imaging team.",
    }
]


@pytest.mark.parametrize(
    "question",
    ["What priority do tickets for the imaging team get as a rule?", "Which team handles scanner tickets?"],
)
async def test_a_value_said_only_under_a_condition_the_question_does_not_state_is_unsure(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_SCANNER)
    assert not answer.used


@pytest.mark.parametrize(
    "question",
    [
        "The scanner keeps failing after a restart. Which team gets the ticket?",
        "What priority does the ticket get if the scanner still fails?",
        "What should I do first when a scanner stops?",
    ],
)
async def test_a_question_stating_its_case_gets_the_conditional_rule(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_SCANNER)
    assert answer.used, answer.text
