"""Types shared by the planner, the sub-agents and saved workflows: plan steps, step input and output."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from psycopg_pool import AsyncConnectionPool

    from cognicore.memory.knowledge import KnowledgeBase


class PlanStep(BaseModel):
    """One step of a plan: which sub-agent does what, after which other steps."""

    id: str = Field(description="Short unique step id such as 's1'.")
    agent: str = Field(description="Name of the registered sub-agent that performs this step.")
    instruction: str = Field(description="What the sub-agent must do, written so it can be done alone.")
    depends_on: list[str] = Field(
        default_factory=list, description="Ids of earlier steps whose outputs this step needs."
    )


class Plan(BaseModel):
    """An ordered list of steps that together fulfil the user's request."""

    steps: list[PlanStep] = Field(description="The steps, each naming one sub-agent.")


class Citation(BaseModel):
    """A knowledge-base passage an output relies on."""

    source: str
    title: str
    chunk_id: int | None = None
    snippet: str = ""


class StepOutput(BaseModel):
    """What a sub-agent returns. Expected failures are data (`status="error"`), not exceptions."""

    status: Literal["ok", "error"] = "ok"
    agent: str = Field(default="", description="The sub-agent that produced it (set by the orchestrator).")
    summary: str = Field(default="", description="Human-readable result of the step.")
    data: dict[str, Any] = Field(default_factory=dict, description="Machine-readable result (JSON values).")
    citations: list[Citation] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list, description="Paths of files the step wrote.")
    error: str | None = None
    model_calls: dict[str, int] = Field(default_factory=dict, description="Reasoning-role invocations.")


class StepInput(BaseModel):
    """What a sub-agent receives: its instruction, the user's request and its dependencies' outputs."""

    step_id: str
    instruction: str
    request: str = Field(default="", description="The user's original request, for context.")
    inputs: dict[str, StepOutput] = Field(default_factory=dict, description="Outputs of `depends_on` steps.")


@dataclass(frozen=True, slots=True)
class AgentContext:
    """Per-run facts a sub-agent may use; services come through its constructor instead."""

    user_id: str
    session_id: str
    run_id: str
    output_dir: Path
    engine: str


@runtime_checkable
class SubAgent(Protocol):
    """A capability the planner can assign steps to. `name` is unique; the planner reads `description`."""

    name: str
    description: str

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput: ...


@dataclass(frozen=True)
class AgentServices:
    """What the shell hands to sub-agent factories (built-in and entry-point ones alike)."""

    pool: AsyncConnectionPool
    knowledge: KnowledgeBase
    chat_model: BaseChatModel | None = None  # None: the offline engine answers
    sql_schemas: tuple[str, ...] = ("demo_sales",)
    sql_timeout_ms: int = 5_000
    sql_row_limit: int = 200
    model_timeout_s: float = 60.0
    model_retries: int = 1
    retrieval_k: int = 6
    wrap_role: Callable[[str, Any], Any] = field(default=lambda _name, role: role)
    """Applied to every reasoning role an agent builds (the shell records role calls through it)."""

    @property
    def offline(self) -> bool:
        """True when no chat model is configured and offline roles must answer."""
        return self.chat_model is None
