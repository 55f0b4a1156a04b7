"""A suite run's report: each case's result, the totals, and the readable Markdown of both."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np
from pydantic import BaseModel, Field


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
