"""The report_generation sub-agent: files in a run's folder, links that resolve, honest footer, errors."""

from __future__ import annotations

import re
from pathlib import Path

from cognicore.memory.llm import RoleOptions
from cognicore.subagents.report_generation import ReportGenerationAgent, run_folder
from cognicore.subagents.report_writer import LlmReportWriter, ReportDraft
from cognicore.subagents.types import AgentContext, Citation, StepInput, StepOutput, SubAgent
from tests.fakes import junk, scripted, structured

SALES = StepOutput(
    summary="4 rows from demo_sales.",
    data={
        "sql": "SELECT c.name AS category, sum(i.revenue) AS revenue FROM demo_sales.order_items i ...",
        "columns": ["category", "revenue"],
        "rows": [["Audio", 500.0], ["Wearables", 300.0], ["Smart Home", 150.0], ["Accessories", 50.0]],
        "row_count": 4,
    },
)
POLICY = StepOutput(
    summary="Returns are accepted within 30 days.",
    data={"answer": "Returns are accepted within 30 days."},
    citations=[
        Citation(source="corpus/returns.md", title="Returns policy"),
        Citation(source="corpus/returns.md", title="Returns policy", chunk_id=2),
        Citation(source="https://example.com/warranty", title="Warranty"),
    ],
)


def ctx(out: Path, *, run_id: str = "run-1", engine: str = "offline") -> AgentContext:
    return AgentContext(user_id="u1", session_id="s", run_id=run_id, output_dir=out, engine=engine)


def step(
    *, step_id: str = "s3", instruction: str = "Write a report on revenue by category", **inputs: StepOutput
) -> StepInput:
    return StepInput(step_id=step_id, instruction=instruction, request="How did categories sell?", inputs=inputs)


# Small sync helpers: file checks in async tests stay readable and off ruff's ASYNC240 list.
def read_text(path: str | Path) -> str:
    return Path(path).read_text(encoding="utf-8")


def read_bytes(path: str | Path) -> bytes:
    return Path(path).read_bytes()


def is_file(path: str | Path) -> bool:
    return Path(path).is_file()


def listing(folder: Path) -> list[Path]:
    return sorted(folder.iterdir())


def local_links(markdown: str) -> list[str]:
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", markdown) if not re.match(r"[a-z]+://", t)]


async def test_offline_report_and_chart_land_in_the_runs_folder(tmp_path: Path) -> None:
    agent = ReportGenerationAgent()
    assert isinstance(agent, SubAgent) and agent.name == "report_generation"
    out = await agent.run(step(s1=SALES, s2=POLICY), ctx(tmp_path))
    assert out.status == "ok", out.error
    folder = tmp_path / "run-1"
    md, png = folder / "report.md", folder / "chart.png"
    assert out.artifacts == [str(md), str(png)]
    assert out.data == {"report_path": str(md), "chart_path": str(png), "title": "Revenue by category"}
    assert out.model_calls == {"write_report": 1}
    assert out.summary.endswith(f"Report: {md}") and "Audio leads revenue" in out.summary
    assert read_bytes(png)[:8] == b"\x89PNG\r\n\x1a\n"

    text = read_text(md)
    assert "# Revenue by category" in text
    assert "- Audio leads revenue with $500, 50.0% of the $1,000 total across 4 categories." in text
    assert "| Audio | $500 |" in text and "```sql" in text
    assert "![Revenue by category](chart.png)" in text
    links = local_links(text)
    assert links == ["chart.png"] and all(is_file(folder / link) for link in links)
    assert "- Returns policy (`corpus/returns.md`)" in text and text.count("Returns policy (`") == 1
    assert "- [Warranty](https://example.com/warranty)" in text
    assert "with the offline engine" in text.splitlines()[-1]
    assert "run `run-1`" in text.splitlines()[-1]


async def test_same_inputs_give_byte_identical_reports(tmp_path: Path) -> None:
    agent = ReportGenerationAgent()
    a = await agent.run(step(s1=SALES, s2=POLICY), ctx(tmp_path / "a"))
    b = await agent.run(step(s1=SALES, s2=POLICY), ctx(tmp_path / "b"))
    assert read_bytes(a.data["report_path"]) == read_bytes(b.data["report_path"])
    assert read_bytes(a.data["chart_path"]) == read_bytes(b.data["chart_path"])


async def test_runs_and_steps_never_overwrite_each_other(tmp_path: Path) -> None:
    agent = ReportGenerationAgent()
    first = await agent.run(step(s1=SALES), ctx(tmp_path, run_id="run-1"))
    before = read_bytes(first.data["report_path"])
    other_run = await agent.run(step(s2=POLICY), ctx(tmp_path, run_id="run-2"))
    other_step = await agent.run(step(step_id="s4", s2=POLICY), ctx(tmp_path, run_id="run-1"))
    again = await agent.run(step(s1=SALES), ctx(tmp_path, run_id="run-1"))  # a resumed run redoes s3

    assert Path(other_run.data["report_path"]) == tmp_path / "run-2" / "report.md"
    assert Path(other_step.data["report_path"]) == tmp_path / "run-1" / "report-s4.md"
    assert again.data["report_path"] == first.data["report_path"]
    assert read_bytes(first.data["report_path"]) == before


