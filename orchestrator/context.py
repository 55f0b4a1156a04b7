"""Per-run dependencies of the graph, passed as LangGraph's runtime context (the compiled graph holds none)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cognicore.memory.conversation import ConversationLog
from cognicore.memory.importance import ImportanceScorer
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.orchestrator.intent import Classifier
from cognicore.orchestrator.journal import Memory
from cognicore.orchestrator.planning import Planner
from cognicore.orchestrator.recollection import Recollector
from cognicore.orchestrator.reuse import WorkflowAdapter, WorkflowGeneraliser, WorkflowKeyer
from cognicore.subagents.compose import AnswerComposer
from cognicore.subagents.registry import Registry
from cognicore.workflows.recording import Recorder
from cognicore.workflows.store import WorkflowStore


@dataclass(frozen=True)
class Context:
    """Services and limits a run uses; built by the shell, or by tests from fakes."""

    registry: Registry
    knowledge: KnowledgeBase
    conversations: ConversationLog
    classifier: Classifier
    planner: Planner
    composer: AnswerComposer
    workflows: WorkflowStore
    adapter: WorkflowAdapter
    keyer: WorkflowKeyer
    generaliser: WorkflowGeneraliser
    memory: Memory
    recollector: Recollector
    importance: ImportanceScorer
    engine: str
    output_dir: Path
    max_input_tokens: int = 32_000
    max_context_tokens: int = 64_000
    history_tokens: int = 4_000
    memory_tokens: int = 2_000
    retrieval_k: int = 6
    max_replans: int = 2
    step_timeout_s: float = 120.0
    reuse_threshold: float = 0.35
    learn: bool = True  # False while replaying: a replay must not teach procedural memory again
    recorder: Recorder | None = None  # the run's role-call recorder; the runner sets one per run
    # Offline only: a question the rules sent to the data that a recalled fact answers is asked of memory instead
    # (`memory_routing.route_by_memory`); rules never run on the LLM path.
    routes_by_memory: bool = False
