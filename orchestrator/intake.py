"""The nodes that take a request in: `recall` (the session's turns and long-term memory) and `classify` (question,
task or statement; declined at once when unreadable, unsure, out of scope or a change to data)."""

from __future__ import annotations

import asyncio
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Command

from cognicore.orchestrator.budget import fit_context
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.events import emit
from cognicore.orchestrator.honesty import data_change, out_of_scope, unclear, unsupported_language
from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import route_by_memory
from cognicore.orchestrator.recollection import planner_memory, told_words
from cognicore.orchestrator.state import Outcome, State

__all__ = ["classify", "recall"]


async def recall(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
    """Load this session's recent turns and what long-term memory knows about the request, within budgets."""
    ctx = runtime.context
    turns, recalled = await asyncio.gather(
        ctx.conversations.recent(user_id=state["user_id"], session_id=state["session_id"], limit=40),
        ctx.recollector.recall(
            user_id=state["user_id"],
            session_id=state["session_id"],
            request=state["request"],
            budget=ctx.memory_tokens,
        ),
    )
    history = [{"speaker": t.speaker, "content": t.content} for t in turns]
    fitted = fit_context(system="", query="", passages=[], history=history, budget=ctx.history_tokens)
    return {"history": fitted.history, "recalled": recalled}


async def classify(state: State, runtime: Runtime[Context]) -> Command[Any]:
    """Route a task to `lookup_workflow`, a question or a statement to `answer` (which acknowledges the latter).

    A request the classifier cannot read, is not sure of, or that no agent can do is declined here with the
    reason (outcome `unsure` or `refused`): nothing is planned, run or learned. A follow-up continues as the
    full request it stands for.
    """
    ctx = runtime.context
    decision = await ctx.classifier.classify(
        request=state["request"],
        history=state.get("history", []),
        memory=planner_memory(state.get("recalled")),
        told=told_words(state.get("recalled"), state["request"]),
    )
    if ctx.routes_by_memory:
        decision = route_by_memory(state["request"], decision, state.get("recalled"))
    emit(runtime, event="intent", intent=decision.intent, reason=decision.reason, confidence=decision.confidence)
    update: dict[str, Any] = {
        "intent": decision.intent,
        "model_calls": {"classify": 1},
        "followup": decision.followup,
        "read_as": decision.read_as,
        "unheld": decision.unheld,
        "set_aside": decision.set_aside,
        "told_part": decision.told_part,
    }
    declined = _decline(state["request"], decision, ctx)
    if declined is not None:
        outcome, text = declined
        emit(runtime, event="declined", outcome=outcome, reason=decision.reason)
        if decision.changes_data:
            update["error"] = text  # `ask --json` reports why a change request ended `refused`, as for a refused step
        return Command(goto="answer", update={**update, "declined": True, "outcome": outcome, "answer": text})
    resolved = decision.resolved_request.strip()
    if resolved and resolved != state["request"].strip():
        emit(runtime, event="followup", request=resolved)
        update["request"] = resolved  # planned, answered and remembered as the full request
    goto = "lookup_workflow" if decision.intent == "task" else "answer"
    return Command(goto=goto, update=update)


def _decline(request: str, decision: IntentDecision, ctx: Context) -> tuple[Outcome, str] | None:
    """The outcome and answer of a request that is not to be run, or None to run it."""
    if decision.language:
        return "unsure", unsupported_language(decision.language)
    if decision.changes_data:
        agents = [{"name": a.name, "description": a.description} for a in ctx.registry]
        return "refused", data_change(request, agents, reason=decision.reason)
    if decision.out_of_scope:
        agents = [{"name": a.name, "description": a.description} for a in ctx.registry]
        return "refused", out_of_scope(request, agents, reason=decision.reason)
    if not decision.sure:
        return "unsure", unclear(request, decision.reason)
    return None
