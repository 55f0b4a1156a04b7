"""The orchestrator's nodes, in the order `build_graph` wires them: plain async functions of (state, runtime)
returning an update or a `Command`. Each lives in the module of its job; this is where the graph reads them from."""

from __future__ import annotations

from cognicore.orchestrator.answering import answer
from cognicore.orchestrator.closing import remember, respond
from cognicore.orchestrator.dispatch import agent_node, execute, verify
from cognicore.orchestrator.intake import classify, recall
from cognicore.orchestrator.plans import lookup_workflow, plan, replan

__all__ = [
    "agent_node",
    "answer",
    "classify",
    "execute",
    "lookup_workflow",
    "plan",
    "recall",
    "remember",
    "replan",
    "respond",
    "verify",
]
