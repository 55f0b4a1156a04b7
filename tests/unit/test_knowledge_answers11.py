"""Offline knowledge answers, round 11 (issue 9.2/9.6): comparisons, the asked thing and subject, days, lead times.

A made-up domain (a bicycle rental), so none of these wordings come from a deployment's documents."""

from __future__ import annotations

from typing import Any

from cognicore.subagents._answer_checks import asked_subject
from cognicore.subagents._answer_parts import comparison_parts, question_parts
from cognicore.subagents._answer_shape import ROLE_WORDS, Shape, asked_shape, fills_shape
from cognicore.subagents.compose import ComposedAnswer, OfflineAnswerComposer

TERMS = """# Rental terms

## Definitions

- Day rate = the price of one bike for one calendar day, before any voucher.
- Net rate = the day rate minus the voucher, what the rider pays.

## Deposits

Counter staff may waive the deposit once per rider per season when the rider has a good reason. Anything beyond
that needs approval from the Station lead.

## Campaigns

A campaign is planned by the marketing team and announced at least three weeks ahead. Spring campaigns run more
often but may not exceed 15% off.

## Couriers

Spare parts reach the islands through an overnight courier and take 2 to 3 days."""

HISTORY = """# Station history

The first rental station opened in 2015 and sold out its first fleet run in five weeks. The company grew to
nine stations and about 60 employees by 2020."""

MEETINGS = """# Fleet checks

Flat tyres are fixed at once; worn chains are reviewed in the weekly fleet meeting."""


def passages(*contents: str) -> list[dict[str, Any]]:
    return [
        {"index": i, "title": c.splitlines()[0].lstrip("# "), "source": f"/kb/doc{i}.md", "content": c}
        for i, c in enumerate(contents, start=1)
    ]


async def compose(question: str, *contents: str) -> ComposedAnswer:
    return await OfflineAnswerComposer().compose(question=question, passages=passages(*contents))


def test_a_comparison_is_one_question_about_each_thing() -> None:
    assert comparison_parts("what's the difference between the day rate and the net rate") == [
        "what is day rate",
        "what is net rate",
    ]
    assert comparison_parts("how is a flat tyre handled differently from a worn chain?") == [
        "how is a flat tyre handled",
        "how is a worn chain handled",
    ]
    assert question_parts("day rate vs net rate?") == ["what is day rate", "what is net rate"]
    # A side that is a clause of its own, or a "vs" inside a longer question, is no comparison of two things.
    assert comparison_parts("whats the difference between how long bikes and helmets are covered") == []
    assert comparison_parts("city vs mountain bikes in winter - how many days each") == []


async def test_a_comparison_quotes_what_each_thing_is_not_a_sentence_with_between() -> None:
    answer = await compose("what's the difference between the day rate and net rate?", TERMS)
    assert "before any voucher" in answer.text and "what the rider pays" in answer.text


async def test_the_sentence_past_a_limit_is_quoted_with_it() -> None:
    answer = await compose("the rider already had the deposit waived this season, who has to approve another", TERMS)
    assert "Station lead" in answer.text


async def test_a_thing_of_several_words_is_asked_by_each_word_not_a_synonym() -> None:
    # The documents name no courier company: "an overnight courier" is no answer, and neither is the company.
    assert (await compose("which courier company do we use for the islands", TERMS, HISTORY)).used == []


def test_the_subject_of_a_figure_question_is_the_noun_after_its_auxiliary() -> None:
    assert asked_subject("how many weeks does a campaign run for", ROLE_WORDS) == "campaign"
    assert asked_subject("when is the weekly fleet meeting held", ROLE_WORDS) == "weekly"
    assert asked_subject("how many days do customers have to return a bike", ROLE_WORDS) is None
    assert asked_subject("how long do I have", ROLE_WORDS) is None


async def test_a_duration_of_another_subject_or_a_lead_time_is_no_answer() -> None:
    # "sold out its fleet run in five weeks" is another run; "announced three weeks ahead" is when, not how long.
    answer = await compose("how many weeks does a campaign run for", TERMS, HISTORY)
    assert answer.used == []
    found = await compose("how far ahead is a campaign announced", TERMS, HISTORY)
    assert "three weeks ahead" in found.text


def test_what_day_asks_a_day_not_a_time_the_question_states() -> None:
    question = "what day is the weekly fleet meeting held"
    assert asked_shape(question) is Shape.WHEN
    assert not fills_shape(Shape.WHEN, "Worn chains are reviewed in the weekly fleet meeting at once.", question)
    assert fills_shape(Shape.WHEN, "The fleet meeting is held on Mondays.", question)
    assert fills_shape(Shape.WHEN, "The fleet meeting is held weekly.", "when is the fleet meeting held")


async def test_a_meeting_whose_day_is_not_written_is_unsure() -> None:
    assert (await compose("what day is the weekly fleet meeting held", MEETINGS)).used == []
