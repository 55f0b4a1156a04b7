"""Plan validation: every problem a planner can make is named so it can be fixed."""

from __future__ import annotations

from dataclasses import dataclass

from cognicore.subagents.registry import Registry
from cognicore.subagents.types import AgentContext, Plan, PlanStep, StepInput, StepOutput
from cognicore.subagents.validation import execution_order, plan_problems


@dataclass
class Dummy:
    name: str
    description: str = "does things"
    input_hint: str = ""
    deterministic: bool = True

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        return StepOutput(summary="ok")


REGISTRY = Registry([Dummy("database_query"), Dummy("report_generation")])


def step(i: str, agent: str = "database_query", deps: list[str] | None = None) -> PlanStep:
    return PlanStep(id=i, agent=agent, instruction=f"do {i}", depends_on=deps or [])


def test_valid_plan_has_no_problems_and_an_order() -> None:
    plan = Plan(steps=[step("s1"), step("s2"), step("s3", "report_generation", ["s1", "s2"])])
    assert plan_problems(plan, REGISTRY) == []
    order = execution_order(plan.steps)
    assert order.index("s3") > order.index("s1") and order.index("s3") > order.index("s2")


def test_empty_plan() -> None:
    assert plan_problems(Plan(steps=[]), REGISTRY) == ["The plan has no steps; give at least one step."]


def test_unknown_agent_lists_known_ones() -> None:
    (problem,) = plan_problems(Plan(steps=[step("s1", "web_search")]), REGISTRY)
    assert "unknown agent 'web_search'" in problem and "database_query, report_generation" in problem


def test_cycle_duplicate_and_dangling_dependency() -> None:
    cyclic = Plan(steps=[step("s1", deps=["s2"]), step("s2", deps=["s1"])])
    assert "cycle" in plan_problems(cyclic, REGISTRY)[0]
    dup = Plan(steps=[step("s1"), step("s1")])
    assert "repeated: s1" in plan_problems(dup, REGISTRY)[0]
    dangling = Plan(steps=[step("s1", deps=["s9"])])
    assert "'s9', which is not a step" in plan_problems(dangling, REGISTRY)[0]
    selfdep = Plan(steps=[step("s1", deps=["s1"])])
    assert "depends on itself" in plan_problems(selfdep, REGISTRY)[0]


def test_registry_rejects_duplicates_and_names_unknown_agents() -> None:
    import pytest

    from cognicore.subagents.errors import RegistryError, UnknownAgent

    with pytest.raises(RegistryError, match="Two sub-agents are named"):
        Registry([Dummy("a"), Dummy("a")])
    with pytest.raises(RegistryError, match="identifier"):
        Registry([Dummy("bad name")])
    with pytest.raises(UnknownAgent, match="known agents: database_query, report_generation"):
        REGISTRY.get("nope")
