"""Knowledge answers that reason about the case a question describes (round 17, engineer KB): an exception naming the
case decides over the general rule, a figure is compared with the limit said of it, and an exception whose condition
the question does not state leaves the answer unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_conditions import about_figure, comparison, negated
from tests.unit.test_knowledge_answers import compose

RENTALS = (
    "# Equipment rental policy\n\n## Returns\n\nRenters can return any item within 30 days of pickup for a full "
    "refund, as long as it is unused. Used items can also be returned within 30 days of pickup if they are clean and "
    "complete, with a 10% cleaning fee.\n\n### Used helmets and gloves\n\nFor hygiene reasons, used helmets and gloves "
    "must be returned within 7 days of pickup. Used helmets that are damaged on arrival can be returned within the "
    "full 30 days.\n\n## Insurance\n\nThe insurance covers theft and a tyre pressure loss below 60% within the rental "
    "period. It does not cover crashes.\n\n## Deliveries\n\nParcels over $300 need a signature on delivery.\n\n"
    "## Finance\n\nA lower cost kept the margin above 40% last year."
)


@pytest.mark.parametrize(
    "question",
    [
        "A renter used his gloves and brings them back after 12 days, nothing damaged. Can he return them?",
        "Used helmet, 10 days after pickup, not damaged - still returnable?",
    ],
)
async def test_an_exception_naming_the_case_decides_over_the_general_rule(question: str) -> None:
    answer = await compose(question, RENTALS)
    assert answer.used and "within 7 days" in answer.text, answer.text
    assert "is not within 7 days" in answer.text and "30 days" not in answer.text, answer.text


async def test_a_rule_naming_as_much_of_the_case_as_the_exception_still_decides() -> None:
    answer = await compose("Used helmets that turned out damaged: can they come back after 12 days?", RENTALS)
    assert answer.used and "within the full 30 days" in answer.text and "7 days" not in answer.text, answer.text


@pytest.mark.parametrize("question", ["Can gloves be returned after 12 days?", "are helmets returnable 9 days in?"])
async def test_an_exception_whose_condition_is_unsaid_leaves_both_rules_and_is_unsure(question: str) -> None:
    answer = await compose(question, RENTALS)
    assert not answer.used and "depends on whether it is used" in answer.text, answer.text
    assert "7 days" in answer.text and "not sure" in answer.text, answer.text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("My tyre pressure is down to 75%. Does the insurance cover it?", "75% is not below 60%."),
        ("the tyre only keeps 50% of its pressure - is that covered by the insurance?", "50% is below 60%."),
        ("Is a signature needed on a $120 parcel?", "$120 is not over $300."),
    ],
)
async def test_a_figure_is_compared_with_the_limit_said_of_it(question: str, said: str) -> None:
    answer = await compose(question, RENTALS)
    assert answer.used and answer.text.startswith(said), answer.text


def test_a_limit_is_about_the_figure_only_when_said_of_what_the_question_asks() -> None:
    asked = "My tyre pressure is down to 75%. Does the insurance cover it?"
    assert about_figure(asked, "The insurance covers a tyre pressure loss below 60% within the rental period.")
    assert not about_figure(asked, "A lower cost kept the margin above 40% last year.")
    # The figure's own noun ("order") is what it counts, not what is asked of it.
    assert not about_figure("My $70 order came broken, what now?", "Shipping is free on orders of $50 or more.")
    assert comparison("Is a 35% markdown fine?", "No markdown may go beyond 30% of the price.") == ""


def test_a_negation_denies_the_words_of_its_clause() -> None:
    assert "damag" in negated("Used helmet, not damaged, after 10 days")
    assert "clean" in negated("returned unless they are clean and complete") or "clean" in negated("never clean")
    assert not negated("A used helmet after 10 days")
