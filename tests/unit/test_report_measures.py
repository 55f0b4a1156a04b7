"""A report carries every asked measure or says which it could not compute (D7, issue 9.5): through the real offline
`write_report` role, with the table a data step returned."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents.report_measures import asked_measures, measure_gap
from cognicore.subagents.report_writer import OfflineReportWriter, step_input_dict
from cognicore.subagents.tables import Table
from cognicore.subagents.types import StepOutput


def _input(columns: list[str], rows: list[list[Any]]) -> dict[str, Any]:
    data = {"columns": columns, "rows": rows, "row_count": len(rows)}
    return step_input_dict("s1", StepOutput(summary=f"{len(rows)} rows", data=data))


async def test_a_report_missing_one_of_two_asked_measures_says_so_first() -> None:
    request = "brief report with the number of jobs and the number still open, by severity"
    table = _input(["severity", "jobs"], [["S1", 2], ["S2", 1]])  # only the open ones were counted
    draft = await OfflineReportWriter().write_report(instruction=request, request=request, inputs=[table])
    assert draft.summary.startswith("I am not sure this answers all of it")
    assert "'the number still open'" in draft.summary and "jobs" in draft.summary


async def test_a_report_with_every_asked_measure_is_not_hedged() -> None:
    request = "summary for 2025 of revenue, number of orders and units per channel, with a chart"
    table = _input(["channel", "revenue", "orders", "units"], [["web", 10.0, 2, 3], ["shop", 5.0, 1, 2]])
    draft = await OfflineReportWriter().write_report(instruction=request, request=request, inputs=[table])
    assert "not sure" not in draft.summary


@pytest.mark.parametrize(
    ("request_text", "columns", "row", "gap"),
    [
        # an identifier column is no measure, but it names what was to be counted
        ("short report - monthly revenue and orders for H1 2026", ["month", "order_id", "revenue"],
         ["2026-01", 6898, 3389.0], True),
        ("open and closed job counts per assignee", ["assignee", "open_jobs", "closed_jobs"], ["ana", 1, 2], False),
        ("top 3 areas by revenue and their share of the total", ["area", "revenue", "share_pct"], ["NE", 1.0, 2.0],
         False),
        ("report on revenue by area and channel", ["area", "revenue"], ["NE", 1.0], False),
        # the artefact's own phrase names its subject ("the jobs"), not a figure
        ("one-pager on the jobs - count per site and how many of each are S1", ["site", "jobs", "s1"], ["A", 3, 1],
         False),
        ("one-pager on the jobs - count per site and how many of each are S1", ["site", "jobs"], ["A", 3], True),
    ],
)  # fmt: skip
def test_the_gap_is_read_from_the_request_and_the_columns(
    request_text: str, columns: list[str], row: list[Any], gap: bool
) -> None:
    table = Table(tuple(columns), (tuple(row),), 1)
    assert (measure_gap(request_text, table) is not None) is gap, asked_measures(request_text, table)
