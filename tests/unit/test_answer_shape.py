"""The shape of a question (who / when / how much / how long) and the sentences that can fill it."""

from __future__ import annotations

import pytest

from cognicore.memory.text import stem
from cognicore.subagents._answer_shape import (
    Shape,
    asked_shape,
    common_capitals,
    fills_shape,
    implied,
    names_person,
)


@pytest.mark.parametrize(
    ("question", "shape"),
    [
        ("Who approves refunds above the limit?", Shape.WHO),
        ("The escalation goes to who?", Shape.WHO),
        ("When was the office opened?", Shape.WHEN),
        ("How long does a backup take to restore?", Shape.DURATION),
        ("How many hours before a ticket breaches?", Shape.DURATION),
        ("How much is the late fee?", Shape.AMOUNT),
        ("How many devices can be paired?", Shape.AMOUNT),
        ("Who decided the move, and when?", Shape.WHO),  # the first thing asked sets the shape
        ("What does the warranty cover?", None),
        ("Is the parking free for visitors?", None),
    ],
)
def test_asked_shape(question: str, shape: Shape | None) -> None:
    assert asked_shape(question) is shape


def test_who_needs_someone_the_question_does_not_already_name() -> None:
    question = "Who is the on-call engineer tonight?"
    # Repeating the asked role is no answer; naming another role or a person is.
    assert not fills_shape(Shape.WHO, "Outages are paged to the on-call engineer at once.", question)
    assert fills_shape(Shape.WHO, "The on-call engineer is chosen by the infrastructure lead.", question)
    assert fills_shape(Shape.WHO, "Approved by: Ines Duarte.", question)
    assert not fills_shape(Shape.WHO, "The rota changes every Monday at 9 am.", question)


def test_durations_dates_and_amounts() -> None:
    assert fills_shape(Shape.DURATION, "A restore finishes within 6 hours.", "How long does a restore take?")
    assert fills_shape(Shape.DURATION, "Access is revoked after two weeks.", "How long until access ends?")
    assert not fills_shape(Shape.DURATION, "Restores are run by the storage team.", "How long does a restore take?")
    assert fills_shape(Shape.WHEN, "The office opened in March 2019.", "When did the office open?")
    assert fills_shape(Shape.WHEN, "Reviews happen weekly.", "When are reviews held?")
    assert not fills_shape(Shape.WHEN, "Reviews are held by the board.", "When are reviews held?")
    assert fills_shape(Shape.AMOUNT, "Late returns cost $12.", "How much is the late fee?")
    # A figure the question states is not the answer to it.
    asked = "How much do we refund on a 20% deposit?"
    assert not fills_shape(Shape.AMOUNT, "Deposits are 20% of the order.", asked)


def test_names_a_person_but_not_the_house_name() -> None:
    texts = [
        "Northwind Labs ships every Monday.",
        "Northwind Labs was founded by Ines Duarte.",
        "Northwind Labs has two offices.",
    ]
    common = common_capitals(texts)
    assert "northwind" in common and "ine" not in common
    assert names_person(texts[1], "Who founded the company?", common)
    assert not names_person(texts[0], "Who ships orders?", common)
    assert not names_person("Ines Duarte signs off.", "Does Ines Duarte sign off?", common)


def test_a_kind_word_is_said_by_a_value_of_that_kind() -> None:
    price, date = frozenset({stem("price")}), frozenset({stem("date")})
    assert implied(price, "Launch of the Nova Lamp at $89")
    assert not implied(price, "Launch of the Nova Lamp in spring")
    assert implied(date, "Moved on 12 May 2024")
    assert not implied(frozenset({stem("colour")}), "Sold in red")
