"""The `report_generation` sub-agent: a Markdown report (and a chart) from the outputs of earlier steps."""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from cognicore.memory.lifecycle_config import Perspective
from cognicore.memory.llm import ModelCallError
from cognicore.subagents.charts import Table, default_title, markdown_table, render_chart, shape, tabular
from cognicore.subagents.report_analysis import report_style
from cognicore.subagents.report_writer import (
    OfflineReportWriter,
    ReportDraft,
    ReportWriter,
    step_input_dict,
)
from cognicore.subagents.types import AgentContext, AgentServices, Citation, StepInput, StepOutput

REPORT_FILE = "report.md"
CHART_FILE = "chart.png"
TABLE_ROWS = {"brief": 10, "standard": 20, "detailed": 50}


@dataclass(frozen=True, slots=True)
class _TableInput:
    step_id: str
    summary: str
    table: Table
    period: str = ""  # the period the data step says its query covered
    scope: str = ""  # and its filters, in words


class ReportGenerationAgent:
    """Writes `report.md` (and `chart.png` for tabular data) into a folder of its own per run."""

    name = "report_generation"
    description = (
        "Writes a Markdown report or briefing (title, summary, findings, recommendations, data table, "
        "sources) from the outputs of the earlier steps it depends on, with a chart when their data is "
        "tabular. It fetches no data itself: make it depend on the data steps "
        "(e.g. database_query, rag_query)."
    )
    input_hint = "what to write (briefing, report, chart) and for whom; depends on the data steps"
    deterministic = True
    # What this agent reads memory for (memory.lifecycle): how the user wants reports written.
    perspectives = (Perspective(name="reporting", keywords=("report", "chart", "summary", "briefing", "format")),)

    def __init__(self, services: AgentServices | None = None, *, writer: ReportWriter | None = None) -> None:
        if writer is None and services is not None:
            writer = services.roles.report_writer
        self._writer = writer or OfflineReportWriter()

    async def run(self, task: StepInput, ctx: AgentContext) -> StepOutput:
        """Draft the report with the `write_report` role, then write the Markdown and the chart."""
        inputs = [step_input_dict(step_id, out) for step_id, out in task.inputs.items()]
        calls = {"write_report": 1}
        try:
            draft = await self._writer.write_report(instruction=task.instruction, request=task.request, inputs=inputs)
        except ModelCallError as exc:
            return StepOutput(
                status="error",
                summary="No report: the writer failed.",
                error=f"The report could not be written: {exc}",
                model_calls=calls,
            )
        folder = ctx.output_dir / run_folder(ctx.run_id)
        try:
            # The offline writer's word rules (the style asked for, the measure a request names) shape the
            # table and chart only on its own path: with a model, no rule reads the request.
            offline = isinstance(self._writer, OfflineReportWriter)
            md_path, chart_path = await asyncio.to_thread(_write_files, task, ctx, draft, folder, offline)
        except OSError as exc:
            return StepOutput(
                status="error",
                summary="No report: its folder is not writable.",
                error=(
                    f"Cannot write the report into {folder}: {exc.strerror or exc}. "
                    "Choose a writable folder (COGNICORE_OUTPUT_DIR)."
                ),
                model_calls=calls,
            )
        artifacts = [str(md_path)] + ([str(chart_path)] if chart_path else [])
        return StepOutput(
            summary=f"{draft.summary} Report: {md_path}",
            artifacts=artifacts,
            data={
                "report_path": str(md_path),
                "chart_path": str(chart_path) if chart_path else None,
                "title": draft.title,
            },
            model_calls=calls,
        )


def _write_files(
    task: StepInput, ctx: AgentContext, draft: ReportDraft, folder: Path, offline: bool = True
) -> tuple[Path, Path | None]:
    """Blocking part, run in a thread: render the chart, then write the Markdown atomically."""
    folder.mkdir(parents=True, exist_ok=True)
    marker = f"<!-- cognicore report: run={run_folder(ctx.run_id)} step={run_folder(task.step_id)} -->"
    report_name, chart_name = _file_names(folder, marker, task.step_id)
    hint = f"{task.instruction} {task.request}" if offline else ""
    tables = [
        _TableInput(
            step_id,
            str(out.data.get("explanation") or ""),
            t,
            str(out.data.get("period") or ""),
            str(out.data.get("scope") or ""),
        )
        for step_id, out in task.inputs.items()
        if out.status == "ok" and (t := tabular(out.data)) is not None
    ]
    chart_path: Path | None = None
    chart: tuple[str, str] | None = None
    # One chart per report: the first dependency whose table has a label and a numeric column.
    if charted := next((t for t in tables if shape(t.table, hint) is not None), None):
        title = default_title(charted.table, hint, charted.period, charted.scope)  # measure, filters, period
        tmp = folder / f".{chart_name}.tmp"
        if render_chart(charted.table, tmp, title=title, hint=hint):
            chart_path, chart = folder / chart_name, (chart_name, title)
            os.replace(tmp, chart_path)
    markdown = _render_markdown(draft, marker=marker, tables=tables, chart=chart, task=task, ctx=ctx, hint=hint)
    report_path = folder / report_name
    tmp = folder / f".{report_name}.tmp"
    tmp.write_text(markdown, encoding="utf-8")
    os.replace(tmp, report_path)
    return report_path, chart_path


