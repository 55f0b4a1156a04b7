"""Offline knowledge answers, round 10 (issue 9.2/9.6): the answer must be about the asked subject and detail.

A detail stated for other named places is no answer for an unknown one; a word the stemmer cuts short is still
asked; most typed words unknown to the passages means they are about something else; a limit covers the figure
asked inside it. A made-up domain (a ferry line), so none of these wordings come from a deployment's documents."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_checks import scoped_elsewhere
from cognicore.subagents._answer_parts import _SENTENCE, question_parts
from tests.unit.test_knowledge_answers import compose

CROSSINGS = """# Crossing times

## Fast boats

The fast boat takes 40 to 50 minutes to Vigo and Porto and costs EUR 12 on any ticket.

## Slow boats

The slow boat takes 2 hours and stops at every island."""

FLEET = """# Fleet

## Gull

The Gull is a small ferry for 80 passengers with a heated lounge and a snack bar. Its engines are rated
for 900 kW.

## Tern

The Tern carries 40 cars and 300 passengers. It was launched in 2019 and is the newest ferry."""

FARES = """# Fares

## Discounts

Desk staff may give up to 5% off a fare on their own. Discounts between 5% and 15% need the approval of a
harbour manager. Any discount above 15% needs the approval of the Head of Fares.

## Group fares

Schools get a fixed 10% group discount on every crossing."""


def test_a_sentence_scoped_to_named_places_does_not_answer_for_another() -> None:
    text = "The fast boat takes 40 to 50 minutes to Vigo and Porto and costs EUR 12 on any ticket."
    assert scoped_elsewhere(text, "how quick is the fast boat to cadiz", frozenset({"vigo", "porto"})) == "cadiz"
    assert scoped_elsewhere(text, "how quick is the fast boat to porto", frozenset({"vigo", "porto"})) is None
    # A sentence with no named scope holds everywhere; a known word after "to" is no other place.
    assert scoped_elsewhere("The slow boat takes 2 hours.", "how long is the slow boat to cadiz", frozenset()) is None


async def test_the_time_to_an_unknown_place_is_unsure_not_the_time_to_others() -> None:
    answer = await compose("how quick is the fast boat to cadiz", CROSSINGS)
    assert answer.used == []
    assert "cadiz" in answer.text
    known = await compose("how quick is the fast boat to porto", CROSSINGS)
    assert known.used and "40 to 50 minutes" in known.text


async def test_a_detail_the_stemmer_cuts_short_is_still_asked() -> None:
    # "rating" stems to three letters: still the asked detail, not a dropped tag.
    assert (await compose("what engine rating does the tern have", FLEET)).used == []
    answer = await compose("what engine rating does the gull have", FLEET)
    assert answer.used and "900 kW" in answer.text


async def test_most_typed_words_unknown_to_the_passages_is_not_an_answer() -> None:
    answer = await compose("how much did the gull cost to refit in its overhaul", FLEET, FARES)
    assert answer.used == []


@pytest.mark.parametrize(
    "question", ["who do I need an ok from to give a rider 10 percent off", "who has to approve a 10% discount"]
)
async def test_a_limit_covers_the_figure_asked_inside_it(question: str) -> None:
    # 10% is written only as the schools' fixed discount; the rule for it is "between 5% and 15%".
    answer = await compose(question, FARES)
    assert answer.used and "harbour manager" in answer.text and "Schools" not in answer.text


HISTORY = """# Ferry history

## New route

