"""Out-of-scope actions, honest refusals of unheld topics, casual statements and shorthand (issue 9 points 2, 3),
read by the offline classifier from a small deployment of our own (a facilities maintenance desk)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.spelling import Speller

AGENTS = [
    {
        "name": "database_query",
        "description": "Answers questions about the maintenance jobs (counts and ages by site, severity, state or "
        "engineer) by running one read-only SQL query.",
        "input_hint": "",
    },
    {
        "name": "rag_query",
        "description": "Answers a question from the knowledge base (the site manuals).",
        "input_hint": "",
    },
]
VALUES = {"Harbour": "site", "Hilltop": "site", "S1": "severity", "S2": "severity", "pending": "state", "done": "state"}
VALUES |= {"marta": "engineer", "olek": "engineer"}
COUNTED = ["jobs", "job_id", "site", "severity", "state", "engineer", "reported_at"]
DOCUMENT_WORDS = (
    "boiler pressure must be checked weekly the duty engineer escalates a leak to the facilities manager".split()
)


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=DOCUMENT_WORDS)


@pytest.mark.parametrize(
    "request_text",
    [
        "Escalate JOB-2291 to the facilities manager",  # a verb done to one record, named by its identifier
        "close job 4471 and let the tenant know",
        "reset my password please",  # a change verb on nothing the data holds
        "cancel my subscription",
        "Assign all the pending jobs to olek",  # a real English verb, not "assignee" mistyped
        "Hire two more engineers for Hilltop",  # a quantity in words makes a transaction
        "install Zoom on marta's tablet",  # an English verb the deployment has no word for, on a name it does not hold
        "Tell olek to close his pending jobs",  # a message relayed to someone
        "ask the Harbour team to send the rota",
    ],
)
async def test_an_action_no_agent_offers_is_refused(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.out_of_scope, decision


async def test_a_change_to_stored_data_is_declined_before_any_agent() -> None:
    decision = await classifier().classify(request="Delete the done jobs from the database", history=[])
    assert decision.intent == "task" and decision.changes_data and "change data" in decision.reason


@pytest.mark.parametrize(
    "request_text",
    [
        "Show job JOB-2291",
        "How many jobs were reported in 2025?",
        "top 5 engineers by jobs",
        "list job 4471",
        "top two sites by jobs",
        "list two jobs at Harbour",
        "Check Harbour jobs",  # the name is the deployment's: the verb reads it
        "let me know the number of jobs at Harbour",  # ways of asking, whatever follows them
        "help me find the pending jobs",
        "walk me through the boiler pressure check",
        "Work out the jobs per site",
        "tell me how many jobs olek has",
    ],
)
async def test_reading_a_record_or_counting_is_no_foreign_action(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert not decision.out_of_scope, decision


async def test_a_question_about_a_name_nothing_holds_is_refused_not_searched() -> None:
    # The other words are the deployment's ("jobs", "engineer"): only the name says it is about something else.
    for request_text in ("What's Globex's engineer count?", "How many jobs did Initech report last year?"):
        decision = await classifier().classify(request=request_text, history=[])
        assert decision.out_of_scope and ("Globex" in decision.reason or "Initech" in decision.reason), decision
    # A name the session or memory mentions, or a value of the data, is held: the question is read as usual.
    told = await classifier().classify(
        request="How many jobs did Initech report?", history=[], memory="Initech is a tenant"
    )
    assert not told.out_of_scope
    held = await classifier().classify(request="How many jobs does Hilltop have?", history=[])
    assert not held.out_of_scope
    # A second sentence's first word is capitalised as any first word is: no name.
    second = await classifier().classify(request="How many jobs did Hilltop have? Put it in a report.", history=[])
    assert not second.out_of_scope, second
    # A name of common words ("Smart Home", a category) is no greeting: too common to say it is held by nothing.
    common = await classifier().classify(request="What share of the jobs did the Smart Home team do?", history=[])
    assert not common.out_of_scope, common
    # Nothing at all held ("weather", "Oslo"): the question keeps its unheld words for the answer to refuse with.
    weather = await classifier().classify(request="Will it rain in Oslo tomorrow?", history=[])
    assert not weather.out_of_scope and "oslo" in weather.unheld


@pytest.mark.parametrize(
    "request_text",
    [
        "heads up, marta is out sick today",
        "btw my team now covers Hilltop too",
        "fyi, olek's on call this weekend",
    ],
)
async def test_a_casual_statement_after_a_discourse_marker_is_a_statement(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "statement" and not decision.out_of_scope, decision


async def test_whats_without_its_apostrophe_still_asks_for_the_rule() -> None:
    decision = await classifier().classify(request="whats the check interval for a boiler", history=[])
    assert decision.intent == "question" and not decision.out_of_scope


def test_shorthand_is_read_only_as_a_word_the_deployment_has() -> None:
    speller = Speller(["jobs", "revenue", "engineer", "assignee"])
    text, fixes = speller.correct("rev thru june, how many tix")
    # "rev" names the deployment's revenue and "thru" is English; "tix" names tickets, which it does not hold.
    assert text == "revenue through june, how many tix"
    assert [str(f) for f in fixes] == ["'rev' as 'revenue'", "'thru' as 'through'"]


def test_a_letter_typed_twice_is_read_as_the_deployment_word_even_a_short_one() -> None:
    text, fixes = Speller(["olek", "jobs", "pending", "S1"]).correct("how many pendingg jobs does olekk have")
    assert text == "how many pending jobs does olek have"
    assert [str(f) for f in fixes] == ["'pendingg' as 'pending'", "'olekk' as 'olek'"]
    assert Speller(["ben", "jobs"]).correct("jobs for benn")[0] == "jobs for ben"  # not the English "been"


def test_a_one_letter_slip_of_english_beats_two_of_a_deployment_word() -> None:
    text, fixes = Speller(["assignee", "jobs"]).correct("jobs asigned to marta")
    assert text == "jobs assigned to marta" and [str(f) for f in fixes] == ["'asigned' as 'assigned'"]
    assert Speller(["assignee"]).correct("asignee")[0] == "assignee"  # one slip of the deployment's word
