"""Knowledge answers to a case told in sentences before the question (round 17, engineer KB): the asking sentence
weighs more than its context, what the context denies is a condition (never a word the rule must say, and a rule
for the denied case is dropped), "time limit"/"deadline" ask a span of time, and numbers written as words count."""

from __future__ import annotations

import pytest

from cognicore.subagents._question_numbers import number_units
from tests.unit.test_knowledge17_conditions import RENTALS
from tests.unit.test_knowledge_answers import compose


@pytest.mark.parametrize(
    "question",
    [
        "A renter used his gloves. They were picked up 12 days ago and are not damaged. What's the time limit for "
        "returning used gloves?",
        "My client wore the helmet once, nothing damaged. What is the deadline for returning used helmets?",
    ],
)
async def test_a_case_told_before_the_question_gets_the_rule_of_the_case(question: str) -> None:
    answer = await compose(question, RENTALS)
    assert answer.used and answer.text.find("7 days") >= 0, answer.text
    assert "damaged on arrival" not in answer.text, answer.text  # the rule for the case the context denies


def test_numbers_written_as_words_are_figures() -> None:
    assert number_units("the clock drifts by more than five minutes") == {"5": "5minute"}
    assert number_units("two weeks after pickup") == {"2": "2week"}
    assert number_units("one of the two desks") == {}


async def test_a_figure_written_as_a_word_is_compared() -> None:
    answer = await compose("A used helmet is brought back two weeks after pickup. Can it still be returned?", RENTALS)
    assert answer.text.startswith("Two weeks is not within 7 days."), answer.text


PRICES = (
    "# Price list\n\n## Kettle\n\nList price: $45 (it launched at $59 in March 2022; the price was cut in May "
    "2024).\n\n## Refunds\n\nRefunds reach the card within 3 business days of the return."
)


@pytest.mark.parametrize(
    "question", ["how long until the buyer sees the cash again?", "how long till a shopper gets their cash again?"]
)
async def test_a_price_and_a_month_are_no_span_of_time(question: str) -> None:
    answer = await compose(question, PRICES)
    assert "$45" not in answer.text, answer.text


DEALS = (
    "# Deals\n\n## Member price\n\nMembers always get a fixed 12% off every ticket. Vouchers never stack with the "
    "member price.\n\n## Regions\n\nThe north region has about 5% of members."
)


@pytest.mark.parametrize(
    "question", ["It's a member. Can we put the 5% voucher on top?", "can I apply a voucher on top of the member rate?"]
)
async def test_one_thing_on_top_of_another_is_stacking_them(question: str) -> None:
    answer = await compose(question, DEALS)
    assert answer.used and "never stack" in answer.text, answer.text
