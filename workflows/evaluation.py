"""Evaluation suites: a YAML file of requests with expected properties, run and scored as a report.

The suite schema lives in `_eval_suite`, the report in `_eval_report`; this module checks a run's result
against its case and runs a suite, and is the package's one import point for all three.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cognicore.memory import clock
from cognicore.workflows._eval_report import (
    CaseResult,
    SuiteReport,
    SuiteTotals,
    percentile,
    report_markdown,
    summarize,
)
from cognicore.workflows._eval_suite import Case, Expectation, Suite, SuiteError, load_suite
from cognicore.workflows.expected_rows import QueryFn, row_failures, today_params

__all__ = [
    "AskFn",
    "Case",
    "CaseResult",
    "Expectation",
    "Suite",
    "SuiteError",
    "SuiteReport",
    "SuiteTotals",
    "check",
    "judged_text",
    "load_suite",
    "percentile",
    "report_markdown",
    "run_suite",
    "summarize",
]

AskFn = Callable[[str, str, str], Awaitable[dict[str, Any]]]
"""`ask(request, session_id, user_id)` returning a run's result as JSON (what `ask --json` prints)."""


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
