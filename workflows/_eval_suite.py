"""A suite file's contract: the YAML schema of cases and their expectations, read and validated."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cognicore.workflows.errors import WorkflowError


class SuiteError(WorkflowError):
    """A suite file is missing or malformed; the message names the file, the case and the field."""


class _Strict(BaseModel):
    # A misspelt expectation must be an error, not a silently skipped check.
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)


class Expectation(_Strict):
    """Properties a run's result must have; every field left out is not checked."""

    intent: Literal["question", "task", "statement"] | None = None
    outcome: Literal["succeeded", "failed", "refused", "unsure"] = "succeeded"  # refused: change data or no agent
    agents: list[str] | None = Field(None, description="Agents that must appear among the steps.")
    agents_exactly: list[str] | None = Field(None, description="The set of agents of the steps, exactly.")
    min_steps: int | None = Field(None, ge=0)
    answer_contains: list[str] = Field(default_factory=list, description="Case-insensitive substrings.")
    answer_not_contains: list[str] = Field(default_factory=list, description="Case-insensitive substrings.")
    citations_min: int | None = Field(None, ge=0)
    artifacts_min: int | None = Field(None, ge=0)
    reused: bool | None = Field(None, description="Whether the run reused a saved workflow.")
    max_model_calls: int | None = Field(None, ge=0, description="Model calls summed over the roles.")
    max_plan_calls: int | None = Field(None, ge=0)
    max_latency_ms: float | None = Field(None, gt=0)
    expected_sql: str | None = Field(
        None,
        description="A read-only query run after the case (the clock's date bound as %(today)s): the answer must "
        "name every text value and show every number of its rows, so the expectation follows the seeded data.",
    )

    @field_validator("answer_contains", "answer_not_contains", "agents", "agents_exactly", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        # `answer_contains: 15 days` (or `: 279`) reads as a one-item list.
        return [value] if isinstance(value, str | int | float) and not isinstance(value, bool) else value


class Case(_Strict):
    """One request of a suite; cases naming the same `session` run in file order on one session."""

    id: str = Field(min_length=1)
    request: str = Field(min_length=1)
    session: str | None = None
    expect: Expectation = Field(default_factory=Expectation)


class Suite(_Strict):
    """A named list of cases, run in file order as one user."""

    name: str = Field(min_length=1)
    description: str = ""
    user: str = Field("eval", min_length=1)
    # Procedural memory is per user: without a fresh user, what one run learned changes the next run's
    # results (a near miss asked before is reused the second time).
    fresh_user: bool = Field(
        True,
        description="Run as `<user>-<tag>`, a user with no memories, so runs are independent; "
        "false runs as `user` itself, with what it has learned.",
    )
    cases: list[Case] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> Suite:
        seen: set[str] = set()
        for case in self.cases:
            if case.id in seen:
                raise ValueError(f"two cases have the id {case.id!r}; case ids must be unique")
            seen.add(case.id)
        return self


def _where(raw: Any, loc: tuple[int | str, ...]) -> str:
    """`case 'q1' (#2), field expect.intent` from a pydantic error location."""
    if len(loc) >= 2 and loc[0] == "cases" and isinstance(loc[1], int):
        index = loc[1]
        cases = raw.get("cases") if isinstance(raw, dict) else None
        case = cases[index] if isinstance(cases, list) and index < len(cases) else None
        name = f"case #{index + 1}"
        if isinstance(case, dict) and "id" in case:
            name = f"case {case['id']!r} (#{index + 1})"
        field = ".".join(str(p) for p in loc[2:])
        return f"{name}, field {field}" if field else name
    return f"field {'.'.join(str(p) for p in loc)}" if loc else "suite"


def _known_fields(loc: tuple[int | str, ...]) -> list[str]:
    model: type[BaseModel] = Suite
    for part in loc[:-1]:
        if part == "cases":
            model = Case
        elif part == "expect":
            model = Expectation
    return sorted(model.model_fields)


def _describe(raw: Any, exc: ValidationError) -> str:
    lines = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = f"unknown field (known: {', '.join(_known_fields(loc))})"
        elif err["type"] == "missing":
            message = "required field is missing"
        lines.append(f"  {_where(raw, loc)}: {message}")
    return "\n".join(lines)


def load_suite(path: Path | str) -> Suite:
    """Read and validate a suite file; any problem is a `SuiteError` naming the file, case and field."""
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as stream:  # a stream, so YAML errors name the file
            raw = yaml.safe_load(stream)
    except FileNotFoundError:
        raise SuiteError(f"{path}: no such suite file") from None
    except yaml.YAMLError as exc:
        raise SuiteError(f"{path}: not valid YAML: {exc}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise SuiteError(f"{path}: cannot read the suite file: {exc}") from exc
    if not isinstance(raw, dict):
        raise SuiteError(f"{path}: a suite is a YAML mapping with `name` and `cases`, got {type(raw).__name__}")
    try:
        return Suite.model_validate(raw)
    except ValidationError as exc:
        raise SuiteError(f"{path}: invalid suite:\n{_describe(raw, exc)}") from None
