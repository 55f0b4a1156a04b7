"""The orchestrator graph: one small function that adds the nodes and edges."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langgraph.graph import END, START, StateGraph

from cognicore.orchestrator import nodes
from cognicore.orchestrator.context import Context
from cognicore.orchestrator.state import State, StepTask

RESERVED_NODES = frozenset(
    {"recall", "classify", "answer", "lookup_workflow", "plan", "execute", "verify", "replan", "respond", "remember"}
)


def build_graph(agent_names: Sequence[str]) -> StateGraph[Any, Context, Any, Any]:
    """The uncompiled graph, with one node per registered sub-agent; compile it with a checkpointer.

    Routing from `classify`, `plan`, `execute` and `verify` is by `Command`, so the destinations are
    declared here for the drawing.
    """
    clash = sorted(set(agent_names) & RESERVED_NODES)
    if clash:
        raise ValueError(f"Sub-agent names {clash} clash with orchestrator nodes; rename the agents.")
    graph: StateGraph[Any, Context, Any, Any] = StateGraph(State, context_schema=Context)
    graph.add_node("recall", nodes.recall)
    graph.add_node("classify", nodes.classify, destinations=("answer", "lookup_workflow"))
    graph.add_node("lookup_workflow", nodes.lookup_workflow, destinations=("execute", "plan"))
    graph.add_node("answer", nodes.answer)
    graph.add_node("plan", nodes.plan, destinations=("execute", "plan", "respond"))
    graph.add_node("execute", nodes.execute, destinations=(*agent_names, "verify"))
    for name in agent_names:
        graph.add_node(name, nodes.agent_node(name), input_schema=StepTask)  # type: ignore[call-overload]
        graph.add_edge(name, "execute")
    graph.add_node("verify", nodes.verify, destinations=("respond", "replan"))
    graph.add_node("replan", nodes.replan)
    graph.add_node("respond", nodes.respond)
    graph.add_node("remember", nodes.remember)

    graph.add_edge(START, "recall")
    graph.add_edge("recall", "classify")
    graph.add_edge("answer", "respond")
    graph.add_edge("replan", "plan")
    graph.add_edge("respond", "remember")
    graph.add_edge("remember", END)
    return graph
