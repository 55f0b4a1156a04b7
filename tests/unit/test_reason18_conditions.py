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


_FEES = [
    {
        "index": 1,
        "title": "Courier fees",
        "source": "fees.md",
        "content": "Same-day courier costs $12 per parcel. Parcels over 20 kg pay a $6 surcharge.",
    }
]


@pytest.mark.parametrize(
    "question",
    [
        "How much did we pay for same-day couriers last quarter?",
        "How many parcels have we sent by same-day courier so far this year?",
    ],
)
async def test_a_figure_of_a_period_counted_from_today_is_no_rule_s_value(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_FEES)
    assert not answer.used


async def test_a_rule_s_value_is_still_answered() -> None:
    answer = await OfflineAnswerComposer().compose(question="How much does a same-day courier cost?", passages=_FEES)
    assert answer.used and "$12" in answer.text


_RANGE = [
    {
        "index": 1,
        "title": "Kitchen range",
        "source": "range.md",
        "content": "# Kitchen range\n\n## Clay Teapot\n\nA one-litre teapot. List price: $35.\n\n## Basic Kettle\n\n"
        "A plain steel kettle. List price: $19, the cheapest product in the range.",
    }
]


async def test_a_superlative_over_another_class_is_no_answer() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What's the cheapest teapot and its price?", passages=_RANGE
    )
    assert "Basic Kettle" not in answer.text


async def test_the_superlative_over_the_asked_class_answers() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="Which is the cheapest product in the range?", passages=_RANGE
    )
    assert answer.used and "Basic Kettle" in answer.text
