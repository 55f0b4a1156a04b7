"""Evaluation suites: a YAML file of requests with expected properties, run and scored as a report.

Over 400 lines on purpose: the suite schema, its checks and the report are one contract (a field added to
`Expectation` needs its check and its report column), so they change together.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import numpy as np
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cognicore.memory import clock
from cognicore.workflows.errors import WorkflowError
from cognicore.workflows.expected_rows import QueryFn, row_failures, today_params

AskFn = Callable[[str, str, str], Awaitable[dict[str, Any]]]
"""`ask(request, session_id, user_id)` returning a run's result as JSON (what `ask --json` prints)."""


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


def _agents(result: dict[str, Any]) -> list[str]:
    """The agents of the steps, in step order, each once."""
    return list(dict.fromkeys(s["agent"] for s in result.get("steps") or []))


def _reused(result: dict[str, Any]) -> bool:
    return bool((result.get("workflow") or {}).get("reused"))


def _calls(result: dict[str, Any]) -> dict[str, int]:
    return dict(result.get("model_calls") or {})


def _latency(result: dict[str, Any]) -> float | None:
    return (result.get("timings_ms") or {}).get("total")


def check(case: Case, result: dict[str, Any]) -> list[str]:
    """The case's expectations the result fails, each as a sentence; empty when the run passes."""
    exp, failures = case.expect, []
    if exp.intent is not None and result.get("intent") != exp.intent:
        failures.append(f"intent was {result.get('intent')!r}, expected {exp.intent!r}")
    if result.get("outcome") != exp.outcome:
        error = f" (error: {result['error']})" if result.get("error") else ""
        failures.append(f"outcome was {result.get('outcome')!r}{error}, expected {exp.outcome!r}")
    agents = _agents(result)
    used = ", ".join(agents) or "none"
    if exp.agents is not None and (missing := [a for a in exp.agents if a not in agents]):
        failures.append(f"agents missing from the steps: {', '.join(missing)} (steps used: {used})")
    if exp.agents_exactly is not None and set(agents) != set(exp.agents_exactly):
        failures.append(f"agents of the steps were {used}, expected exactly {', '.join(sorted(exp.agents_exactly))}")
    steps = len(result.get("steps") or [])
    if exp.min_steps is not None and steps < exp.min_steps:
        failures.append(f"{steps} step(s) ran, expected at least {exp.min_steps}")
    answer = (result.get("answer") or "").casefold()
    failures += [f"the answer does not contain {s!r}" for s in exp.answer_contains if s.casefold() not in answer]
    failures += [f"the answer contains {s!r}" for s in exp.answer_not_contains if s.casefold() in answer]
    citations = len(result.get("citations") or [])
    if exp.citations_min is not None and citations < exp.citations_min:
        failures.append(f"{citations} citation(s), expected at least {exp.citations_min}")
    artifacts = len(result.get("artifacts") or [])
    if exp.artifacts_min is not None and artifacts < exp.artifacts_min:
        failures.append(f"{artifacts} artifact(s), expected at least {exp.artifacts_min}")
    if exp.reused is not None and _reused(result) != exp.reused:
        workflow = result.get("workflow") or {}
        if exp.reused:
            failures.append("the run planned afresh, expected it to reuse a saved workflow")
        else:
            failures.append(
                f"the run reused workflow {workflow.get('id')} (similarity {workflow.get('similarity')}), "
                "expected a fresh plan"
            )
    calls = _calls(result)
    total = sum(calls.values())
    if exp.max_model_calls is not None and total > exp.max_model_calls:
        detail = ", ".join(f"{k}={v}" for k, v in sorted(calls.items()))
        failures.append(f"{total} model calls ({detail}), expected at most {exp.max_model_calls}")
    if exp.max_plan_calls is not None and calls.get("plan", 0) > exp.max_plan_calls:
        failures.append(f"{calls['plan']} planner call(s), expected at most {exp.max_plan_calls}")
    latency = _latency(result)
    if exp.max_latency_ms is not None and (latency is None or latency > exp.max_latency_ms):
        took = "no timing was reported" if latency is None else f"took {latency:.0f} ms"
        failures.append(f"{took}, expected at most {exp.max_latency_ms:.0f} ms")
    return failures


