"""Procedural memory after a task: score the workflow a run reused, learn the plan of a successful run."""

from __future__ import annotations

from typing import Any

from cognicore.memory.llm import ModelCallError
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.reuse import WorkflowKey, keywords
from cognicore.orchestrator.state import State
from cognicore.subagents.types import Plan


async def learn(state: State, ctx: Context) -> dict[str, Any] | None:
    """Score a reused workflow, and learn the plan of a successful run as a (possibly known) workflow."""
    workflow = dict(state.get("workflow") or {"id": None, "reused": False, "similarity": None})
    succeeded = state.get("outcome") == "succeeded"
    user, request = state["user_id"], state["request"]
    known = workflow.pop("key", None)  # keyed once, by `lookup_workflow`
    if state.get("outcome") in ("refused", "unsure"):
        return workflow  # neither a plan worth learning nor a verdict on a reused one (nothing ran to judge)
    if not succeeded and not workflow.get("reused"):
        return workflow
    try:
        key = WorkflowKey.model_validate(known) if known else await ctx.keyer.key(request=request)
    except ModelCallError:
        return workflow  # learning must not fail the run it learns from
    if workflow.get("reused"):
        ok = succeeded and not workflow.get("failed")
        await ctx.workflows.record_outcome(workflow_id=workflow["id"], user_id=user, succeeded=ok)
        if ok:
            await ctx.workflows.add_trigger(
                workflow_id=workflow["id"],
                user_id=user,
                trigger=request,
                skeleton=key.skeleton,
                keywords=keywords(key.skeleton),
            )
            return workflow
    if succeeded and state.get("plan"):
        generalised = await ctx.generaliser.generalise(request=request, plan=Plan.model_validate(state["plan"]))
        wf_id, _created = await ctx.workflows.learn(
            user_id=user,
            name=request[:80],
            template={"steps": [s.model_dump() for s in generalised.steps]},
            # The values the request was keyed with, for people reading `workflows show`.
            parameters={**generalised.parameters, **({"key_values": key.parameters} if key.parameters else {})},
            features=sorted(key.features),
            trigger=request,
            skeleton=key.skeleton,
            keywords=keywords(key.skeleton),
            run_id=state["run_id"],
        )
        if not workflow.get("reused"):
            workflow["id"] = wf_id
    return workflow
