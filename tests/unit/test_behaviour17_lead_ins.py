"""Round 17 (engineer D14, issue 9): a lead-in before a comma ("sorry if this is obvious, but ...") is context and the
question after it is what is read, even when the question's own "its"/"their" points at a noun it names itself; a
value written with a hyphen ("in-progress") names the data's value written with an underscore or a space."""

from __future__ import annotations

import pytest

from cognicore.orchestrator._followup_values import is_known, known_in
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.message_parts import refers_back
from tests.unit.test_scope_behaviour import AGENTS, COUNTED, VALUES, classifier


@pytest.mark.parametrize(
    ("request_text", "asked"),
    [
        (
            "Apologies if this is obvious, but how quickly must a leak get its escalation?",
            "how quickly must a leak get its escalation?",
        ),
        (
            "sorry to be a pain, but how soon must the boiler pressure have its weekly check?",
            "how soon must the boiler pressure have its weekly check?",
        ),
    ],
)
async def test_the_question_after_an_apology_is_what_is_asked(request_text: str, asked: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.resolved_request == asked, decision


@pytest.mark.parametrize(
    ("part", "leans"),
    [
        ("how fast must a S1 job get its first visit?", False),  # "its": the job named before it
        ("do the pending jobs keep their severity?", False),
        ("is its pressure checked weekly?", True),  # nothing named before "its": the message before it
        ("which of her jobs are pending?", True),
    ],
)
def test_a_possessive_after_a_noun_of_its_own_part_does_not_lean_back(part: str, leans: bool) -> None:
    assert refers_back(part) is leans


def test_a_hyphenated_value_names_the_data_value() -> None:
    values = ["in_progress", "on hold", "Wi-Fi"]
    assert is_known("in-progress", values) and is_known("on-hold", values)
    assert [m.group(0) for m in known_in("and the in-progress ones on-hold?", values)] == ["in-progress", "on-hold"]


async def test_a_follow_up_naming_a_hyphenated_state_replaces_the_state() -> None:
    values = {**VALUES, "in_progress": "state"}
    staged = OfflineClassifier(agents=AGENTS, entities=list(values), counted=COUNTED, values=values)
    history = [{"speaker": "user", "content": "Before Monday's sync: how many pending jobs are there per site?"}]
    decision = await staged.classify(request="and the in-progress ones?", history=history)
    assert decision.followup and decision.resolved_request == "how many in-progress jobs are there per site", decision


@pytest.mark.parametrize(
    ("request_text", "asked"),
    [
        ("For the quarterly ops pack - pending jobs per engineer, please.", "pending jobs per engineer, please."),
        ("Ahead of the audit: how many S1 jobs are open at Harbour?", "how many S1 jobs are open at Harbour?"),
        ("hey - quick one: how many jobs is olek holding?", "how many jobs is olek holding?"),
    ],
)
async def test_a_purpose_greeting_or_time_before_a_colon_or_dash_is_context(request_text: str, asked: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.resolved_request == asked, decision


async def test_a_follow_up_after_a_lead_in_request_inherits_the_question() -> None:
    lead = "For the quarterly ops pack - pending jobs per engineer, please."
    first = await classifier().classify(request=lead, history=[])
    history = [{"speaker": "user", "content": first.resolved_request}]
    decision = await classifier().classify(request="and the done ones?", history=history)
    assert decision.followup and decision.resolved_request == "done jobs per engineer, please", decision


async def test_a_bracketed_aside_closes_the_lead_in() -> None:
    decision = await classifier().classify(request="Quick one (sorry!): S1 jobs still pending?", history=[])
    assert decision.resolved_request == "S1 jobs still pending?", decision


async def test_she_after_a_told_name_is_that_name() -> None:
    text = "marta says her list is too long. How many pending jobs does she have?"
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request == "How many pending jobs does marta have?", decision


@pytest.mark.parametrize(
    "request_text",
    [
        "Harbour had a rough 2025, I hear. Anyway, how many S1 jobs are pending at Hilltop?",
        "olek was off most of March. That said: how many jobs does marta have pending?",
    ],
)
async def test_what_anyway_sets_aside_is_no_filter_of_the_question(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    asked = request_text.split(": ")[-1] if ": " in request_text else request_text.split("Anyway, ")[-1]
    assert decision.resolved_request == asked, decision
