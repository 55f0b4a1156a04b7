"""The `write_report` role: a report draft (title, summary, findings) from the outputs of earlier steps."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole, RoleOptions
from cognicore.subagents.charts import tabular
from cognicore.subagents.report_analysis import analyse, plural, report_style, rows_asked

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

ROLE = "write_report"


class ReportDraft(BaseModel):
    """A short business report written only from the step outputs you were given."""

    title: str = Field(min_length=1, description="A specific title of at most 12 words naming what is measured.")
    summary: str = Field(
        min_length=1,
        description="Executive summary of 2 to 4 sentences with the most important figures from the inputs.",
    )
    findings: list[str] = Field(
        default_factory=list,
        description="Short bullet findings, one fact each, quoting figures exactly as given in the inputs.",
    )
    recommendations: list[str] = Field(
        default_factory=list, description="Actions that follow from the findings; no new figures."
    )
    notes: list[str] = Field(
        default_factory=list,
        description="Caveats: failed or missing inputs, partial data, and the sources of text inputs.",
    )


class ReportWriter(Protocol):
    """Writes a report draft; `inputs` are JSON dicts of dependency steps (see `step_input_dict`)."""

    async def write_report(self, *, instruction: str, request: str, inputs: list[dict[str, Any]]) -> ReportDraft: ...


def step_input_dict(step_id: str, output: Any) -> dict[str, Any]:
    """A dependency's `StepOutput` as the JSON dict a `ReportWriter` reads."""
    # A knowledge answer's own text, without the source listing and engine line its summary adds.
    text = output.data.get("answer") if isinstance(output.data.get("answer"), str) else output.summary
    return {
        "step_id": step_id,
        "agent": output.agent,
        "status": output.status,
        "summary": text,
        "data": output.data,
        "citations": [c.model_dump() for c in output.citations],
        "error": output.error,
    }


class OfflineReportWriter:
    """Deterministic report writer: exact figures from tabular inputs, text inputs as notes with sources."""

    async def write_report(self, *, instruction: str, request: str, inputs: list[dict[str, Any]]) -> ReportDraft:
        """A draft whose every number is in, or computed exactly from, the inputs."""
        style = report_style(f"{instruction} {request}")
        asked, bottom = rows_asked(f"{instruction} {request}")
        hint = f"{instruction} {request}"
        kind = "briefing" if style == "brief" else "report"
        failed = [i for i in inputs if i.get("status") == "error"]
        usable = [i for i in inputs if i.get("status") != "error"]
        tables = [(i, t) for i in usable if (t := tabular(i.get("data") or {})) is not None]
        texts = [i for i in usable if tabular(i.get("data") or {}) is None and (i.get("summary") or "").strip()]

        findings: list[str] = []
        recs: list[str] = []
        notes: list[str] = []
        summary: list[str] = []
        analyses = [(i, analyse(t, hint=hint, style=style, asked=asked, bottom=bottom)) for i, t in tables]
        for i, a in analyses:
            prefix = f"[{i['step_id']}] " if len(analyses) > 1 else ""
            findings += [prefix + f for f in a.findings]
            recs += a.recommendations
            notes += a.notes
        for i in texts:
            sources = _sources(i)
            if not tables:
                findings += _sentences(i["summary"])[:3]
            origin = "From the knowledge base" if i.get("agent") == "rag_query" else f"From step {i['step_id']}"
            notes.append(f"{origin}: {_clip(i['summary'], 400)}" + (f" (sources: {sources})" if sources else ""))
        # Completing the data comes before acting on part of it.
        recs[:0] = [f"Re-run step {i['step_id']} once its error is fixed, to complete this {kind}." for i in failed]

        if analyses:
            scopes = "; ".join(a.scope for _, a in analyses)
            summary.append(f"This {kind} covers {scopes}.")
            summary += analyses[0][1].headline[: 1 if failed or len(analyses) > 1 else 2]
            if texts and not failed:
                summary.append(f"It also draws on {plural(len(texts), 'text input')}; their sources are in the notes.")
            titled = [a for _, a in analyses if a.titled]
            title = titled[0].scope.split(" (")[0] if titled else _clip(instruction or request or "Findings", 60)
        elif texts:
            summary.append(f"This {kind} is based on {plural(len(texts), 'text input')}; there was no table.")
            summary += _sentences(texts[0]["summary"])[:1]
            title = _clip(instruction or request or "Findings", 60)
        else:
            title = "No data available"
            summary.append(f"No data was available for this {kind}, so it reports no figures.")
            if not inputs:
                summary.append("No earlier step provided any output to report on.")
                notes.append("Plan a data step (such as database_query) before the report step.")
        if failed:
            why = "; ".join(f"{i['step_id']}: {_clip(i.get('error') or 'no reason given', 160)}" for i in failed)
            steps = "step" if len(failed) == 1 else "steps"
            summary.append(f"Input {steps} failed ({why}), so this {kind} is incomplete.")
        limit = {"brief": 4, "standard": 8, "detailed": 30}[style]
        return ReportDraft(
            title=f"{title[:1].upper()}{title[1:]}" + (" — briefing" if style == "brief" else ""),
            summary=" ".join(summary[:4]),
            findings=findings[:limit],
            recommendations=_dedupe(recs)[: {"brief": 2, "standard": 3, "detailed": 6}[style]],
            notes=notes,
        )


