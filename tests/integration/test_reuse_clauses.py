"""A reused workflow's steps ask what the planner's own steps ask (D8, issue 9.5): the data step of a saved workflow
learned from a request that was all one data clause is refilled with the new request's data clause, never with the
whole new request ("... and write a short report", "..., with a bar chart" reached the SQL reader)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.planning import task_features
from cognicore.orchestrator.reuse import OfflineAdapter, OfflineGeneraliser, fill
from cognicore.subagents.types import Plan, PlanStep

LEARNED = "Write a report on revenue by region for the last quarter with a chart"


def _steps(result) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(s["agent"], s["instruction"]) for s in (result.plan or {}).get("steps", [])]


@pytest.mark.parametrize(
    "later",
    [
        "Chart units sold by region this quarter and summarize them in a report",
        "Report revenue per region last year, with a bar chart",
    ],
)
async def test_a_reused_data_step_carries_the_data_clause_as_the_planner_s_does(app, later: str) -> None:  # type: ignore[no-untyped-def]
    first = await app.runner.ask(LEARNED, session_id="r1", user_id="ann")
    assert first.outcome == "succeeded" and first.workflow["reused"] is False, first.error
    warm = await app.runner.ask(later, session_id="r2", user_id="ann")
    cold = await app.runner.ask(later, session_id="r3", user_id="bob")  # nobody's workflow: planned
    assert warm.workflow["reused"] is True and cold.workflow["reused"] is False
    assert _steps(warm) == _steps(cold)
    data = next(text for agent, text in _steps(warm) if agent == "database_query")
    assert data != later and later.startswith(data), data  # the data clause, not the whole request
    assert warm.outcome == cold.outcome == "succeeded", warm.error


async def test_a_change_request_step_keeps_the_user_s_words() -> None:
    """A change is planned in its user's own words (the SQL writer refuses it): its template says {request}."""
    request = "delete the orders of 2024 and write a report"
    plan = Plan(steps=[PlanStep(id="s1", agent="database_query", instruction=request)])
    template = (await OfflineGeneraliser().generalise(request=request, plan=plan)).model_dump()
    assert template["steps"][0]["instruction"] == "{request}"
    later = "delete the orders of 2023 and write a report"
    adapted = await OfflineAdapter().adapt(request=later, trigger="", features=task_features(later), template=template)
    assert [s.instruction for s in fill(template, adapted.parameters).steps] == [later]
