"""A report's data step asks what the report is about (D8, issue 9.5): "a one-pager for the board on Q3 2026" asked
the SQL reader about "board" (unsure); the artefact lead and an audience naming no data are the report's."""

from __future__ import annotations

import pytest

from cognicore.memory.text import terms
from cognicore.orchestrator.data_questions import DataWords
from cognicore.orchestrator.planning import GENERIC, data_instruction
from cognicore.orchestrator.report_topic import report_topic

DATA = frozenset(terms("revenue units orders channel region tickets ticket priority assignee Wearables sales"))


@pytest.mark.parametrize(
    ("clause", "topic"),
    [
        ("one-pager for the board on Q3 2026", "Q3 2026"),
        ("pls draft a memo for the leadership team covering H1 2026 units by channel", "H1 2026 units by channel"),
        (
            "write up a short comparison of Q2 vs Q3 2026 revenue per channel for management",
            "Q2 vs Q3 2026 revenue per channel",
        ),
        ("short summary for the team lead of the tickets opened on jan 5 2026", "the tickets opened on jan 5 2026"),
        (
            "a report for the ops manager comparing open vs closed tickets for each assignee",
            "open vs closed tickets for each assignee",
        ),
    ],
)
def test_the_topic_without_the_artefact_and_its_audience(clause: str, topic: str) -> None:
    assert report_topic(clause, artefacts=GENERIC.report, data=DATA) == topic


@pytest.mark.parametrize(
    "clause",
    [
        "brief report with the number of jobs and the number still open",  # "of" is the measure's, not the topic's
        "revenue by region for 2025",  # no artefact: unchanged
        "tickets for ben by priority",  # no artefact: "for ben" is a filter, never cut
    ],
)
def test_a_clause_without_an_artefact_lead_is_unchanged(clause: str) -> None:
    assert report_topic(clause, artefacts=GENERIC.report, data=DATA) == clause


@pytest.mark.parametrize(
    ("clause", "topic"),
    [
        (
            "a summary of the sales trend for Wearables over the last two years",
            "the sales trend for Wearables over the last two years",
        ),
        ("a report on revenue by region for the last quarter", "revenue by region for the last quarter"),
        ("a brief on revenue for each region", "revenue for each region"),
        (
            "Can I get a slide for finance with monthly revenue for Q3 2026",
            "Can I get a slide with monthly revenue for Q3 2026",
        ),
    ],
)
def test_for_a_value_a_period_or_each_is_kept(clause: str, topic: str) -> None:
    assert report_topic(clause, artefacts=GENERIC.report, data=DATA) == topic


def test_a_period_between_the_artefact_and_its_topic_is_kept() -> None:
    got = report_topic("I need a summary for 2025 of revenue", artefacts=GENERIC.report, data=DATA)
    assert got == "revenue for 2025"


def test_the_planner_s_data_clause_is_the_topic() -> None:
    vocab = GENERIC.extended(data=["revenue units orders"])
    data = DataWords.of(["region", "channel", "orders"], ["Europe", "online"])
    got = data_instruction("one-pager for the board on Q3 2026, revenue by region", vocab, data)
    assert got == "Q3 2026, revenue by region"
