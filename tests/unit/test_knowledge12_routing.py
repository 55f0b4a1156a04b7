"""Routing between documents and data (round 12, engineer K9's own wordings): what a group is entitled to is a rule
the documents state; the same words with a figure or a period asked stay a data question."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import DataReadingPlanner, may_be_data
from cognicore.subagents.types import Plan, PlanStep


@pytest.mark.parametrize(
    "request_text",
    ["Which rebate do distributors receive on bulk purchases?", "does a carrier qualify for the partner discount"],
)
def test_an_entitlement_of_a_group_is_no_data_question(request_text: str) -> None:
    assert not may_be_data(request_text, frozenset())


@pytest.mark.parametrize(
    "request_text",
    [
        "what discount did distributors receive in 2025",
        "how many units do carriers get per quarter",
        "does the online channel get more orders than retail",
    ],
)
def test_a_figure_or_a_period_asked_stays_data(request_text: str) -> None:
    assert may_be_data(request_text, frozenset())


class _ChecksFirst:
    """The offline planner's rules as they read an SLA word: the developer's checker, beside the data agent."""

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        return Plan(
            steps=[
                PlanStep(id="s1", agent="sla_check", instruction=request),
                PlanStep(id="s2", agent="database_query", instruction=request),
            ]
        )


AGENTS = [{"name": n, "description": ""} for n in ("rag_query", "database_query", "sla_check")]


async def _never_read(request: str) -> bool:
    return False


@pytest.mark.parametrize(
    "request_text",
    [
        "the SLA on a priority 3 incident?",
        "what does a breach mean for a P2",
        "sla p2 tix",
        "give me the SLA of P1 and P2",
    ],
)
async def test_a_rule_a_developer_agent_checks_against_is_read_from_the_documents(request_text: str) -> None:
    planner = DataReadingPlanner(_ChecksFirst(), _never_read, knowledge=frozenset())
    plan = await planner.plan(request=request_text, agents=AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["rag_query"], plan


@pytest.mark.parametrize(
    "request_text",
    ["which incidents blew through their SLA?", "anything overdue on response time right now", "show me SLA breaches"],
)
async def test_a_check_asked_stays_with_the_developer_agent(request_text: str) -> None:
    planner = DataReadingPlanner(_ChecksFirst(), _never_read, knowledge=frozenset())
    plan = await planner.plan(request=request_text, agents=AGENTS, feedback=[])
    assert "sla_check" in [s.agent for s in plan.steps], plan
