"""Offline knowledge answers answer the question's shape or say unsure (issue 9 point 6), on a made-up domain."""

from __future__ import annotations

from typing import Any

from cognicore.memory.retrieval import paraphrase_terms
from cognicore.subagents._answer_head import name_modifier
from cognicore.subagents._answer_shape import Shape, asked_shape, asks_consequence, asks_which_document
from cognicore.subagents._question_terms import ALTERNATIVES, derived_forms, name_parts, unknown_versions
from cognicore.subagents.compose import ComposedAnswer, OfflineAnswerComposer

DOCK = """# Marina dock rules

Every berth booking has a time slot. A boat that stays past its slot without notice is an overstay.
Overstays are charged twice the hourly berth rate at once; repeated overstays go to the harbour master.

## Fuel

The fuel pontoon opens at 7 am and closes at 9 pm."""

LAMP = """# Nova Lamp guide

## How do I pair the remote with the Nova Lamp?

Hold the remote's top button for five seconds until the lamp blinks twice. The lamp remembers four remotes.

## Launch

The Nova Lamp went on sale in March 2021 at $89."""

PEOPLE = """# About Harbourline

## Leadership

- Ana Ruiz, chief financial officer (since 2022)
- Tom Berg, chief executive officer"""

BUDGET = """# Budget notes

Finance reviews every berth rate once a year and publishes the new rates in January."""


def passages(*contents: str) -> list[dict[str, Any]]:
    return [
        {"index": i, "title": c.splitlines()[0].lstrip("# "), "source": f"/kb/doc{i}.md", "content": c}
        for i, c in enumerate(contents, start=1)
    ]


async def compose(question: str, *contents: str) -> ComposedAnswer:
    return await OfflineAnswerComposer().compose(question=question, passages=passages(*contents))


def test_a_yes_no_question_takes_no_shape_from_its_condition() -> None:
    assert asked_shape("Does the lamp stay on when the wifi drops?") is None
    assert asked_shape("Is a signature needed when a parcel is worth $500?") is None
    assert asked_shape("When does the fuel pontoon open?") is Shape.WHEN
    assert asked_shape("Do you know when the fuel pontoon opens?") is Shape.WHEN


def test_question_kinds_for_consequences_and_documents() -> None:
    assert asks_consequence("What happens if a boat stays too long?")
    assert asks_consequence("what would happen when nobody pays?")
    assert not asks_consequence("What is the berth rate?")
    assert asks_which_document("Which runbook covers overstays?")
    assert asks_which_document("In which document are the fuel hours?")
    assert not asks_which_document("Which policy of the marina is strictest?")


def test_a_versioned_name_the_documents_never_write_is_unknown() -> None:
    text = LAMP
    assert unknown_versions("When will the Nova Lamp 2 launch?", text) == ["Nova Lamp 2"]
    assert unknown_versions("What did the Nova Lamp cost in March 2021?", text) == []
    assert unknown_versions("Does the Nova Lamp pair with 4 remotes?", text) == []


async def test_a_new_model_of_a_known_product_is_unsure_not_the_old_models_facts() -> None:
    answer = await compose("When will the Nova Lamp 2 launch?", LAMP)
    assert answer.used == [], answer.text
    assert "Nova Lamp 2" in answer.text


async def test_what_happens_answers_with_the_consequence_that_follows_the_condition() -> None:
    answer = await compose("What happens if a boat stays past its slot?", DOCK, LAMP)
    assert answer.used == [1], answer.text
    assert "charged twice" in answer.text, answer.text


async def test_which_document_names_the_document() -> None:
    answer = await compose("Which handbook covers overstays?", LAMP, DOCK)
    assert answer.text.startswith('"Marina dock rules" covers it:'), answer.text
    assert answer.used == [2]


async def test_steps_to_do_something_are_answered_by_how_it_is_done() -> None:
    answer = await compose("What are the steps to pair the remote with the Nova Lamp?", LAMP, DOCK)
    assert "five seconds" in answer.text and answer.used == [1], answer.text


async def test_a_derived_form_matches_its_word() -> None:
    assert "financi" in derived_forms(frozenset({"financ"}), frozenset({"financi", "fuel"}))
    assert derived_forms(frozenset({"part"}), frozenset({"partner"})) == frozenset(), "short stems stay as they are"
    answer = await compose("Who is our finance chief?", BUDGET, PEOPLE)
    assert "Ana Ruiz" in answer.text, answer.text


async def test_a_miss_never_lists_a_word_as_both_found_and_missing() -> None:
    answer = await compose("Which version of the Nova Lamp remote should I buy?", LAMP)
    assert answer.used == []
    found, _, missing = answer.text.partition(" but not ")
    for word in ("remote", "lamp"):
        assert not (word in found.lower() and word in missing.split(".")[0].lower()), answer.text


def test_only_words_the_corpus_never_uses_are_widened_for_retrieval() -> None:
    lexicon = frozenset("damag parcel report replac".split())
    assert "damaged" in paraphrase_terms("what if my parcel arrives broken", lexicon, ALTERNATIVES)
    assert paraphrase_terms("what if my parcel is damaged", lexicon, ALTERNATIVES) == []


async def test_a_short_word_inside_a_name_is_part_of_the_name_not_a_tag() -> None:
    assert name_parts("When did the Nova Max Lamp launch?") >= {"max"}
    answer = await compose("When did the Nova Max Lamp launch?", LAMP)
    assert answer.used == [] and "max" in answer.text.split(" but not ")[1], answer.text


async def test_every_asked_word_found_apart_is_said_so() -> None:
    care = "# Lamp care\n\nThe lamp has a warranty of two years.\n\nLens caps are sold separately in packs of three."
    answer = await compose("What is the warranty on lens caps?", care)
    assert answer.used == [], answer.text
    assert "mentions warranty, lens, caps but not in one statement that answers the question" in answer.text


async def test_who_did_something_needs_its_doer_not_any_people() -> None:
    harbour = (
        "# Harbourline history\n\nThe company opened its second marina in Bergen in 2019 to serve customers there.\n\n"
        "## Founders\n\nHarbourline was founded in 2012 by Ana Ruiz and Tom Berg."
    )
    missed = await compose("Who opened the Bergen marina?", harbour)
    assert missed.used == [], missed.text
    found = await compose("Who founded Harbourline?", harbour)
    assert "Ana Ruiz" in found.text, found.text


async def test_a_part_of_a_named_product_is_what_is_asked_about() -> None:
    assert name_modifier("How much does the Nova Lamp shade cost?") == "shade"
    assert name_modifier("What colours does the Nova Lamp offer?") is None, "the question's own verb"
    assert name_modifier("How many minutes of drift make the VPN fail?") is None, "the question's own verb"
    assert name_modifier("Is the Nova Lamp dimmable?") == "dimmable"
    assert name_modifier("How quickly does a P1 ticket need a reply?") is None, "a code qualifies its noun"
    answer = await compose("How much does the Nova Lamp shade cost?", LAMP)
    assert answer.used == [] and "$89" not in answer.text, "the lamp's price is not the shade's"
    assert "$89" in (await compose("How much did the Nova Lamp cost at launch?", LAMP)).text
