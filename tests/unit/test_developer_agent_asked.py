"""A request that asks for a developer's agent's own work is no rule question for the documents (round 12 review)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import _asks_for
from cognicore.subagents.types import Plan, PlanStep

AGENTS = [
    {"name": "dice_roller", "description": "Rolls dice for the dice game."},
    {"name": "noop_alpha", "description": "Noop alpha for the no-op drill."},
    {"name": "sla_check", "description": "Checks open support tickets against the SLA response time"},
]


def _plan(*agents: str) -> Plan:
    return Plan(steps=[PlanStep(id=f"s{i}", agent=a, instruction="x") for i, a in enumerate(agents, 1)])


@pytest.mark.parametrize(
    ("request_text", "agent"),
    [
        ("Roll dice for the dice game", "dice_roller"),
        ("roll two dice please", "dice_roller"),
        ("Run the no-op drill: noop alpha and write a report", "noop_alpha"),
        ("check the open tickets against their SLA", "sla_check"),
    ],
)
def test_the_agents_own_work_is_asked(request_text: str, agent: str) -> None:
    assert _asks_for(request_text, _plan(agent), AGENTS)


@pytest.mark.parametrize("request_text", ["sla for p1 tikets pls", "what's the SLA on a P2", "give me the SLA of P1"])
def test_a_rule_the_agent_checks_against_is_not_its_work(request_text: str) -> None:
    assert not _asks_for(request_text, _plan("sla_check"), AGENTS)


def test_only_a_planned_agent_counts() -> None:
    assert not _asks_for("Roll dice for the dice game", _plan("sla_check"), AGENTS)
