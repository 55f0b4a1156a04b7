"""The data's SQL reader as the last word on offline routing (issue 9.1, engineer S5): the real offline classifier
and planner of a support desk deployment, wrapped with the real `SchemaSqlWriter.reads` over the tickets' catalogue.

Wordings are this file's own (the held-out sets are for measuring only).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import pytest

from cognicore.orchestrator.data_reading import DataReadingClassifier, DataReadingPlanner, may_be_data
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.planning import GENERIC, OfflinePlanner
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.unit.offline_sql_catalogues import TICKETS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "support_desk"
AGENTS = [
    {"name": "database_query", "description": "Answers questions about the IT support tickets.", "input_hint": ""},
    {"name": "rag_query", "description": "Answers from the runbooks.", "input_hint": ""},
]
COUNTED = ["tickets", "ticket", "title", "component", "priority", "status", "opened", "assignee"]
VALUES = {
    v: f"support_desk.tickets.{c.name}" for c in TICKETS.tables[0].columns if c.name != "ticket_id" for v in c.values
}


@cache
def desk_writer() -> SchemaSqlWriter:
    """The real SQL writer over the tickets' catalogue with the support desk plugin's vocabulary."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        from support_desk import SQL_VOCABULARY
    finally:
        sys.path.remove(str(EXAMPLE))
    return SchemaSqlWriter.for_catalogue(TICKETS, vocabulary=SQL_VOCABULARY)


@pytest.fixture
def writer() -> SchemaSqlWriter:
    return desk_writer()


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, counted=COUNTED, values=VALUES, words=["runbook", "policy", "printer"])


@pytest.mark.parametrize(
    "request_text",
    [
        "state of the printer incidents?",
        "severity mix of ben's tickets",
        "avg age of the closed p3s in days",
        "pull up the closed p2s",
        "what's ana working on",  # two values of two columns: an assignee and a status
        "need the open email tickets asap",
    ],
)
async def test_a_question_the_rules_send_to_the_documents_goes_to_the_data_when_the_reader_maps_it(
    writer: SchemaSqlWriter, request_text: str
) -> None:
    inner = classifier()
    before = await inner.classify(request=request_text, history=[])
    assert before.intent == "question", before  # what the rules alone decide
    wrapped = DataReadingClassifier(inner, writer.reads, knowledge=GENERIC.knowledge)
    after = await wrapped.classify(request=request_text, history=[])
    assert after.intent == "task" and "SQL reader" in after.reason, after


@pytest.mark.parametrize(
    "request_text",
    [
        "what is a P1?",  # a definition: the documents'
        "what did I tell you about the vpn tickets",  # the user's own words: memory
        "why are there so many p1 tickets",  # a reason
        "which team looks after the printers",  # a value alone, no data word: never rows
        "how do I reset my vpn token",  # a way of doing something, nothing the reader maps
    ],
)
async def test_a_question_about_the_user_a_definition_or_a_way_stays_a_question(
    writer: SchemaSqlWriter, request_text: str
) -> None:
    wrapped = DataReadingClassifier(classifier(), writer.reads, knowledge=GENERIC.knowledge)
    decision = await wrapped.classify(request=request_text, history=[])
    assert decision.intent != "task" or "SQL reader" not in decision.reason, decision


async def test_the_planner_plans_the_data_agent_for_a_task_its_rules_cannot_place(writer: SchemaSqlWriter) -> None:
    request = "could you show me each closed p4"
    inner = OfflinePlanner(GENERIC, counted=COUNTED, values=list(VALUES))
    wrapped = DataReadingPlanner(inner, writer.reads, knowledge=GENERIC.knowledge)
    plan = await wrapped.plan(request=request, agents=AGENTS, feedback=[])
    assert [(s.agent, s.instruction) for s in plan.steps] == [("database_query", request)]
    # A request the reader cannot place keeps the inner planner's answer (here: unsure).
    with pytest.raises(Exception, match="could not match"):
        await wrapped.plan(request="ok now do the other one", agents=AGENTS, feedback=[])


async def test_a_guess_is_no_read(writer: SchemaSqlWriter) -> None:
    """A request the reader maps only with a measure filled in by default, or none of whose words name the data."""
    assert not await writer.reads("ok now do Q3")
    assert not await writer.reads("delete the closed p4 tickets")
    assert await writer.reads("status of the email tickets")
    assert not may_be_data("what does P2 mean?", frozenset())
    # A value and a period say what a default measure measures ("how did X do in Q2"); a value alone does not.
    assert await writer.reads("how did the printer do in january 2026")
    assert may_be_data("How did the printer do in January 2026?", frozenset())
    assert not await writer.reads("is ben working on anything")
    assert not may_be_data("how does the escalation work", frozenset())


async def test_an_order_to_list_rows_read_as_news_goes_to_the_data_and_news_stays_news(writer: SchemaSqlWriter) -> None:
    wrapped = DataReadingClassifier(classifier(), writer.reads, knowledge=GENERIC.knowledge)
    order = await wrapped.classify(request="bring up everything assigned to chloe", history=[])
    assert order.intent == "task", order
    news = await wrapped.classify(request="Ben took over the printer queue from Chloe", history=[])
    assert news.intent == "statement", news
