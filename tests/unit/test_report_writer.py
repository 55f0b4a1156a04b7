"""The `write_report` role: exact, honest offline figures; the LLM path goes through structured_call."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from langchain_core.messages import BaseMessage

from cognicore.memory.llm import ModelCallError, RoleOptions
from cognicore.subagents.charts import tabular
from cognicore.subagents.report_analysis import one_period_headline, report_style, rows_asked, tie_at_the_top
from cognicore.subagents.report_writer import (
    WRITE_REPORT_PROMPT,
    LlmReportWriter,
    OfflineReportWriter,
    ReportDraft,
    report_writer,
    step_input_dict,
)
from cognicore.subagents.types import Citation, StepOutput
from tests.fakes import ScriptedChatModel, junk, scripted, structured

SMALL = {
    "sql": "SELECT category, sum(revenue) AS revenue FROM t GROUP BY 1 ORDER BY 2 DESC",
    "columns": ["category", "revenue"],
    "rows": [["Audio", 500.0], ["Wearables", 300.0], ["Smart Home", 200.0]],
    "row_count": 3,
}
MONTHS = {
    "columns": ["month", "revenue"],
    "rows": [["2025-02", 150.0], ["2025-01", 100.0], ["2025-03", 120.0]],
}


def table_input(data: dict[str, Any], step_id: str = "s1") -> dict[str, Any]:
    return step_input_dict(step_id, StepOutput(summary=f"{len(data['rows'])} rows", data=data))


def rag_input(step_id: str = "s2") -> dict[str, Any]:
    out = StepOutput(
        summary="Returns are accepted within 30 days. Refunds go to the original payment method.\n\n"
        "Sources:\n[1] Returns policy (returns.md)\n\n(offline engine)",
        data={"answer": "Returns are accepted within 30 days. Refunds go to the original payment method."},
        citations=[Citation(source="corpus/returns.md", title="Returns policy", chunk_id=3)],
    )
    return step_input_dict(step_id, out)


def failed_input(step_id: str = "s1") -> dict[str, Any]:
    return step_input_dict(step_id, StepOutput(status="error", error="relation demo_sales.foo does not exist"))


async def write(instruction: str, *inputs: dict[str, Any], request: str = "") -> ReportDraft:
    return await OfflineReportWriter().write_report(instruction=instruction, request=request, inputs=list(inputs))


def numbers(draft: ReportDraft) -> set[str]:
    text = " ".join([draft.title, draft.summary, *draft.findings, *draft.recommendations, *draft.notes])
    return set(re.findall(r"\d+(?:,\d{3})*(?:\.\d+)?", text))


async def test_leader_share_gap_and_total_are_exact() -> None:
    draft = await write("Write a report on revenue by category", table_input(SMALL))
    assert draft.findings[:2] == [
        "Audio leads revenue with $500, 50.0% of the $1,000 total across 3 categories.",
        "Audio is $200 (66.7%) ahead of Wearables, second with $300.",
    ]
    assert "Top 3 by revenue: #1 Audio $500 (50.0%); #2 Wearables $300 (30.0%); #3 Smart Home $200 (20.0%)." in (
        draft.findings
    )
    assert "Total revenue across 3 categories: $1,000." in draft.findings
    assert draft.title == "Revenue by category"
    assert "Audio leads revenue with $500" in draft.summary
    assert 2 <= len(re.findall(r"[.!?](?:\s|$)", draft.summary)) <= 4


async def test_numbers_come_only_from_the_data() -> None:
    draft = await write("Write a detailed report on revenue by category", table_input(SMALL))
    # values, total, shares, the gap and its ratio, ranks and counts: nothing else
    allowed = {"500", "300", "200", "1,000", "50.0", "30.0", "20.0", "66.7", "1", "2", "3"}
    assert numbers(draft) <= allowed
    assert {"500", "1,000", "50.0", "66.7"} <= numbers(draft)


async def test_same_input_same_draft() -> None:
    inputs = [table_input(SMALL), rag_input(), table_input(MONTHS, "s3")]
    first = await write("Brief me on revenue", *inputs)
    second = await write("Brief me on revenue", *inputs)
    assert first == second


async def test_no_data_says_so_without_figures() -> None:
    draft = await write("Write a report on revenue by category")
    assert draft.title == "No data available"
    assert "No data was available" in draft.summary
    assert draft.findings == []
    assert numbers(draft) == set()
    assert any("database_query" in n for n in draft.notes)


async def test_failed_dependency_is_reported_as_missing_data() -> None:
    draft = await write("Write a report on revenue by category", failed_input("s1"))
    assert "Input step failed (s1: relation demo_sales.foo does not exist)" in draft.summary
    assert draft.findings == []
    assert any("Re-run step s1" in r for r in draft.recommendations)


async def test_briefing_is_short_and_detailed_lists_every_row() -> None:
    brief = await write("Prepare a short briefing on revenue by category", table_input(SMALL))
    detailed = await write("Write a detailed report on revenue by category", table_input(SMALL))
    assert brief.title.endswith("briefing") and len(brief.findings) <= 4 and len(brief.recommendations) <= 2
    assert [f for f in detailed.findings if f.startswith("#")] == [
        "#1 Audio: $500 (50.0%).",
        "#2 Wearables: $300 (30.0%).",
        "#3 Smart Home: $200 (20.0%).",
    ]


async def test_the_rows_asked_for() -> None:
    top = await write("List the top 2 categories by revenue", table_input(SMALL))
    bottom = await write("Which are the two lowest categories?", table_input(SMALL))
    assert "Top 2 by revenue: #1 Audio $500 (50.0%); #2 Wearables $300 (30.0%)." in top.findings
    assert "Smart Home is last with $200 (20.0%)." in top.findings
    assert "Bottom 2 by revenue: #3 Smart Home $200 (20.0%); #2 Wearables $300 (30.0%)." in bottom.findings


async def test_growth_over_periods_sorted_by_time() -> None:
    draft = await write("Report on monthly revenue", table_input(MONTHS))
    assert draft.title == "Revenue by month, 2025-01 to 2025-03"
    assert "Revenue went from $100 in 2025-01 to $120 in 2025-03 (+20.0%)." in draft.findings
    assert "Latest period 2025-03: $120, -20.0% vs 2025-02 ($150)." in draft.findings
    assert "Peak: 2025-02 with $150." in draft.findings
    assert draft.notes == ["Comparisons with 2025-03 assume that period is complete; if not, its figures are partial."]


async def test_growth_per_series_and_leader_of_the_latest_period() -> None:
    data = {
        "columns": ["quarter", "category", "revenue"],
        "rows": [["2025-Q1", "Audio", 100.0], ["2025-Q1", "Wearables", 50.0],
                 ["2025-Q2", "Audio", 110.0], ["2025-Q2", "Wearables", 90.0]],
    }  # fmt: skip
    draft = await write("Report on revenue by quarter", table_input(data))
    assert "All categories together went from $150 in 2025-Q1 to $200 in 2025-Q2 (+33.3%)." in draft.findings
    assert "In 2025-Q2, Audio leads with $110, 55.0% of that period's $200." in draft.findings
    assert "Fastest growth: Wearables, +80.0% from 2025-Q1 to 2025-Q2 ($50 to $90)." in draft.findings
    assert "Weakest: Audio, +10.0% over the same periods ($100 to $110)." in draft.findings


async def test_limited_query_gives_no_grand_total_claims() -> None:
    data = {**SMALL, "sql": SMALL["sql"] + " LIMIT 3"}
    draft = await write("Report on revenue by category", table_input(data))
    # A share of the rows shown is said to be one, never a share of the total.
    assert "50.0% of the $1,000 across the 3 rows shown (not of the overall total)" in draft.findings[0]
    assert not any("of the total" in f or "total across" in f for f in [*draft.findings, *draft.recommendations])
    assert not any("(50.0%)" in f for f in draft.findings)
    assert not any("is last" in f for f in draft.findings)
    assert draft.notes == ["The query returned 3 selected rows, not all of them: sums of them are partial."]


async def test_rows_named_by_several_columns_and_truncated_results() -> None:
    data = {
        "columns": ["product", "region", "revenue"],
        "rows": [["Aurora Buds Pro", "EU", 900.0], ["Orbit Smartwatch", "NA", 600.0]],
        "row_count": 40,
    }
    draft = await write("Report on revenue by product and region", table_input(data))
    assert draft.findings[0] == (
        "Aurora Buds Pro · EU leads revenue with $900, 60.0% of the $1,500 across the 2 rows shown "
        "(not of the overall total)."
    )
    assert "Only 2 of 40 rows were returned, so sums of them are partial." in draft.notes


async def test_non_additive_measure_has_no_total_or_share() -> None:
    data = {"columns": ["category", "avg_price"], "rows": [["Audio", 175.67], ["Wearables", 282.33]]}
    draft = await write("Report on average price by category", table_input(data))
    assert draft.findings[0] == "Wearables leads avg price with $282.33."
    assert not any("total" in f.lower() or "% of" in f for f in draft.findings)


async def test_text_inputs_become_findings_and_notes_with_sources() -> None:
    alone = await write("Summarise the returns policy", rag_input())
    assert alone.findings == [
        "Returns are accepted within 30 days.",
        "Refunds go to the original payment method.",
    ]
    assert alone.notes and "Returns policy" in alone.notes[0]
    mixed = await write("Report on revenue and the returns policy", table_input(SMALL), rag_input())
    assert mixed.findings[0].startswith("Audio leads revenue")
    assert any("sources: Returns policy" in n for n in mixed.notes)


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("Prepare a briefing for the board", "brief"),
        ("Keep it short", "brief"),
        ("Write a detailed analysis", "detailed"),
        ("An in-depth report", "detailed"),
        ("Write a report", "standard"),
    ],
)
def test_report_style(text: str, style: str) -> None:
    assert report_style(text) == style


@pytest.mark.parametrize(
    ("text", "asked"),
    [("top 5 products", (5, False)), ("the three best regions", (3, False)),
     ("bottom 2 categories", (2, True)), ("5 lowest", (5, True)), ("revenue by region", (None, False))],
)  # fmt: skip
def test_rows_asked(text: str, asked: tuple[int | None, bool]) -> None:
    assert rows_asked(text) == asked


DRAFT = ReportDraft(
    title="Revenue by category",
    summary="Audio leads with $500. It is half of the total.",
    findings=["Audio leads revenue with $500, 50.0% of the $1,000 total across 3 categories."],
    recommendations=["Protect Audio's lead."],
)


async def test_llm_writer_returns_the_models_structured_draft() -> None:
    writer = LlmReportWriter(scripted([structured(ReportDraft, DRAFT)]), RoleOptions(retries=0, timeout_s=5))
    assert await writer.write_report(instruction="Report", request="", inputs=[table_input(SMALL)]) == DRAFT


async def test_llm_writer_sends_the_rules_the_data_and_the_computed_figures() -> None:
    seen: list[list[BaseMessage]] = []

    class Recording(ScriptedChatModel):
        def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
            seen.append(messages)
            return super()._generate(messages, *args, **kwargs)

    model = Recording(messages=iter([structured(ReportDraft, DRAFT)]))
    await LlmReportWriter(model, RoleOptions(retries=0, timeout_s=5)).write_report(
        instruction="Report on revenue", request="How did categories do?", inputs=[table_input(SMALL)]
    )
    system, human = seen[0]
    assert system.content == WRITE_REPORT_PROMPT and "only figures" in system.content
    payload = json.loads(str(human.content))
    assert payload["request"] == "How did categories do?"
    assert payload["inputs"][0]["data"]["rows"] == SMALL["rows"]
    assert payload["computed_findings"][0].startswith("Audio leads revenue with $500, 50.0%")


async def test_llm_writer_retries_junk_then_raises_a_clear_error() -> None:
    recovering = LlmReportWriter(
        scripted([junk(), structured(ReportDraft, DRAFT)]), RoleOptions(retries=1, timeout_s=5)
    )
    assert await recovering.write_report(instruction="Report", request="", inputs=[]) == DRAFT
    hopeless = LlmReportWriter(scripted([junk(), junk()]), RoleOptions(retries=1, timeout_s=5))
    with pytest.raises(ModelCallError, match="write_report: the model returned unusable output"):
        await hopeless.write_report(instruction="Report", request="", inputs=[])


def test_writer_choice_follows_the_chat_model() -> None:
    assert isinstance(report_writer(None), OfflineReportWriter)
    assert isinstance(report_writer(scripted([]), RoleOptions(retries=2, timeout_s=1)), LlmReportWriter)


Q3 = "the last complete quarter, Q3 2026 (2026-07-01 to 2026-09-30)"


async def test_title_and_summary_name_the_subject_and_the_stated_period() -> None:
    draft = await write("Make me something for the board about categories", table_input({**SMALL, "period": Q3}))
    assert draft.title == "Revenue by category, Q3 2026"
    assert draft.summary.startswith(f"Revenue by category for {Q3}. Audio leads revenue with $500")
    europe = await write("Report", table_input({**SMALL, "period": Q3, "scope": "region is Europe"}))
    assert europe.title == "Revenue by category (region is Europe), Q3 2026"
    assert europe.summary.startswith(f"Revenue by category where region is Europe for {Q3}.")
    unstated = await write("Report on revenue by category", table_input(SMALL))
    assert "did not state the period" in unstated.summary and unstated.title == "Revenue by category"
    everything = await write("Report", table_input({**SMALL, "period": "all dates in the data"}))
    assert everything.title == "Revenue by category, all dates" and "over all dates in the data" in everything.summary


async def test_a_share_column_of_the_query_is_the_share_even_for_selected_rows() -> None:
    data = {
        "columns": ["category", "revenue", "share_pct", "rank"],
        "rows": [["Audio", 500.0, 41.7, 1], ["Wearables", 300.0, 25.0, 2]],
        "period": Q3,
    }
    draft = await write("Report on the top two categories", table_input(data))
    assert draft.findings[0] == ("Audio leads revenue with $500, 41.7% of the total.")
    assert "Top 2 by revenue: #1 Audio $500 (41.7%); #2 Wearables $300 (25.0%)." in draft.findings
    assert not any("62.5%" in f for f in draft.findings)  # 500 / (500 + 300): a share of the rows shown


async def test_a_text_report_is_titled_from_its_sources_never_from_the_instruction() -> None:
    draft = await write("Summarise the returns policy for the store managers", rag_input())
    assert draft.title == "Returns policy" and "Summarise" not in draft.title


async def test_a_partial_last_period_is_said_when_the_step_states_it() -> None:
    data = {**MONTHS, "period": "this year, 2025 (2025-01-01 to 2025-03-14, partial: to date)"}
    draft = await write("Report on monthly revenue", table_input(data))
    assert draft.notes == ["2025-03 is partial (to date), so comparisons with it are not like for like."]
    assert "from 2025-01 to 2025-03, the last period partial (to date)" in draft.summary


async def test_the_llm_writers_figures_do_not_depend_on_the_request() -> None:
    payloads: list[dict[str, Any]] = []

    class Recording(ScriptedChatModel):
        def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
            payloads.append(json.loads(str(messages[-1].content)))
            return super()._generate(messages, *args, **kwargs)

    for instruction in ("A short briefing on the bottom 2", "A detailed report on every category"):
        model = Recording(messages=iter([structured(ReportDraft, DRAFT)]))
        await LlmReportWriter(model, RoleOptions(retries=0, timeout_s=5)).write_report(
            instruction=instruction, request="", inputs=[table_input({**SMALL, "period": Q3})]
        )
    assert payloads[0]["computed_findings"] == payloads[1]["computed_findings"]
    assert payloads[0]["inputs"][0]["data"]["period"] == Q3
    for rule in ("names the subject", "period", '"of the rows shown"', "No filler", "Never reuse or paraphrase"):
        assert rule in WRITE_REPORT_PROMPT


async def test_a_knowledge_answer_that_found_nothing_is_no_note_beside_data() -> None:
    nothing = step_input_dict(
        "s2",
        StepOutput(
            summary='The knowledge base has nothing on "2025-01".',
            data={"answer": 'The knowledge base has nothing on "2025-01".', "sources": []},
        ),
    )
    draft = await write("Report on revenue by category", table_input(SMALL), nothing)
    assert not any("nothing on" in n for n in draft.notes)
    alone = await write("Summarise what we know", nothing)
    assert "nothing on" in alone.summary  # without data, the honest miss is the report


async def test_one_filtered_row_with_the_querys_share_is_not_said_to_lead() -> None:
    data = {"columns": ["region", "revenue", "share_pct"], "rows": [["Europe", 300.0, 30.2]], "period": Q3}
    draft = await write("What share of revenue is Europe's?", table_input(data))
    assert draft.findings[0] == "Europe: revenue $300, 30.2% of the total."


async def test_one_measure_side_by_side_is_compared_side_by_side() -> None:
    data = {
        "columns": ["month", "online_revenue", "retail_revenue"],
        "rows": [["2026-08", 100.0, 80.0], ["2026-09", 120.0, 70.0], ["2026-10", 150.0, 60.0]],
        "period": "the last 3 complete months (2026-08-01 to 2026-10-31)",
    }
    draft = await write("Online against retail, please", table_input(data))
    assert draft.title == "Online vs retail revenue by month, 2026-08 to 2026-10"
    assert "Fastest growth: online, +50.0% from 2026-08 to 2026-10 ($100 to $150)." in draft.findings
    assert "Weakest: retail, -25.0% over the same periods ($80 to $60)." in draft.findings
    two_statistics = {"columns": ["category", "min_price", "max_price"], "rows": [["Audio", 10.0, 90.0]]}
    assert (await write("Report", table_input(two_statistics))).title.startswith("Min price by category")


def test_a_tie_at_the_top_names_every_tied_row() -> None:
    def tie(columns: list[str], rows: list[list[Any]]) -> str:
        table = tabular({"columns": columns, "rows": rows})
        assert table is not None
        return tie_at_the_top(table)

    assert tie(["region", "revenue"], [["Europe", 500.0], ["Asia", 500.0], ["Americas", 200.0]]) == (
        "Europe and Asia tie with $500 each (revenue)."
    )
    # A bottom N (ascending) ties at its top row too; a count is no money.
    assert tie(["assignee", "tickets"], [["ana", 1], ["ben", 1], ["chloe", 1]]) == (
        "ana, ben and chloe tie with 1 each (tickets)."
    )
    assert tie(["region", "revenue"], [["Europe", 500.0], ["Asia", 400.0]]) == ""  # a leader, no tie
    assert (
        tie(["region", "revenue"], [["Europe", 300.0], ["Asia", 300.0], ["LATAM", 500.0], ["NA", 100.0]]) == ""
    )  # not ranked
    assert tie(["month", "revenue"], [["2025-01", 100.0], ["2025-02", 100.0]]) == ""  # a trend ranks nothing
    assert tie(["region", "revenue"], [["Europe", 500.0]]) == ""


async def test_a_tied_lead_in_a_report_is_said_never_one_name_picked() -> None:
    data = {
        "columns": ["region", "revenue", "share_pct"],
        "rows": [["Europe", 500.0, 25.0], ["Asia Pacific", 500.0, 25.0]],
        "period": Q3,
    }
    draft = await write("Report on the top region by revenue", table_input(data))
    assert (
        draft.findings[0]
        == "Europe and Asia Pacific tie for the lead in revenue with $500 each, 25.0% each of the total."
    )
    assert not any(" leads " in f for f in draft.findings)


async def test_a_share_within_groups_is_not_called_a_share_of_the_total() -> None:
    data = {
        "columns": ["region", "product", "revenue", "share_pct", "rank"],
        "rows": [["Europe", "Buds", 500.0, 40.0, 1], ["Asia", "Watch", 450.0, 30.0, 1]],
        "period": Q3,
    }
    draft = await write("Report on the top product in each region", table_input(data))
    assert draft.findings[0] == "Europe · Buds leads revenue with $500, 40.0% of its group's total."


def test_a_one_month_answer_names_the_month() -> None:
    def headline(columns: list[str], rows: list[list[Any]]) -> str:
        table = tabular({"columns": columns, "rows": rows})
        assert table is not None
        return one_period_headline(table)

    assert headline(["month", "revenue"], [["2025-11", 257529.4]]) == "November 2025: revenue $257,529."
    assert headline(["month", "orders"], [["2026-03", 349]]) == "March 2026: orders 349."
    assert headline(["month", "revenue"], [["2025-11", 1.0], ["2025-12", 2.0]]) == ""  # a trend, not one month
    assert headline(["quarter", "revenue"], [["2025-Q4", 742697.7]]) == ""  # a quarter's code is read as is
    assert headline(["region", "revenue"], [["Europe", 1.0]]) == ""
