"""Per-run dependencies of the graph, passed as LangGraph's runtime context (the compiled graph holds none)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memory.conversation import ConversationLog
from memory.importance import ImportanceScorer
from memory.knowledge import KnowledgeBase
from orchestrator.intent import Classifier
from orchestrator.journal import Memory
from orchestrator.planning import Planner
from orchestrator.recollection import Recollector
from orchestrator.reuse import WorkflowAdapter
from subagents.compose import AnswerComposer
from subagents.registry import Registry
from workflows.store import WorkflowStore


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
