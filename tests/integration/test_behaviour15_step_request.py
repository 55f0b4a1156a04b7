"""Round 15 (engineer D12, issue 9): a task whose plan gives one clause to the data agent and another to the documents
agent ("compare ... and explain the discount policy for partners"): the data agent reads the request without the
documents' clause, so its SQL never measures what the other clause names ("discount", "partners")."""

from __future__ import annotations

import pytest

from cognicore.app import App
from cognicore.orchestrator.dispatch import step_request
from cognicore.subagents.types import PlanStep


@pytest.mark.parametrize(
    "text",
    [
        "Compare units sold per customer segment in Latin America and explain the discount policy for partners",
        "Break down order counts by channel for Q2 2026, then explain the pricing policy for partner discounts",
    ],
)
async def test_the_data_step_reads_the_request_without_the_documents_clause(app: App, text: str) -> None:
    result = await app.runner.ask(text, session_id="s1", user_id="ida")
    assert result.outcome == "succeeded", (result.answer, result.error)
    data = [str(s["output"]).lower() for s in result.steps if s["agent"] == "database_query"]
    assert data and "select" in data[0], result.steps  # the step's summary shows the SQL it ran
    assert "discount" not in data[0] and "'partner'" not in data[0], data


def _step(step_id: str, agent: str, instruction: str) -> PlanStep:
    return PlanStep(id=step_id, agent=agent, instruction=instruction)


def test_a_step_given_one_clause_sees_the_request_without_the_others() -> None:
    request = "Show tickets per site for March and then summarise the escalation procedure, please"
    data = _step("s1", "database_query", "Show tickets per site for March")
    documents = _step("s2", "rag_query", "summarise the escalation procedure")
    report = _step("s3", "report_generation", f"Write the report the user asked for: {request}")
    steps = [data, documents, report]
    assert step_request(data, steps, request) == "Show tickets per site for March, please"
    assert step_request(documents, steps, request) == "summarise the escalation procedure, please"
    assert step_request(report, steps, request) == request  # given all of it: it reads all of it


def test_a_step_given_the_whole_request_or_a_rewording_sees_the_request() -> None:
    request = "How many jobs did each site close in 2025?"
    whole = _step("s1", "database_query", request)
    assert step_request(whole, [whole], request) == request
    reworded = _step("s1", "rag_query", "Find what the knowledge base says about the items in the results of s1.")
    assert step_request(reworded, [whole, reworded], request) == request
