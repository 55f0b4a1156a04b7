"""Round 13 (D10, issue 9.3): tasks planned as asked: an artefact asked as a note or prepped for someone is a report
on its topic (its noun is no document topic, its audience no data filter), and a developer's agent's result is
reported as it is, never searched for in the documents."""

from __future__ import annotations

import pytest

from cognicore.demo.plugin import PLUGIN as DEMO
from cognicore.orchestrator.planning import OfflinePlanner, data_instruction
from cognicore.plugins import vocabulary
from tests.unit.test_behaviour13_scope import classifier

DEMO_WORDS = vocabulary([DEMO])
BUILTINS = [
    {"name": "rag_query", "description": "Answers from the knowledge base with citations."},
    {"name": "database_query", "description": "Runs one read-only SQL query over the sales data."},
    {"name": "report_generation", "description": "Writes a Markdown report with a chart."},
]
CHECKER = {"name": "stock_check", "description": "Checks products against their reorder level and lists shortfalls."}


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("Please draft a note for the retail team on Q1 2026 revenue by category", "Q1 2026 revenue by category"),
        ("knock up a short memo for the finance folks covering 2025 orders per region", "2025 orders per region"),
    ],
)
async def test_a_note_for_a_team_is_a_report_on_its_topic(text: str, topic: str) -> None:
    plan = await OfflinePlanner(DEMO_WORDS).plan(request=text, agents=BUILTINS, feedback=[])
    agents = [s.agent for s in plan.steps]
    assert agents[0] == "database_query" and agents[-1] == "report_generation", plan
    assert plan.steps[0].instruction == topic
    assert all(s.agent != "rag_query" or s.depends_on == ["s1"] for s in plan.steps), "no document search for 'note'"


def test_an_audience_that_names_a_data_word_is_still_an_audience() -> None:
    assert data_instruction("a summary for the online sales crew of units by region in 2025", DEMO_WORDS) == (
        "units by region in 2025"
    )


async def test_a_developer_agents_result_is_reported_without_a_document_search() -> None:
    text = "Run the stock check on the Audio products and write up the shortfalls as a report for purchasing"
    plan = await OfflinePlanner(DEMO_WORDS).plan(request=text, agents=[*BUILTINS, CHECKER], feedback=[])
    agents = [s.agent for s in plan.steps]
    assert "stock_check" in agents and agents[-1] == "report_generation", plan
    assert "rag_query" not in agents, plan


@pytest.mark.parametrize(
    "text", ["could you prep a summary of pending jobs per site for the ops lead", "whip up a memo on S1 jobs by site"]
)
async def test_an_artefact_made_with_any_verb_is_no_errand(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "task" and not decision.out_of_scope, decision


@pytest.mark.parametrize("text", ["Please reserve me a table for four at the harbour bistro", "book us a table for 6"])
async def test_a_table_booked_is_no_artefact(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope, decision  # "table" is an artefact only when a making verb asks for it


async def test_an_artefact_to_send_stays_an_errand() -> None:
    decision = await classifier().classify(request="email me a summary of the S1 jobs", history=[])
    assert decision.out_of_scope, decision


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("brief summary - units by category in Q2 2026", "units by category in Q2 2026"),
        ("Memo: 2025 orders per channel", "2025 orders per channel"),
        ("report for 2025 - 2026 revenue by region", "report for 2025 - 2026 revenue by region"),  # a range, no topic
    ],
)
def test_an_artefact_and_its_topic_after_a_dash_or_colon(text: str, topic: str) -> None:
    assert data_instruction(text, DEMO_WORDS) == topic