class CaseResult(BaseModel):
    """How one case went: pass or fail with the reasons, and what the run did."""

    id: str
    request: str
    session: str
    passed: bool
    failures: list[str] = Field(default_factory=list)
    run_id: str | None = None
    intent: str | None = None
    outcome: str | None = None
    agents: list[str] = Field(default_factory=list)
    reused: bool | None = None  # None for questions (no workflow lookup) and for runs that raised
    workflow_id: int | str | None = None
    similarity: float | None = None
    model_calls: dict[str, int] = Field(default_factory=dict)
    total_model_calls: int = 0
    latency_ms: float | None = None
    engine: str | None = None
    error: str | None = None  # the exception that stopped the run, when it raised


class SuiteTotals(BaseModel):
    """The suite's figures: success rate, reuse hits of task runs, model calls and latency."""

    cases: int
    passed: int
    failed: int
    success_rate: float
    task_runs: int
    reuse_hits: int
    reuse_rate: float | None
    model_calls_total: int
    model_calls_mean: float | None
    latency_p50_ms: float | None
    latency_p95_ms: float | None


class SuiteReport(BaseModel):
    """A suite run: every case's result and the totals."""

    suite: str
    description: str
    user: str
    tag: str
    engine: str | None
    started_at: datetime
    duration_ms: float
    cases: list[CaseResult]
    totals: SuiteTotals


def percentile(values: Sequence[float], p: float) -> float | None:
    """The p-th percentile, linearly interpolated (numpy's default); None without values."""
    return round(float(np.percentile(values, p)), 1) if values else None


def summarize(cases: Sequence[CaseResult]) -> SuiteTotals:
    """Totals over case results; runs that raised count as failed and have no calls or latency."""
    ran = [c for c in cases if c.error is None]
    tasks = [c for c in ran if c.intent == "task"]
    hits = sum(1 for c in tasks if c.reused)
    latencies = [c.latency_ms for c in ran if c.latency_ms is not None]
    calls = sum(c.total_model_calls for c in ran)
    passed = sum(1 for c in cases if c.passed)
    return SuiteTotals(
        cases=len(cases),
        passed=passed,
        failed=len(cases) - passed,
        success_rate=round(passed / len(cases), 4) if cases else 0.0,
        task_runs=len(tasks),
        reuse_hits=hits,
        reuse_rate=round(hits / len(tasks), 4) if tasks else None,
        model_calls_total=calls,
        model_calls_mean=round(calls / len(ran), 2) if ran else None,
        latency_p50_ms=percentile(latencies, 50),
        latency_p95_ms=percentile(latencies, 95),
    )


def judged_text(result: dict[str, Any]) -> str:
    """The answer plus the Markdown reports the run wrote: a briefing's full table is in its report."""
    parts = [result.get("answer") or ""]
    for artifact in result.get("artifacts") or []:
        path = Path(str(artifact))
        if path.suffix.lower() == ".md" and path.is_file():
            parts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n\n".join(parts)


def _case_result(
    case: Case, session: str, result: dict[str, Any], rows: list[dict[str, Any]] | None = None
) -> CaseResult:
    failures = check(case, result)
    if rows is not None:
        failures += row_failures(judged_text(result), rows)
    calls = _calls(result)
    workflow = result.get("workflow")
    return CaseResult(
        id=case.id,
        request=case.request,
        session=session,
        passed=not failures,
        failures=failures,
        run_id=result.get("run_id"),
        intent=result.get("intent"),
        outcome=result.get("outcome"),
        agents=_agents(result),
        reused=_reused(result) if workflow is not None or result.get("intent") == "task" else None,
        workflow_id=(workflow or {}).get("id"),
        similarity=(workflow or {}).get("similarity"),
        model_calls=calls,
        total_model_calls=sum(calls.values()),
        latency_ms=_latency(result),
        engine=result.get("engine"),
    )


