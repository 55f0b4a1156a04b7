"""The `write_report` role: a report draft (title, summary, findings) from the outputs of earlier steps."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, Field

from cognicore.memory.llm import LlmRole, RoleOptions
from cognicore.subagents.charts import short_period, tabular
from cognicore.subagents.report_analysis import Analysis, analyse, report_style, rows_asked
from cognicore.subagents.report_measures import measure_gap

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

ROLE = "write_report"


class ReportDraft(BaseModel):
    """A short business report written only from the step outputs you were given."""

    title: str = Field(
        min_length=1,
        description="At most 12 words naming the subject (what is measured, by what) and the period the data "
        "covers, e.g. 'Revenue by region, Q3 2026'. Never the instruction's own wording.",
    )
    summary: str = Field(
        min_length=1,
        description="Executive summary of 2 to 4 sentences: the first names the subject and the period with its "
        "dates; then the most important figures from the inputs. No filler sentences.",
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
        hint = f"{instruction} {request}"
        style = report_style(hint)
        asked, bottom = rows_asked(hint)
        kind = "briefing" if style == "brief" else "report"
        failed = [i for i in inputs if i.get("status") == "error"]
        usable = [i for i in inputs if i.get("status") != "error"]
        tables = [(i, t) for i in usable if (t := tabular(i.get("data") or {})) is not None]
        texts = [i for i in usable if tabular(i.get("data") or {}) is None and (i.get("summary") or "").strip()]
        if tables:  # beside data, a text that cites no source adds nothing ("nothing found on ...")
            texts = [i for i in texts if not _unsupported(i)]

        findings: list[str] = []
        recs: list[str] = []
        notes: list[str] = []
        summary: list[str] = []
        analyses = [
            (i, analyse(t, hint=hint, style=style, asked=asked, bottom=bottom, period=stated_period(i)))
            for i, t in tables
        ]
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
            # The summary opens with what is measured and over which period, then the figures worth knowing.
            for i, a in analyses[:2]:
                where = f" where {scope}" if (scope := stated_scope(i)) else ""
                summary.append(f"{a.subject}{where} {_when(a, stated_period(i))}.")
            summary += analyses[0][1].headline[: 1 if failed or len(analyses) > 1 else 2]
            titled = [(i, a) for i, a in analyses if a.titled]
            title = _title(*titled[0]) if titled else _text_title(texts)
        elif texts:
            summary += _sentences(texts[0]["summary"])[:2]
            title = _text_title(texts)
        else:
            title = "No data available"
            summary.append(f"No data was available for this {kind}, so it reports no figures.")
            if not inputs:
                summary.append("No earlier step provided any output to report on.")
                notes.append("Plan a data step (such as database_query) before the report step.")
        if analyses and (gap := measure_gap(request or instruction, tables[0][1])) is not None:
            # A figure asked for and not computed: said first, never a partial report told as the whole.
            summary.insert(0, gap)
            notes.insert(0, gap)
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


def _unsupported(step: dict[str, Any]) -> bool:
    """A knowledge answer that used no source: its `sources` list is empty and it cites nothing."""
    return (step.get("data") or {}).get("sources") == [] and not step.get("citations")


def stated_period(step: dict[str, Any]) -> str | None:
    """The period a data step says its query covered (`data["period"]`), or None when it stated none."""
    period = (step.get("data") or {}).get("period")
    return " ".join(period.split()) if isinstance(period, str) and period.strip() else None


def stated_scope(step: dict[str, Any]) -> str:
    """The filters a data step says its query applied, in words (`data["scope"]`), or ""."""
    scope = (step.get("data") or {}).get("scope")
    return " ".join(scope.split()) if isinstance(scope, str) else ""


def _when(a: Analysis, period: str | None) -> str:
    """The period of an analysis as the summary states it: the data's own span for a trend, else the step's."""
    if a.span:
        partial = period is not None and "partial" in period.lower()
        return f"from {a.span}" + (", the last period partial (to date)" if partial else "")
    if period is None:
        return "(the data step did not state the period its query covered)"
    return f"over {period}" if period.startswith("all dates") else f"for {period}"


def _title(step: dict[str, Any], a: Analysis) -> str:
    """`Revenue by region, Q3 2026`: the subject and the period, never the instruction's words."""
    period, scope = stated_period(step), stated_scope(step)
    subject = f"{a.subject} ({scope})" if scope else a.subject
    if a.span:
        return f"{subject}, {a.span}"
    return f"{subject}, {short_period(period)}" if period else subject


def _text_title(texts: list[dict[str, Any]]) -> str:
    """A title for text inputs from what they cite (`Returns policy`), else where they came from."""
    cited = _dedupe([c.get("title") or "" for i in texts for c in i.get("citations") or [] if c.get("title")])
    if cited:
        return " and ".join(cited[:2]) + (" and other sources" if len(cited) > 2 else "")
    return "Findings from the knowledge base" if any(i.get("agent") == "rag_query" for i in texts) else "Findings"


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
- The title names the subject (the measure and what it is broken down by) and the period, e.g.
  "Revenue by region, Q3 2026". Never reuse or paraphrase the instruction as the title.
- The period comes from the data step: its `period` field (or its `explanation`), with its dates; a trend's
  periods are the first and last in its rows. The summary's first sentence names the subject, its filters
  (the data step's `scope`, e.g. "region is Europe") and the period with its dates. If no input states the
  period, say that it was not stated; never guess it.
- Shares: a percentage "of the total" only when the query computed it (a share column such as `share_pct`)
  or when the rows are all the rows (no LIMIT, no top-N `rank`, `row_count` equal to the rows). When the
  rows are a selection (top N, limited, truncated), a percentage of their sum must be written as
  "of the rows shown", never as a share of the total.
- If an input has status "error" or there is no data, say so in the summary and in `notes`.
- Text inputs (answers from the knowledge base) give context: put their sources in `notes`.
- Follow the instruction's style: a briefing is short (at most 4 findings, 2 recommendations);
  a detailed report covers every row the instruction asks for.
- No filler: no sentence that carries no fact from the inputs ("This report covers...", "In conclusion...",
  generic advice not tied to a figure). Recommendations follow from a specific finding.
- The summary has 2 to 4 sentences. Findings are short bullets, one fact each."""

MAX_LLM_ROWS = 50


class LlmReportWriter(LlmRole[ReportDraft]):
    """Report writer backed by a chat model; it is given the offline writer's exact figures to quote."""

    role = ROLE
    schema = ReportDraft
    prompt = WRITE_REPORT_PROMPT

    async def write_report(self, *, instruction: str, request: str, inputs: list[dict[str, Any]]) -> ReportDraft:
        """A draft from the model; raises `ModelCallError` on timeout or unusable output."""
        payload = {
            "instruction": instruction,
            "request": request,
            "inputs": [_for_model(i) for i in inputs],
            "computed_findings": computed_findings(inputs),
        }
        return await self.ask(json.dumps(payload, ensure_ascii=False, default=str, indent=1))


def computed_findings(inputs: list[dict[str, Any]]) -> list[str]:
    """Exact figures of every table input, for a model to quote.

    Computed from the data alone: the request is not read (no word list decides anything on the LLM path);
    the model chooses what to report from these and the rows.
    """
    found: list[str] = []
    tables = [(i, t) for i in inputs if i.get("status") != "error" and (t := tabular(i.get("data") or {}))]
    for i, table in tables:
        a = analyse(table, hint="", style="detailed", period=stated_period(i))
        prefix = f"[{i.get('step_id')}] " if len(tables) > 1 else ""
        found += [prefix + f for f in [*a.findings, *a.notes]]
    return found


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
