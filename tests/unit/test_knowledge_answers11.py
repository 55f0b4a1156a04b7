"""Offline knowledge answers, round 11 (issue 9.2/9.6): comparisons, the asked thing and subject, days, lead times.

A made-up domain (a bicycle rental), so none of these wordings come from a deployment's documents."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.planning import OfflinePlanner
from cognicore.subagents._answer_checks import asked_subject, bigrams, other_kind
from cognicore.subagents._answer_parts import comparison_parts, question_parts
from cognicore.subagents._answer_shape import ROLE_WORDS, Shape, asked_shape, fills_shape
from cognicore.subagents._passage_units import class_members, split_units
from cognicore.subagents.errors import Unsure
from tests.unit.test_knowledge_answers import compose, passages

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


RIDES = """# Ride options

- Standard rides take 20 to 30 minutes in Old Town and Harbour Side, and 40 to 50 minutes in North Hills.
- Express rides take 10 to 15 minutes in Old Town and Harbour Side and cost EUR 9 on any trip.

## Campaign calendar

The station lead plans the summer campaign and publishes it by May 15."""


def test_another_kind_of_the_asked_thing_is_told_by_the_documents_phrases() -> None:
    phrases = bigrams(RIDES)
    standard = "Standard rides take 20 to 30 minutes in Old Town and Harbour Side."
    assert other_kind(standard, "how long do express rides take", phrases)
    assert not other_kind("Express rides take 10 to 15 minutes.", "how long do express rides take", phrases)
    # "p4s get": a subject and its verb, no phrase of the documents; "three phones" is a count, not a kind.
    assert not other_kind("A P4 request gets a reply in 3 days.", "how fast do p4s get a reply", phrases)


async def test_a_detail_stated_for_other_named_places_is_unsure_for_a_named_one() -> None:
    # North Hills is a name the documents know; the express sentence holds only for Old Town and Harbour Side.
    assert (await compose("how many minutes does an express ride take in north hills", RIDES)).used == []
    known = await compose("how many minutes does a standard ride take in north hills", RIDES)
    assert "40 to 50 minutes" in known.text


async def test_a_deadline_is_said_by_a_date() -> None:
    answer = await compose("whats the deadline for publishing the summer campaign", RIDES)
    assert "May 15" in answer.text


PLAN_AGENTS = [
    {"name": "database_query", "description": "Answers questions about figures with one SQL query."},
    {"name": "rag_query", "description": "Answers a question from the knowledge base with cited sources."},
    {"name": "report_generation", "description": "Writes a report from other steps' results."},
]


async def test_a_question_naming_no_agents_work_is_asked_of_the_documents() -> None:
    # Read as a task by the intent reader, it names no figures, report or document word: the documents may say it.
    plan = await OfflinePlanner().plan(
        request="who's responsible for preparing the depot business case", agents=PLAN_AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["rag_query"]
    # An order that names nothing an agent does stays unsure: no plan is guessed.
    with pytest.raises(Unsure, match="could not match it"):
        await OfflinePlanner().plan(request="Optimise it", agents=PLAN_AGENTS, feedback=[])


LEVELS = """# Repair levels

A repair is done within the time of its level: L1 (a flat tyre) within 1 hour, L2 (brakes) within 4 hours, and
L3 (a broken frame) within 2 days.

# Lights

When a light does not work, first check the battery. If it still fails, book an L2 repair for the workshop."""


def test_a_class_word_lists_its_members() -> None:
    units = [u for i, c in enumerate(passages(LEVELS)) for u in split_units(i, c)]
    assert class_members(units)["level"] == frozenset({"l1", "l2", "l3"})


async def test_a_sentence_naming_a_listed_member_answers_what_class() -> None:
    answer = await compose(
        "if the light still doesn't work after the battery check, what level should the repair get", LEVELS
    )
    assert "L2 repair" in answer.text
