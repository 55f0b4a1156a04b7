"""The run's progress events: what a node tells a streaming caller (`ask --stream`, the API's event stream)."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from cognicore.orchestrator.context import Context

__all__ = ["emit"]


def emit(runtime: Runtime[Context], **event: Any) -> None:
    """Send one progress event (`event=<kind>` and its fields) to the run's stream writer."""
    runtime.stream_writer(event)