Decision: delay the island route from 2025 to 2027. Reasons: the Tern needed the same money and the harbour
was not ready. The decision will be reviewed in the spring of 2026."""


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "why was the island route pushed back, and when will it be looked at again?",
            ["why was the island route pushed back", "when will it be looked at again (island route pushed back)"],
        ),
        ("how many cars does the tern carry and when was it launched", 2),
        ("what is the fast boat fare? who approves a discount", 2),
        ("how long do the fast and slow boats take", 1),
        ("what times do the boats leave and why", 1),
    ],
)
def test_a_question_of_several_parts_is_split(question: str, parts: list[str] | int) -> None:
    found = question_parts(question)
    assert found == parts if isinstance(parts, list) else len(found) == parts


async def test_each_part_is_answered_and_a_missing_part_is_said() -> None:
    both = await compose("why was the island route pushed back, and when will it be looked at again?", HISTORY)
    assert "same money" in both.text and "spring of 2026" in both.text and "not sure" not in both.text
    cars = await compose("how many cars does the tern carry and when was it launched", FLEET)
    assert "40 cars" in cars.text and "2019" in cars.text
    assert cars.text.count("The Tern carries") == 1  # one sentence answering both parts is said once
    half = await compose("how many cars does the tern carry and who built it", FLEET)
    assert "40 cars" in half.text and "I am not sure of the answer." in half.text and '"who built it"' in half.text


def test_a_stated_case_then_one_question_is_one_part() -> None:
    assert question_parts("a school wants 12% off, who has to approve that") == [
        "a school wants 12% off, who has to approve that"
    ]


async def test_a_limit_on_the_asked_figure_answers_in_any_words() -> None:
    # "clerk" and "knock" are in no passage; "up to 5%" still decides a 4% case.
    answer = await compose("can a desk clerk knock 4 percent off on their own", FARES)
    assert answer.used and "up to 5%" in answer.text


DESK = """# Desk rules

## Replies

The first reply is due within 2 hours for members and within 6 hours for guests.

## Keys

Members reset their own door code at the kiosk after confirming a code sent to their phone."""


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how fast do we have to get back to a guest", "6 hours"),
        ("member forgot their pw, what now", "kiosk"),
    ],
)
async def test_everyday_wordings_read_as_the_documents_words(question: str, expected: str) -> None:
    answer = await compose(question, DESK)
    assert answer.used and expected in answer.text


async def test_a_named_subject_with_a_detail_no_passage_has_is_unsure() -> None:
    # "Gull" is named; "weigh" is in no passage: a sentence about the Gull is no answer about its weight.
    answer = await compose("what does the Gull weigh", FLEET)
    assert answer.used == [] and "weigh" in answer.text
    assert (await compose("how many passengers does the Gull take", FLEET)).used


def test_a_choice_between_two_things_asks_about_each() -> None:
    assert question_parts("which carries more passengers, the gull or the tern") == [
        "which carries passengers gull",
        "which carries passengers tern",
    ]
    assert question_parts("which ferry goes to vigo or porto") == ["which ferry goes to vigo or porto"]


async def test_a_choice_is_answered_with_both_things() -> None:
    answer = await compose("which carries more passengers, the gull or the tern", FLEET)
    assert "80 passengers" in answer.text and "300 passengers" in answer.text


async def test_a_capital_abbreviation_typed_mid_question_is_asked_not_dropped() -> None:
    # "P.O." is no tag: a sentence about parcels (the paraphrase of "box") does not say whether P.O. boxes are served.
    post = "# Post\n\n## Parcels\n\nParcels are delivered to the customer's door within 2 days by our own couriers."
    answer = await compose("can customers get deliveries to a P.O. box", post)
    assert answer.used == []


async def test_two_parts_keep_their_figures_whole() -> None:
    answer = await compose("how fast is the fast boat to vigo and what does it cost?", CROSSINGS)
    assert "EUR 12" in answer.text and "40 to 50 minutes" in answer.text
    text = "The fast boat costs EUR 12.50 on any ticket. [1]"
    assert [s.strip() for s in _SENTENCE.findall(text)] == [text]


async def test_how_often_asks_for_a_frequency() -> None:
    timetable = "# Timetable\n\n## Changes\n\nThe timetable is published in spring. Fares are revised twice a year."
    answer = await compose("how often are the fares changed", timetable)
    assert answer.used and "twice a year" in answer.text
