"""Round 14 (engineer D11, issue 9): what kind of message it is. A standing preference worded as a request ("when you
list X for me, ...", "could you always ...", "keep answers short for me") is told and remembered, while a plain
order stays a task; context before a question (a sentence of background, a colon) leaves the question to answer."""

from __future__ import annotations

import pytest

from tests.unit.test_scope_behaviour import classifier


@pytest.mark.parametrize(
    "text",
    [
        "When you list jobs for me, please sort them by severity.",
        "When you show engineers to me, put their first names first",
        "could you always add a chart when you show me weekly figures",
        "could you always add a chart when you show me weekly figures?",  # memory keeps it as told (round 16)
        "Would you never round the figures you give me",
        "Please keep answers short for me - numbered lists work best.",
        "Short paragraphs work a lot better for me, so use those in your replies",
        "Keep your responses under five lines please",
    ],
)
async def test_a_standing_preference_worded_as_a_request_is_told(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize(
    "text",
    [
        "sort the jobs by severity",
        "list pending jobs, oldest first",
        "When you list the jobs, sort them by site",  # one occasion: "the jobs"
        "what works best for me?",
    ],
)
async def test_a_plain_order_or_a_question_is_not_a_preference(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("The site lead wants one thing: how many jobs does marta have?", "how many jobs does marta have?"),
        ("Quick one from the auditor, who is going through workloads: are any S1 jobs pending?", None),
        (
            "Sorry for the long story, the boiler broke again and everyone is upset. How many S1 jobs are done?",
            "How many S1 jobs are done?",
        ),
        ("the facilities manager is asking: list the pending jobs at Harbour", "list the pending jobs at Harbour"),
    ],
)
async def test_context_before_a_question_leaves_the_question(text: str, asked: str | None) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision
    assert decision.resolved_request == (asked or text.split(": ", 1)[1]), decision


@pytest.mark.parametrize(
    "text",
    [
        "I'm looking at Harbour this week. How many jobs are pending?",  # the context names the filter
        "Thinking about Q3 2025 for the board pack. Which engineer closed the most jobs?",  # ... or the period
    ],
)
async def test_context_that_may_be_a_filter_is_not_cut(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request in ("", text), decision


async def test_a_long_background_is_named_in_the_answer() -> None:
    background = "We had the quarterly review this morning and the numbers were argued over for an hour. " * 8
    decision = await classifier().classify(request=background + "How many S1 jobs are pending?", history=[])
    assert decision.resolved_request == "How many S1 jobs are pending?", decision
    assert decision.read_as and "characters" in decision.read_as[-1], decision


async def test_the_told_part_beside_a_question_is_kept_for_memory() -> None:
    text = "I joined the boiler team today, so how many S1 jobs are pending?"
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request == "how many S1 jobs are pending?", decision
    assert decision.told_part == "I joined the boiler team today", decision


async def test_a_long_told_background_is_not_kept_as_a_fact() -> None:
    told = "I fixed the boiler on the second floor again and the whole team had to work around it. " * 6
    decision = await classifier().classify(request=told + "How many S1 jobs are pending?", history=[])
    assert decision.resolved_request == "How many S1 jobs are pending?", decision
    assert decision.told_part == "", decision


@pytest.mark.parametrize(
    "text",
    [
        "Marta is back from leave. The site backlog per engineer slipped again. How many S1 jobs are pending?",
        "olek is out today. Jobs per site slipped badly, sadly. How many S1 jobs are pending?",
    ],
)
async def test_data_words_that_ask_nothing_are_background_beside_a_question(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request == "How many S1 jobs are pending?", decision


@pytest.mark.parametrize(
    "text",
    [
        "pls come round and fix the boiler",  # an errand in person, opened with "pls"
        "could u ask marta to close the Harbour jobs",  # a message relayed, opened with "could u"
    ],
)
async def test_every_action_shape_reads_the_same_polite_opening(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope, decision


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("I'm on nights - how big a backlog of S1 jobs is pending?", "how big a backlog of S1 jobs is pending?"),
        ("the boiler is making noises again, how old is the Harbour boiler?", "how old is the Harbour boiler?"),
    ],
)
async def test_a_how_question_after_told_words_is_what_is_asked(text: str, asked: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request == asked, decision


@pytest.mark.parametrize(
    "text",
    ["shipping a boiler part to Harbour, what does it cost us", "booking a contractor for Harbour, who approves that?"],
)
async def test_a_gerund_opening_names_a_topic_not_an_order(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.out_of_scope, decision
