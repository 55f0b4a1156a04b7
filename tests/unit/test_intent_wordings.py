"""Casual wordings read right offline (issue 9 point 3): news told in passing is a statement, a question wrapped in
a wish is the question inside it, and a name is never read as an English word. Our own small deployment."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.language import unwrap_wish
from cognicore.orchestrator.spelling import Speller

AGENTS = [
    {
        "name": "database_query",
        "description": "Answers questions about the maintenance jobs (counts by site, severity, state or engineer).",
        "input_hint": "",
    },
    {"name": "site_check", "description": "Checks the pending jobs against the site rules.", "input_hint": ""},
]
VALUES = {"Harbour": "site", "Hilltop": "site", "S1": "severity", "pending": "state", "open": "state"}
COUNTED = ["jobs", "job_id", "site", "severity", "state", "engineer"]


def classifier() -> OfflineClassifier:
    return OfflineClassifier(AGENTS[1:], agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES)


@pytest.mark.parametrize(
    "request_text",
    [
        "Jobs at Harbour felt slow last quarter",  # an impression, with data words
        "The quarterly review moved to Thursday",  # a modifier of the data ("quarterly") is not the subject
        "sam from facilities asked for the job numbers last week",
        "Olek fixed three boilers yesterday",
        "the new pump seems noisy",
    ],
)
async def test_news_told_in_passing_is_a_statement(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize(
    ("request_text", "inner"),
    [
        ("I wonder how many jobs Harbour had in 2025", "how many jobs Harbour had in 2025"),
        ("I'm curious which site has the most pending jobs", "which site has the most pending jobs"),
        ("would love a short report on jobs by site for 2025", "a short report on jobs by site for 2025"),
        ("hmm, do you know who looks after Hilltop", "who looks after Hilltop"),
    ],
)
async def test_a_question_wrapped_in_a_wish_is_the_question_inside(request_text: str, inner: str) -> None:
    assert unwrap_wish(request_text) == inner
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent != "statement" and decision.resolved_request == inner


@pytest.mark.parametrize(
    "request_text", ["I wonder if Harbour is open today", "I love the new dashboard", "I'd like to see it"]
)
def test_a_wish_without_a_question_inside_stays_as_written(request_text: str) -> None:
    assert unwrap_wish(request_text) == request_text


async def test_a_data_value_done_to_something_new_is_no_reading_of_the_data() -> None:
    # "open" is a state of the data and a word of an agent's description ("the pending jobs"): opening one is not.
    decision = await classifier().classify(request="open a new job for the broken pump", history=[])
    assert decision.out_of_scope and "open" in decision.reason
    checked = await classifier().classify(request="check the pending jobs at Harbour", history=[])
    assert not checked.out_of_scope


def test_a_name_inside_a_sentence_is_corrected_only_to_a_name_of_the_deployment() -> None:
    speller = Speller(["Harbour", "jobs"])
    assert speller.correct("how many jobs did Initech report")[0] == "how many jobs did Initech report"
    assert speller.correct("how many jobs at Harbuor")[0] == "how many jobs at Harbour"
    assert speller.correct("Shoud I check the jobs")[0] == "Should I check the jobs"  # the first word is no name


async def test_a_followup_whose_period_cannot_be_bound_is_unsure_saying_what_was_not_bound() -> None:
    history = [
        {"speaker": "user", "content": "How many jobs are pending at Harbour?"},
        {"speaker": "assistant", "content": "4"},
    ]
    decision = await classifier().classify(request="what about the quarter before?", history=history)
    assert not decision.sure and "could not tell which period" in decision.reason
    assert "How many jobs are pending at Harbour" in decision.reason
    bound = await classifier().classify(
        request="what about the quarter before?",
        history=[{"speaker": "user", "content": "How many jobs were pending in Q1 2025?"}],
    )
    assert bound.sure and bound.resolved_request == "How many jobs were pending in Q4 2024"


@pytest.mark.parametrize(
    "request_text",
    ["From now on, show me job counts in hundreds", "Always give me the totals first", "going forward, round to 1 dp"],
)
async def test_a_standing_instruction_is_a_statement_to_remember(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "statement", decision


async def test_a_need_is_no_action_and_its_object_is_what_is_asked() -> None:
    decision = await classifier().classify(request="Need the number of jobs at Harbour in 2025", history=[])
    assert not decision.out_of_scope and decision.intent == "task"
    assert decision.resolved_request == "the number of jobs at Harbour in 2025"


async def test_a_statement_is_remembered_in_the_users_own_words() -> None:
    # "Harbur" is one slip from the site "Harbour", and a question reads it so (below); a statement keeps the user's
    # words, so a name the deployment does not know is never stored as one it does.
    decision = await classifier().classify(request="Marcio looks after Harbur now", history=[])
    assert decision.intent == "statement", decision
    assert decision.resolved_request == ""
    assert decision.read_as == []


async def test_a_question_still_gets_its_slips_corrected() -> None:
    decision = await classifier().classify(request="how many jobs does Harbur have", history=[])
    assert decision.resolved_request == "how many jobs does Harbour have"
    assert decision.read_as == ["'Harbur' as 'Harbour'"]


def test_english_is_only_a_one_letter_slip_away() -> None:
    speller = Speller(["jobs", "site"])
    assert speller.correct("where is the runbook for jobs") == ("where is the runbook for jobs", [])
    assert speller.correct("where shoud the jobs go")[0] == "where should the jobs go"


@pytest.mark.parametrize(
    "request_text",
    ["am i still on the Harbour rota", "have we closed the Harbour jobs", "has anyone looked at Hilltop"],
)
async def test_a_question_without_its_question_mark_is_no_statement(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent != "statement", decision


@pytest.mark.parametrize(
    "request_text",
    ["can you remind me who looks after Hilltop", "remind me the S1 target", "remind me what to do if a pump fails"],
)
async def test_remind_me_of_something_asks_and_is_never_refused(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "question" and not decision.out_of_scope, decision


@pytest.mark.parametrize("request_text", ["remind me to call Olek tomorrow", "remind us on Monday about Hilltop"])
async def test_a_reminder_to_set_is_refused(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.out_of_scope, decision


@pytest.mark.parametrize(
    "request_text",
    [
        "the early shift at Harbour begins at 6:30 from now on",
        "The pump crew sits on the 3rd floor of building B.",
        "after the reorg the Hilltop crew is down to 8 engineers",
    ],
)
async def test_what_the_fact_reader_reads_as_a_fact_is_a_statement(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "statement", decision