def test_run_folder_is_safe_and_distinct() -> None:
    assert run_folder("run-1") == "run-1"
    assert "/" not in run_folder("../../etc") and not run_folder("../../etc").startswith(".")
    assert run_folder("a/b") != run_folder("a:b")
    assert run_folder("").startswith("run-")


async def test_failed_dependency_is_listed_as_missing_data(tmp_path: Path) -> None:
    failed = StepOutput(status="error", error="relation demo_sales.foo does not exist")
    out = await ReportGenerationAgent().run(step(s1=failed, s2=POLICY), ctx(tmp_path))
    assert out.status == "ok"
    text = read_text(out.data["report_path"])
    assert "## Missing data" in text
    assert "- Step `s1` failed, so its data is missing: relation demo_sales.foo does not exist" in text
    assert out.data["chart_path"] is None and len(out.artifacts) == 1


async def test_no_inputs_gives_an_honest_empty_report(tmp_path: Path) -> None:
    out = await ReportGenerationAgent().run(step(), ctx(tmp_path))
    text = read_text(out.data["report_path"])
    assert out.status == "ok" and out.data["title"] == "No data available"
    assert "No data was available" in text and "## Data" not in text and "![" not in text


async def test_unwritable_output_folder_is_a_clear_step_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the output folder should be")
    out = await ReportGenerationAgent().run(step(s1=SALES), ctx(blocker / "reports"))
    assert out.status == "error"
    assert out.error is not None and "Cannot write the report into" in out.error
    assert "COGNICORE_OUTPUT_DIR" in out.error
    assert out.model_calls == {"write_report": 1}


DRAFT = ReportDraft(
    title="Category revenue, Q3",
    summary="Audio leads with $500, half of the $1,000 total. Accessories trails.",
    findings=["Audio: $500 (50.0%).", "Accessories: $50 (5.0%)."],
    recommendations=["Keep investing in Audio."],
    notes=["Figures from step s1."],
)


async def test_llm_writer_drafts_the_report_and_the_footer_names_the_model(tmp_path: Path) -> None:
    writer = LlmReportWriter(scripted([structured(ReportDraft, DRAFT)]), RoleOptions(retries=0, timeout_s=5))
    out = await ReportGenerationAgent(writer=writer).run(
        step(s1=SALES), ctx(tmp_path, engine="gemini:gemini-2.5-flash")
    )
    assert out.status == "ok", out.error
    text = read_text(out.data["report_path"])
    assert "# Category revenue, Q3" in text and "- Keep investing in Audio." in text
    assert "- Figures from step s1." in text
    assert "`gemini:gemini-2.5-flash`" in text.splitlines()[-1]
    assert is_file(out.data["chart_path"])  # the chart comes from the data, not from the model
    assert out.model_calls == {"write_report": 1}


async def test_junk_from_the_model_is_a_clear_step_error_and_writes_nothing(tmp_path: Path) -> None:
    writer = LlmReportWriter(scripted([junk(), junk()]), RoleOptions(retries=1, timeout_s=5))
    out = await ReportGenerationAgent(writer=writer).run(step(s1=SALES), ctx(tmp_path))
    assert out.status == "error"
    assert out.error is not None
    assert out.error.startswith("The report could not be written: write_report: the model returned unusable")
    assert out.model_calls == {"write_report": 1}
    assert listing(tmp_path) == []


async def test_the_chart_names_measure_and_period_and_no_word_rule_reads_the_request_with_a_model(
    tmp_path: Path,
) -> None:
    rows = [[f"P{i:02d}", 100.0 - i, 1000 + i] for i in range(15)]
    data = {
        "columns": ["product", "revenue", "units"],
        "rows": rows,
        "row_count": 15,
        "period": "2025 (2025-01-01 to 2025-12-31)",
    }
    table = StepOutput(summary="15 rows.", data=data)
    brief = StepInput(step_id="s2", instruction="A short briefing on units", request="", inputs={"s1": table})
    offline = await ReportGenerationAgent().run(brief, ctx(tmp_path / "a"))
    offline_text = read_text(offline.data["report_path"])
    assert "![Units by product, 2025](chart.png)" in offline_text  # the offline rules: the measure named
    assert "_Showing 10 of 15 rows._" in offline_text  # and a briefing's short table
    writer = LlmReportWriter(scripted([structured(ReportDraft, DRAFT)]), RoleOptions(retries=0, timeout_s=5))
    llm = await ReportGenerationAgent(writer=writer).run(brief, ctx(tmp_path / "b", engine="model:x"))
    llm_text = read_text(llm.data["report_path"])
    assert "![Revenue by product, 2025](chart.png)" in llm_text and "_Showing" not in llm_text
