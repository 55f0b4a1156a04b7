"""Checks a plan against the registry before anything runs: the planner's output is untrusted."""

from __future__ import annotations

from graphlib import CycleError, TopologicalSorter

from cognicore.subagents.registry import Registry
from cognicore.subagents.types import Plan, PlanStep

MAX_STEPS = 12


def plan_problems(plan: Plan, registry: Registry) -> list[str]:
    """Everything wrong with `plan`, as sentences a planner (model or person) can act on; empty if valid."""
    if not plan.steps:
        return ["The plan has no steps; give at least one step."]
    problems: list[str] = []
    if len(plan.steps) > MAX_STEPS:
        problems.append(f"The plan has {len(plan.steps)} steps; use at most {MAX_STEPS}.")
    ids = [s.id for s in plan.steps]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        problems.append(f"Step ids must be unique; repeated: {', '.join(duplicates)}.")
    for step in plan.steps:
        if step.agent not in registry:
            problems.append(
                f"Step {step.id} uses unknown agent {step.agent!r}; known agents: {', '.join(registry.names)}."
            )
        if not step.instruction.strip():
            problems.append(f"Step {step.id} has an empty instruction.")
        for dep in step.depends_on:
            if dep not in ids:
                problems.append(f"Step {step.id} depends on {dep!r}, which is not a step of this plan.")
            elif dep == step.id:
                problems.append(f"Step {step.id} depends on itself.")
    if not problems:
        try:
            execution_order(plan.steps)
        except CycleError as exc:
            cycle = " -> ".join(str(n) for n in exc.args[1])
            problems.append(f"The steps' dependencies form a cycle ({cycle}); dependencies must point backwards.")
    return problems


def execution_order(steps: list[PlanStep]) -> list[str]:
    """Step ids in an order that respects `depends_on`; raises `graphlib.CycleError` on a cycle."""
    return list(TopologicalSorter({s.id: s.depends_on for s in steps}).static_order())