async def run_suite(
    suite: Suite,
    ask: AskFn,
    *,
    on_case: Callable[[CaseResult], None] | None = None,
    on_start: Callable[[int, Case], None] | None = None,
    tag: str | None = None,
    query: QueryFn | None = None,
) -> SuiteReport:
    """Run the cases in file order and score them; a case whose `ask` raises fails and the suite goes on.

    `query` reads the rows of a case's `expected_sql` (with the deployment clock's date as `%(today)s`);
    a suite with such cases needs it.

    Session ids (and the user, unless `suite.fresh_user` is false) get the suffix `tag` (random by
    default), so a rerun never continues an earlier run's sessions; cases naming one session share it.
    """
    tag = tag or uuid.uuid4().hex[:8]
    user = f"{suite.user}-{tag}" if suite.fresh_user else suite.user
    started_at, began = datetime.now(UTC), time.perf_counter()
    results: list[CaseResult] = []
    for index, case in enumerate(suite.cases):
        session = f"eval-{case.session or case.id}-{tag}"
        if on_start is not None:
            on_start(index, case)
        try:
            result = await ask(case.request, session, user)
            rows = None
            if case.expect.expected_sql is not None:
                if query is None:
                    raise SuiteError(f"case {case.id!r} has expected_sql but the runner was given no database")
                rows = await query(case.expect.expected_sql, today_params(clock.today()))
            outcome = _case_result(case, session, result, rows)
        except Exception as exc:  # the harness records any failure of the system under test and goes on
            error = f"{type(exc).__name__}: {exc}"
            outcome = CaseResult(
                id=case.id,
                request=case.request,
                session=session,
                passed=False,
                failures=[f"raised {' '.join(error.split())}"],  # one line, for the report's list
                error=error,
            )
        results.append(outcome)
        if on_case is not None:
            on_case(outcome)
    return SuiteReport(
        suite=suite.name,
        description=suite.description,
        user=user,
        tag=tag,
        engine=next((c.engine for c in results if c.engine), None),
        started_at=started_at,
        duration_ms=round((time.perf_counter() - began) * 1000, 1),
        cases=results,
        totals=summarize(results),
    )


def _cell(value: Any) -> str:
    """A Markdown table cell: pipes escaped, one line."""
    return str(value).replace("|", "\\|").replace("\n", " ")


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f} ms"


def _rate(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def report_markdown(report: SuiteReport) -> str:
    """A readable Markdown report: a summary table, one row per case, then each failure with its reasons."""
    t = report.totals
    lines = [f"# Evaluation: {report.suite}", ""]
    if report.description:
        lines += [report.description.strip(), ""]
    lines += [
        f"Engine `{report.engine or 'unknown'}` · user `{report.user}` · run tag `{report.tag}` · "
        f"started {report.started_at:%Y-%m-%d %H:%M:%S} UTC · {report.duration_ms / 1000:,.1f} s",
        "",
        "## Summary",
        "",
        "| cases | passed | success rate | reuse hits (task runs) | model calls (total / mean) "
        "| latency p50 | latency p95 |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| {t.cases} | {t.passed} | {_rate(t.success_rate)} | {t.reuse_hits} of {t.task_runs} "
        f"({_rate(t.reuse_rate)}) | {t.model_calls_total} / "
        f"{'–' if t.model_calls_mean is None else f'{t.model_calls_mean:.1f}'} "
        f"| {_ms(t.latency_p50_ms)} | {_ms(t.latency_p95_ms)} |",
        "",
        "## Cases",
        "",
        "| # | case | result | intent | agents | reused | model calls | latency | request |",
        "| ---: | --- | --- | --- | --- | --- | ---: | ---: | --- |",
    ]
    for i, c in enumerate(report.cases, start=1):
        reused = "–" if c.reused is None else ("yes" if c.reused else "no")
        lines.append(
            f"| {i} | `{_cell(c.id)}` | {'pass' if c.passed else '**FAIL**'} | {c.intent or '–'} "
            f"| {_cell(', '.join(c.agents)) or '–'} | {reused} | "
            f"{c.total_model_calls if c.error is None else '–'} | {_ms(c.latency_ms)} | {_cell(c.request)} |"
        )
    failed = [c for c in report.cases if not c.passed]
    lines += ["", "## Failures", ""]
    if not failed:
        lines.append("None: every case passed.")
    for c in failed:
        lines += [f"### `{c.id}`", "", f"> {c.request}", "", f"Session `{c.session}`, run `{c.run_id or '–'}`.", ""]
        lines += [f"- {f}" for f in c.failures]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
