"""The names of the reasoning roles, as recorded with every call and read back by replay."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["TOOL_PREFIX", "RoleName", "tool_role"]


class RoleName(StrEnum):
    """Every reasoning role a run can call; a recording names its calls with these values."""

    RECALL = "recall"  # the session's recent turns
    RECALL_MEMORY = "recall_memory"  # tiered long-term memory and past failures
    CLASSIFY = "classify"
    LOOKUP_WORKFLOW = "lookup_workflow"
    ADAPT_WORKFLOW = "adapt_workflow"
    KEY_WORKFLOW = "key_workflow"  # a request's skeleton and parameters, for lookup and learning
    GENERALISE_WORKFLOW = "generalise_workflow"  # a plan that worked as a template
    PLAN = "plan"
    WRITE_SQL = "write_sql"
    WRITE_REPORT = "write_report"
    COMPOSE_ANSWER = "compose_answer"
    SCORE_IMPORTANCE = "score_importance"
    EXTRACT_FACTS = "extract_facts"
    REFLECT = "reflect"


TOOL_PREFIX = "tool:"
"""Prefix of the recorded calls of a sub-agent that declares `deterministic = False` (its whole `run`)."""


def tool_role(agent_name: str) -> str:
    """The recorded role name of a non-deterministic sub-agent's `run`."""
    return f"{TOOL_PREFIX}{agent_name}"
