"""Knowledge answers to wordings of round 12 (engineer K9's own): a missed deadline is a breach, a compound typed
with a hyphen is its words."""

from __future__ import annotations

import pytest

from tests.unit.test_knowledge_answers import compose

MOORING = (
    "# Marina rules\n\nEvery berth booking has a class when it is made. The confirmation is due within the time "
    "of its class: A within 2 hours, B within 12 hours.\n\nA booking that passes its time without a confirmation "
    "is a breach. Breaches of class A bookings are escalated to the harbour master at once."
)


@pytest.mark.parametrize(
    "question",
    [
        "What happens if a class A booking missed its confirmation time?",
        "what happens when a class A booking goes past its time",
    ],
)
async def test_a_missed_or_overrun_time_is_read_as_the_breach_the_document_describes(question: str) -> None:
    answer = await compose(question, MOORING)
    assert answer.used and "harbour master" in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["what is the confirmation-time for class B?", "how long is the confirmation-time on a class B booking"]
)
async def test_a_hyphenated_compound_is_read_as_its_words(question: str) -> None:
    answer = await compose(question, MOORING)
    assert answer.used and "12 hours" in answer.text, answer.text


TIERS = (
    "# Gym handbook\n\n## Fee waivers\n\nDesk staff may waive up to 5% of a fee on their own. Waivers between 5% "
    "and 15% need the approval of a duty manager. Any waiver above 15% needs the approval of the Finance "
    "Director.\n\n## Students\n\nStudents get a fixed 20% waiver on every class."
)


@pytest.mark.parametrize(
    "question",
    ["who must approve if I waive 40% of a fee?", "A member wants a waiver of 18 percent - who signs off on that?"],
)
async def test_a_figure_is_answered_by_the_range_that_holds_it(question: str) -> None:
    answer = await compose(question, TIERS)
    assert answer.used and "Finance Director" in answer.text, answer.text
    assert "duty manager" not in answer.text and "Students" not in answer.text, answer.text


async def test_a_figure_inside_a_middle_range_gets_that_range() -> None:
    answer = await compose("who approves a waiver of 10% on a fee?", TIERS)
    assert answer.used and "duty manager" in answer.text and "Finance Director" not in answer.text, answer.text


REPAIRS = (
    "# Repairs\n\n## Targets\n\nEvery repair gets a tier. The first reply is due within the time of its tier: T1 "
    "within 2 hours, T2 within 12 hours."
)


@pytest.mark.parametrize(
    "question",
    [
        "within how many hours must a T2 be mended (not just replied to)?",
        "How many hours do we get to close a T1, not just reply to it?",
    ],
)
async def test_a_passage_about_what_the_question_sets_aside_is_no_answer(question: str) -> None:
    answer = await compose(question, REPAIRS)
    assert not answer.used, answer.text


SHOP = (
    "# Kettle shop\n\n## Zephyr Kettle\n\nThe Zephyr Kettle boils 1.7 litres. List price: $45. A full charge of its "
    "base station lasts a week.\n\n## Delivery\n\nExpress delivery costs $9 per order."
)


@pytest.mark.parametrize(
    "question", ["what are we charging for the Zephyr Kettle now?", "What do they charge on the Zephyr Kettle"]
)
async def test_charging_for_a_thing_asks_its_price(question: str) -> None:
    answer = await compose(question, SHOP)
    assert answer.used and "$45" in answer.text and "lasts a week" not in answer.text, answer.text