def run_folder(run_id: str) -> str:
    """A safe folder name for a run id; distinct run ids never share a folder."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", run_id).strip("-._")[:64]
    if slug != run_id or not slug:
        # Cleaning may map two ids to one name: a hash of the raw id keeps them apart.
        slug = f"{slug or 'run'}-{hashlib.sha256(run_id.encode()).hexdigest()[:8]}"
    return slug


def _file_names(folder: Path, marker: str, step_id: str) -> tuple[str, str]:
    """`report.md`/`chart.png`, unless another step of this run already wrote them there."""
    existing = folder / REPORT_FILE
    if existing.exists():
        with existing.open(encoding="utf-8") as f:
            first = f.readline().rstrip("\n")
        if first != marker:
            suffix = run_folder(step_id)
            return f"report-{suffix}.md", f"chart-{suffix}.png"
    return REPORT_FILE, CHART_FILE


def _render_markdown(
    draft: ReportDraft,
    *,
    marker: str,
    tables: list[_TableInput],
    chart: tuple[str, str] | None,
    task: StepInput,
    ctx: AgentContext,
    hint: str,
) -> str:
    """The report as Markdown; deterministic for the same inputs (no wall-clock time in it)."""
    style = report_style(hint) if hint else "standard"
    out = [marker, f"# {_line(draft.title)}", "", draft.summary.strip(), ""]
    out += _bullets("Key findings", draft.findings)
    out += _bullets("Recommendations", draft.recommendations)
    if chart:
        out += ["## Chart", "", f"![{_line(chart[1])}]({chart[0]})", ""]
    if tables:
        out += ["## Data", ""]
    for t in tables:
        if len(tables) > 1 or t.summary:
            out += [f"From step `{t.step_id}`" + (f": {_line(t.summary)}" if t.summary else "."), ""]
        if not t.table.rows:
            out += ["The query returned no rows.", ""]
            continue
        limit = TABLE_ROWS[style]
        out += [markdown_table(t.table, max_rows=limit), ""]
        if t.table.row_count > min(limit, len(t.table.rows)):
            out += [f"_Showing {min(limit, len(t.table.rows))} of {t.table.row_count} rows._", ""]
        if t.table.sql:
            out += [
                "<details><summary>SQL</summary>",
                "",
                "```sql",
                t.table.sql.strip(),
                "```",
                "",
                "</details>",
                "",
            ]
    failed = [(k, v) for k, v in task.inputs.items() if v.status == "error"]
    out += _bullets(
        "Missing data",
        [f"Step `{k}` failed, so its data is missing: {_line(v.error or 'no reason given')}" for k, v in failed],
    )
    out += _bullets("Notes", draft.notes)
    out += _bullets("Sources", [_source(c) for c in _citations(task)])
    engine = (
        "the offline engine (rule-based, no language model)"
        if ctx.engine == "offline"
        else f"the `{ctx.engine}` engine"
    )
    out += [
        "---",
        f"_Generated by cognicore `report_generation` with {engine}; run `{ctx.run_id}`, step `{task.step_id}`._",
        "",
    ]
    return "\n".join(out)


def _bullets(heading: str, items: list[str]) -> list[str]:
    items = [_line(i) for i in items if i.strip()]
    return [f"## {heading}", "", *(f"- {i}" for i in items), ""] if items else []


def _line(text: str) -> str:
    return " ".join(text.split())


def _citations(task: StepInput) -> list[Citation]:
    seen: dict[tuple[str, str], Citation] = {}
    for out in task.inputs.values():
        for c in out.citations:
            seen.setdefault((c.source, c.title), c)
    return list(seen.values())


def _source(c: Citation) -> str:
    title = _line(c.title or c.source)
    if re.match(r"https?://", c.source):
        return f"[{title}]({c.source})"
    return f"{title} (`{c.source}`)" if c.source and c.source != c.title else title
