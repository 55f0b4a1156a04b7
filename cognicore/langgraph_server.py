"""The orchestrator as a LangGraph server graph: `langgraph dev` (or a LangGraph deployment) serves it.

`langgraph.json` names `make_graph`, a graph factory. The orchestrator's own graph needs a per-run
context of open services (database pools, roles, sub-agents) that a server cannot send as JSON, and its
runs are recorded and checkpointed under row-level security. So the served graph is a thin one whose
single node runs a request through the application's runner (the same path as `cognicore ask` and the
HTTP API), streaming the orchestrator's progress events as LangGraph `custom` stream chunks; the
LangGraph thread id is the session. The application is opened once per server process, on first use.

The tenant is the LangGraph server's authenticated user (`langgraph_auth_user_id`) when the deployment
configures auth, else the one user `langgraph`: never a value the client puts in its input or config.
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from typing import Any, TypedDict

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from cognicore import service
from cognicore.app import App, open_app
from cognicore.settings import Settings

__all__ = ["DEFAULT_USER", "ServerState", "build_server_graph", "make_graph"]

DEFAULT_USER = "langgraph"


class ServerState(TypedDict, total=False):
    """Input `request` (and optionally `session`); output `result`, the `ask --json` object."""

    request: str
    session: str
    result: dict[str, Any]


_opened: dict[str, Any] = {}
_lock = asyncio.Lock()


async def _application() -> App:
    """The process's application, opened (and migrated) on first use and kept until the process ends."""
    async with _lock:
        if "app" not in _opened:
            stack = AsyncExitStack()
            _opened["app"] = await stack.enter_async_context(open_app(Settings()))
            _opened["stack"] = stack
    app: App = _opened["app"]
    return app


def _user(config: RunnableConfig) -> str:
    configurable = config.get("configurable") or {}
    return str(configurable.get("langgraph_auth_user_id") or DEFAULT_USER)


async def orchestrate(state: ServerState, config: RunnableConfig) -> dict[str, Any]:
    """Run the request through the orchestrator on this thread's session; its events stream as `custom`."""
    app = await _application()
    user = _user(config)
    session = state.get("session") or str((config.get("configurable") or {}).get("thread_id") or "langgraph")
    writer = get_stream_writer()
    result = await service.ask(app, user, state["request"], session=session, on_event=writer)
    await service.after_reply(app, user)
    return {"result": result, "session": session}


def build_server_graph() -> CompiledStateGraph[Any, Any, Any, Any]:
    """START -> orchestrator -> END; the server compiles in its own checkpointer for the thread's state."""
    graph = StateGraph(ServerState)
    graph.add_node("orchestrator", orchestrate)
    graph.add_edge(START, "orchestrator")
    graph.add_edge("orchestrator", END)
    return graph.compile()


async def make_graph(config: RunnableConfig) -> CompiledStateGraph[Any, Any, Any, Any]:
    """The graph factory `langgraph.json` names: opens the application once, then serves the graph."""
    await _application()
    return build_server_graph()
