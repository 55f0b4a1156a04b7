"""Types shared by the planner, the sub-agents and saved workflows: plan steps, step input and output."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, Field, ValidationError

from cognicore.memory.llm import RoleOptions

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from psycopg_pool import AsyncConnectionPool

    from cognicore.memory.knowledge import KnowledgeBase
    from cognicore.subagents.compose import AnswerComposer
    from cognicore.subagents.report_writer import ReportWriter
    from cognicore.subagents.sql_writer import SqlWriter


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
    """A capability the planner can assign steps to, declared by its name, description and capabilities.

    `name` is unique (it becomes a graph node); the planner reads `description` and `input_hint`;
    `deterministic` says whether the same input always gives the same output (a recorded replay runs a
    deterministic agent again and serves a non-deterministic one from the recording). An agent may also
    declare `perspectives` (a tuple of `memory.lifecycle_config.Perspective`): what it reads memory for,
    with keywords; memories it uses gain strength from that perspective (`orchestrator.memory_use`).
    """

    name: str
    description: str
    input_hint: str
    deterministic: bool

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput: ...


@dataclass(frozen=True)
class AgentRoles:
    """The reasoning roles the built-in sub-agents use, built by the shell (offline or LLM, recorded)."""

    composer: AnswerComposer
    sql_writer: SqlWriter
    report_writer: ReportWriter


S = TypeVar("S", bound=BaseModel)


@dataclass(frozen=True)
class AgentServices:
    """What the shell hands to sub-agent factories (built-in and entry-point ones alike).

    `settings` holds each agent's raw section by agent name; an agent reads its own, typed, with
    `settings_for`. `chat_model` and `role_options` let a third-party agent build its own LLM roles.
    """

    pool: AsyncConnectionPool
    knowledge: KnowledgeBase
    roles: AgentRoles
    sql_pool: AsyncConnectionPool | None = None
    """Logged in as the least-privilege SQL reader: model-written SQL runs here (the shell always sets it)."""
    settings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    chat_model: BaseChatModel | None = None  # None: the offline engine answers
    role_options: RoleOptions = field(default_factory=RoleOptions)
    retrieval_k: int = 6
    wrap_role: Callable[[str, Any], Any] = field(default=lambda _name, role: role)
    """Applied to every reasoning role an agent builds (the shell records role calls through it)."""

    @property
    def offline(self) -> bool:
        """True when no chat model is configured and offline roles must answer."""
        return self.chat_model is None

    def settings_for(self, agent: str, model: type[S]) -> S:
        """The agent's own settings section, validated as `model` (defaults where the section is silent)."""
        raw = dict(self.settings.get(agent, {}))
        try:
            return model.model_validate(raw)
        except ValidationError as exc:
            raise ValueError(
                f"Settings of sub-agent {agent!r} are invalid (COGNICORE_AGENTS[{agent!r}]): {exc}"
            ) from exc
