"""Workflows as JSON files: export one, and import one after validating it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from cognicore.workflows.errors import WorkflowFileError
from cognicore.workflows.store import Workflow

MAX_FILE_BYTES = 1_000_000


class TemplateStep(BaseModel):
    """A plan step whose instruction may hold `{request}` / `{data_question}` placeholders."""

    id: str = Field(min_length=1)
    agent: str = Field(min_length=1)
    instruction: str = Field(min_length=1)
    depends_on: list[str] = Field(default_factory=list)


class WorkflowFile(BaseModel):
    """The exported form of a workflow; validated field by field on import."""

    format: Literal["cognicore.workflow/v1"] = "cognicore.workflow/v1"
    name: str = Field(min_length=1, max_length=200)
    features: list[str] = Field(default_factory=list)
    steps: list[TemplateStep] = Field(min_length=1, max_length=12)
    parameters: dict[str, Any] = Field(default_factory=dict)
    triggers: list[str] = Field(min_length=1, description="Requests this workflow served.")

    @field_validator("triggers")
    @classmethod
    def _non_empty(cls, value: list[str]) -> list[str]:
        if any(not t.strip() for t in value):
            raise ValueError("triggers must be non-empty requests")
        return value

    @property
    def template(self) -> dict[str, Any]:
        return {"steps": [s.model_dump() for s in self.steps]}


def export_workflow(workflow: Workflow) -> WorkflowFile:
    """The file form of a stored workflow."""
    return WorkflowFile(
        name=workflow.name,
        features=list(workflow.features),
        steps=[TemplateStep(**s) for s in workflow.template["steps"]],
        parameters=workflow.parameters,
        triggers=list(workflow.triggers) or [workflow.name],
    )


def read_workflow_file(path: Path) -> WorkflowFile:
    """Parse and validate a workflow file; every problem names the file and the field."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise WorkflowFileError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes; not a workflow file.")
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise WorkflowFileError(f"{path}: no such file.") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise WorkflowFileError(f"{path}: not valid JSON ({exc}).") from exc
    try:
        return WorkflowFile.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'file'}: {e['msg']}" for e in exc.errors())
        raise WorkflowFileError(f"{path}: not a valid workflow file: {problems}") from exc
