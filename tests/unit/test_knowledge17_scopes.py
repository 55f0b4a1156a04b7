"""Knowledge answers for the scope a question sets (round 17, engineer KB): a rule stated for the other names of a
list the documents write is no answer for the asked name, said before the question or in it; "asking about X" sets
the topic without being a word to match."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_scopes import name_peers, scoped_elsewhere
from cognicore.subagents._question_asked import asked_question, told_around
from cognicore.subagents.compose import unanswered_context
from tests.unit.test_knowledge_answers import compose

FERRIES = (
    "# Ferry timetable\n\nThe company sails from two ports: Oban (Inner Isles and Outer Isles) and Ullapool "
    "(Northern Isles).\n\n## Crossing times\n\n- **Standard crossings** take 2 to 3 hours to the Inner Isles and "
    "the Northern Isles.\n- **Outer Isles** crossings go by the long route and take 5 to 7 hours. No questions asked "
    "refunds apply up to a day before.\n\n## Spare parts\n\nEngines are covered for 3 years; deck fittings for 1 year."
)


@pytest.mark.parametrize(
    "question",
    [
        "We're sailing to the Outer Isles this time. How many hours does the crossing take?",
        "How long does the crossing to the Outer Isles take?",
    ],
)
async def test_a_rule_for_the_other_names_of_a_list_is_no_answer_for_the_asked_one(question: str) -> None:
    answer = await compose(question, FERRIES)
    assert answer.used and "5 to 7 hours" in answer.text and "2 to 3 hours" not in answer.text, answer.text


async def test_a_rule_for_the_asked_name_is_kept() -> None:
    answer = await compose("How long does the crossing to the Northern Isles take?", FERRIES)
    assert answer.used and "2 to 3 hours" in answer.text, answer.text


def test_scoped_elsewhere_needs_a_peer_of_the_sentence_s_scope() -> None:
    peers = name_peers([FERRIES])
    rule = "Standard crossings take 2 to 3 hours to the Inner Isles and the Northern Isles."
    assert scoped_elsewhere(rule, "How long to the Outer Isles then?", peers) == "Outer Isles"
    assert scoped_elsewhere(rule, "How long for a Friday crossing?", peers) == ""  # not a name of the list
    assert scoped_elsewhere("Engines are covered for 3 years.", "Outer Isles engines?", peers) == ""


@pytest.mark.parametrize(
    "message", ["Asking about deck fittings only. How long are they covered?", "I'm asking about deck fittings."]
)
def test_asking_about_a_topic_keeps_the_topic_not_the_asking(message: str) -> None:
    assert "asking" not in asked_question(message).in_context.lower()
    assert "deck fittings" in asked_question(message).in_context


def test_the_told_context_an_answer_misses_is_named() -> None:
    said = "We're sailing to the Outer Isles this time. How many hours does a standard crossing take?"
    assert told_around(said) == ["We're sailing to the Outer Isles this time."]
    missed = unanswered_context(said, "How many hours does a standard crossing take?", "Crossings take 2 to 3 hours.")
    assert "Outer" in missed and "Isles" in missed  # names keep their capital
    assert not {"Outer", "Isles"} & set(unanswered_context(said, "How long?", "Outer Isles crossings take 5 hours."))


PARCELS = (
    "# Parcel desk\n\n## Refunds\n\nRefunds reach the card within 4 business days after the parcel is back. Labels "
    "take about a week to print and are not refundable.\n\n## Cover\n\nRepairs are covered for 2 years."
)


@pytest.mark.parametrize("question", ["How long does a refund take?", "how many days does a refund take?"])
async def test_a_span_of_time_answers_only_for_the_thing_it_is_said_of(question: str) -> None:
    answer = await compose(question, PARCELS)
    assert answer.used and "4 business days" in answer.text and "a week" not in answer.text, answer.text


@pytest.mark.parametrize(
    "question", ["It's about the labels. How long is the cover?", "We're talking about labels here. How long is cover?"]
)
async def test_the_asked_thing_is_in_the_last_sentence_whatever_the_context(question: str) -> None:
    answer = await compose(question, PARCELS)
    assert "a week" not in answer.text, answer.text


async def test_words_of_the_asker_s_here_and_now_are_not_asked() -> None:
    answer = await compose("I'm handling Outer Isles bookings now. How many hours does the crossing take?", FERRIES)
    assert answer.used and "5 to 7 hours" in answer.text and "2 to 3 hours" not in answer.text, answer.text


TARIFFS = (
    "# Tariffs\n\n## Options\n\n- **Day tickets** cost $8 and are free for groups of 10 or more.\n- **Season "
    "tickets** cost $90 for any group."
)


@pytest.mark.parametrize(
    "question", ["Is a season ticket free for a group of 12 people?", "are season tickets free when 15 of us go?"]
)
async def test_a_limit_of_another_kind_of_the_asked_thing_is_no_answer(question: str) -> None:
    answer = await compose(question, TARIFFS)
    assert "free for groups" not in answer.text, answer.text
