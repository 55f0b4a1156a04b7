"""Changes asked without an imperative, reads worded like changes, and things made that no agent makes (D6, issue
9.1/9.3), read by the real offline classifier on a small deployment of our own (a facilities maintenance desk)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.planning import GENERIC, OfflinePlanner, data_instruction
from cognicore.subagents.offline_sql.asking import claim_asking
from cognicore.subagents.offline_sql.mapping import Text
from cognicore.subagents.report_analysis import report_style
from tests.unit.test_scope_behaviour import AGENTS as DESK_AGENTS
from tests.unit.test_scope_behaviour import COUNTED, DOCUMENT_WORDS, VALUES

# The maintenance desk of test_scope_behaviour, with a report writer as well.
AGENTS = [
    *DESK_AGENTS,
    {"name": "report_generation", "description": "Writes a Markdown report with charts.", "input_hint": ""},
]


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=DOCUMENT_WORDS)


@pytest.mark.parametrize(
    "request_text",
    [
        "JOB-2291 should be closed",
        "could JOB-1400 be reassigned to olek?",
        "the Hilltop jobs need to be bumped to S1",
        "Harbour jobs from 2025 have to be removed, they were duplicates",
        "I want all the pending jobs marked as done",
        "I'd like JOB-1400 moved to Harbour please",
        "pls take marta off JOB-2291",
    ],
)
async def test_a_change_asked_without_an_imperative_is_declined_before_any_agent(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.changes_data and decision.out_of_scope, decision
    assert "change data" in decision.reason


@pytest.mark.parametrize(
    "request_text",
    [
        "how many jobs should be closed by now?",
        "Jobs should be closed once the engineer signs off",  # a rule, told
        "can jobs be reopened",
        "I need the number of closed Hilltop jobs",
    ],
)
async def test_questions_and_rules_with_a_participle_change_nothing(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert not decision.changes_data, decision


@pytest.mark.parametrize(
    "request_text",
    [
        "update me on the number of pending jobs at Harbour",
        "fill me in on the S1 jobs",
        "could you put the jobs per site into a report w/ a bar chart",
        "write me a summary of the pending jobs by engineer",
    ],
)
async def test_reads_and_reports_worded_as_actions_are_not_refused(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert not decision.out_of_scope, decision


@pytest.mark.parametrize(
    "request_text",
    [
        "write me a python function that parses a csv file",
        "can you draft a poem for my wife's birthday",
        'translate "thank you for your order" into Japanese',
        "what's 15% of 240",
    ],
)
async def test_something_made_that_no_agent_makes_is_refused(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.out_of_scope and decision.intent == "task", decision


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("update me on the number of retail orders", "the number of retail orders"),
        ("orders by month into a report w a line chart", "orders by month into a report"),
        ("tickets per priority as a stacked bar graph", "tickets per priority"),
        ("fill us in on the open tickets", "the open tickets"),
        ("an email ready rundown of jobs per site", "an jobs per site"),
    ],
)
def test_the_words_of_asking_and_drawing_are_claimed_before_mapping(text: str, left: str) -> None:
    t = Text(f" {text} ")
    claim_asking(t)
    assert " ".join(t.s.split()) == left


@pytest.mark.parametrize(
    "request_text", ["one-pager on jobs per site, last quarter", "a quick recap of the S1 jobs by engineer in 2025"]
)
async def test_a_one_pager_or_a_recap_is_planned_as_a_brief_report(request_text: str) -> None:
    plan = await OfflinePlanner(GENERIC, counted=COUNTED, values=list(VALUES)).plan(
        request=request_text, agents=AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps][-1] == "report_generation", plan
    assert report_style(request_text) == "brief"


def test_a_span_between_two_periods_is_one_clause_of_the_data_instruction() -> None:
    text = "explain the change in total jobs between Q2 2026 and Q3 2026 by site"  # "total": a data word
    assert data_instruction(text) == text
