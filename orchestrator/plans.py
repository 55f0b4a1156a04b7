"""The nodes that give a task its plan: `lookup_workflow` (a saved workflow adapted to the request), `plan` (the
planner, validated, with a bounded replan) and `replan` (failed steps turned into the planner's feedback)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Command

from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.events import emit
from cognicore.orchestrator.recollection import planner_memory
from cognicore.orchestrator.reuse import fill
from cognicore.orchestrator.state import State
from cognicore.subagents.errors import Unsure
from cognicore.subagents.validation import plan_problems

__all__ = ["DEMOTED_MARGIN", "MAX_ADAPTATIONS", "lookup_workflow", "plan", "replan"]

MAX_ADAPTATIONS = 2  # saved workflows tried per request before planning from scratch
DEMOTED_MARGIN = 0.15  # a demoted workflow must match this much more closely to be reused


async def lookup_workflow(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Reuse a saved workflow for a similar task (adapted and validated), else go to the planner."""
    ctx = runtime.context
    request = state["request"]
    calls: dict[str, int] = {"key_workflow": 1}
    try:
        key = await ctx.keyer.key(request=request)
    except ModelCallError:
        missed: dict[str, Any] = {"id": None, "reused": False, "similarity": None}
        return Command(goto="plan", update={"workflow": missed, "model_calls": calls})
    matches = await ctx.workflows.lookup(user_id=state["user_id"], skeleton=key.skeleton)
    best = matches[0].similarity if matches else None
    for match in matches[:MAX_ADAPTATIONS]:
        wf = match.workflow
        needed = ctx.reuse_threshold + (DEMOTED_MARGIN if wf.status == "demoted" else 0.0)
        if match.similarity < needed:
            continue
        calls["adapt_workflow"] = calls.get("adapt_workflow", 0) + 1
        try:
            adaptation = await ctx.adapter.adapt(
                request=request, trigger=match.trigger, features=list(wf.features), template=wf.template
            )
            if not adaptation.applicable:
                continue
            new_plan = fill(wf.template, adaptation.parameters)
        except (ModelCallError, KeyError, ValueError):
            continue  # an adaptation that fails falls back to planning
        if plan_problems(new_plan, ctx.registry):
            continue
        info: dict[str, Any] = {"id": wf.id, "reused": True, "similarity": match.similarity, "key": key.model_dump()}
        calls["plan"] = 0  # reported explicitly: the planner was skipped
        emit(runtime, event="reuse", workflow=wf.id, similarity=match.similarity, name=wf.name)
        emit(runtime, event="plan", steps=[s.model_dump() for s in new_plan.steps])
        return Command(
            goto="execute",
            update={"plan": new_plan.model_dump(), "attempts": 1, "workflow": info, "model_calls": calls},
        )
    info = {"id": None, "reused": False, "similarity": best, "key": key.model_dump()}  # type: ignore[dict-item]
    return Command(goto="plan", update={"workflow": info, "model_calls": calls})


async def plan(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Ask the planner for a plan and validate it; invalid or repeated plans lead to a bounded replan."""
    ctx = runtime.context
    attempts = state.get("attempts", 0) + 1
    feedback = list(state.get("feedback", []))
    agents = [{"name": a.name, "description": a.description, "input_hint": a.input_hint} for a in ctx.registry]
    calls = {"plan": 1}
    if attempts == 1:
        lessons = await ctx.recollector.failures(user_id=state["user_id"], request=state["request"])
        feedback = [f"A similar request failed before: {lesson}" for lesson in lessons] + feedback
    try:
        new_plan = await ctx.planner.plan(
            request=state["request"], agents=agents, feedback=feedback, memory=planner_memory(state.get("recalled"))
        )
        problems = plan_problems(new_plan, ctx.registry)
    except Unsure as exc:  # the planner could not map the task onto the agents: say so, do not guess
        update = {"attempts": attempts, "error": str(exc), "outcome": "unsure", "model_calls": calls}
        return Command(goto="respond", update=update)
    except ModelCallError as exc:
        new_plan, problems = None, [f"The planner failed: {exc}"]
    if new_plan is not None and not problems and state.get("plan") == new_plan.model_dump() and feedback:
        problems = ["The planner proposed the same plan that just failed."]
        new_plan = None
    if problems:
        feedback += problems
        if attempts <= ctx.max_replans:
            emit(runtime, event="replan", attempt=attempts, problems=problems)
            return Command(goto="plan", update={"attempts": attempts, "feedback": feedback, "model_calls": calls})
        error = "Could not make a valid plan: " + " ".join(problems)
        return Command(
            goto="respond",
            update={
                "attempts": attempts,
                "feedback": feedback,
                "error": error,
                "outcome": "failed",
                "model_calls": calls,
            },
        )
    assert new_plan is not None
    emit(runtime, event="plan", steps=[s.model_dump() for s in new_plan.steps])
    return Command(
        goto="execute",
        update={
            "plan": new_plan.model_dump(),
            "attempts": attempts,
            "feedback": feedback,
            "model_calls": calls,
        },
    )


async def replan(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Turn the failed steps into feedback for the planner and clear the results for a fresh attempt."""
    results = state.get("results") or {}
    notes = [
        f"Step {k} ({v['agent']}) failed: {v.get('error')}. Try another approach or another agent."
        for k, v in results.items()
        if v.get("status") == "error" and not str(v.get("error", "")).startswith("skipped")
    ]
    emit(runtime, event="replan", attempt=state.get("attempts", 1), problems=notes)
    update: dict[str, Any] = {"feedback": [*state.get("feedback", []), *notes], "results": None}
    workflow = state.get("workflow")
    if workflow and workflow.get("reused"):
        update["workflow"] = {**workflow, "failed": True}
    return update