def _sources(step: dict[str, Any]) -> str:
    seen = _dedupe([c.get("title") or c.get("source") or "" for c in step.get("citations") or []])
    return ", ".join(s for s in seen if s)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


# Used by LlmReportWriter (report_generation step); pairs with the ReportDraft schema.
WRITE_REPORT_PROMPT = """\
You write the report at the end of a multi-step task, from the outputs of the earlier steps only.
Rules:
- Use only figures that appear in the inputs or in `computed_findings` (exact figures computed from the
  data). Never estimate, extrapolate or invent numbers, names, periods or sources.
- Quote figures as they are formatted in `computed_findings` (e.g. "$1,234,567", "34.2%").
- If an input has status "error" or there is no data, say so in the summary and in `notes`.
- Text inputs (answers from the knowledge base) give context: put their sources in `notes`.
- Follow the instruction's style: a briefing is short (at most 4 findings, 2 recommendations);
  a detailed report covers every row the instruction asks for.
- The summary has 2 to 4 sentences. Findings are short bullets, one fact each."""

MAX_LLM_ROWS = 50


class LlmReportWriter(LlmRole[ReportDraft]):
    """Report writer backed by a chat model; it is given the offline writer's exact figures to quote."""

    role = ROLE
    schema = ReportDraft
    prompt = WRITE_REPORT_PROMPT

    async def write_report(self, *, instruction: str, request: str, inputs: list[dict[str, Any]]) -> ReportDraft:
        """A draft from the model; raises `ModelCallError` on timeout or unusable output."""
        computed = await OfflineReportWriter().write_report(instruction=instruction, request=request, inputs=inputs)
        payload = {
            "instruction": instruction,
            "request": request,
            "inputs": [_for_model(i) for i in inputs],
            "computed_findings": computed.findings,
        }
        return await self.ask(json.dumps(payload, ensure_ascii=False, default=str, indent=1))


def _for_model(step: dict[str, Any]) -> dict[str, Any]:
    """A step input trimmed to what fits a prompt: at most `MAX_LLM_ROWS` rows, short texts."""
    data = dict(step.get("data") or {})
    if isinstance(data.get("rows"), list) and len(data["rows"]) > MAX_LLM_ROWS:
        data["rows"] = data["rows"][:MAX_LLM_ROWS]
        data["rows_note"] = f"first {MAX_LLM_ROWS} rows of {data.get('row_count', '?')}"
    text = json.dumps(data, default=str)
    return {
        "step_id": step.get("step_id"),
        "status": step.get("status"),
        "summary": _clip(step.get("summary") or "", 2000),
        "data": data if len(text) <= 20_000 else {"truncated": text[:20_000]},
        "sources": [{"title": c.get("title"), "source": c.get("source")} for c in step.get("citations") or []],
        "error": step.get("error"),
    }


def report_writer(chat_model: BaseChatModel | None, options: RoleOptions | None = None) -> ReportWriter:
    """The offline writer without a chat model, else the LLM-backed one."""
    if chat_model is None:
        return OfflineReportWriter()
    return LlmReportWriter(chat_model, options or RoleOptions())
