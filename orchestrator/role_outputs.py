"""The closed map of reasoning role -> output type that a replay revives recorded answers with.

A replay never imports a name read from the database: a recorded answer is validated against the type
listed here for its role, so a row cannot make the process load arbitrary code.
"""

from __future__ import annotations

from typing import Any

from cognicore.memory.conversation import Turn
from cognicore.memory.importance import ImportanceScore
from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.reuse import Adaptation, WorkflowKey, WorkflowTemplate
from cognicore.subagents.compose import ComposedAnswer
from cognicore.subagents.report_writer import ReportDraft
from cognicore.subagents.role_names import TOOL_PREFIX, RoleName
from cognicore.subagents.sql_writer import SqlDraft
from cognicore.subagents.types import Plan, StepOutput
from cognicore.workflows.store import WorkflowMatch

ROLE_OUTPUTS: dict[str, Any] = {
    RoleName.RECALL: list[Turn],
    # Tiered recall returns a JSON dict, past failures a list of lessons: both plain JSON.
    RoleName.RECALL_MEMORY: dict[str, Any] | list[str],
    RoleName.CLASSIFY: IntentDecision,
    RoleName.LOOKUP_WORKFLOW: list[WorkflowMatch],
    RoleName.KEY_WORKFLOW: WorkflowKey,
    RoleName.GENERALISE_WORKFLOW: WorkflowTemplate,
    RoleName.ADAPT_WORKFLOW: Adaptation,
    RoleName.PLAN: Plan,
    RoleName.WRITE_SQL: SqlDraft,
    RoleName.WRITE_REPORT: ReportDraft,
    RoleName.COMPOSE_ANSWER: ComposedAnswer,
    RoleName.SCORE_IMPORTANCE: ImportanceScore,
    TOOL_PREFIX: StepOutput,  # a non-deterministic sub-agent's whole `run`
}
"""Output type per recorded role name (`tool:<agent>` roles use the `tool:` entry)."""
