"""Round 13 (D10, issue 9.2): follow-ups that point back without a fragment's shape: a full question about "that
(same) quarter" takes the previous request's period; "back to <topic> - ..." changes the earlier request that names
the topic, not the last one; "as a percentage ... instead" asks the previous figures as shares; "split those by ..."
regroups them."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change, previous_request
from tests.unit.test_behaviour13_scope import classifier


def said(*requests: str) -> list[dict[str, str]]:
    return [{"speaker": "user", "content": r} for r in requests]


@pytest.mark.parametrize(
    ("history", "text", "resolved"),
    [
        (
            said("S1 jobs per site in Q2 2026"),
            "and how many jobs did marta close during that same quarter?",
            "and how many jobs did marta close during Q2 2026?",
        ),
        (
            said("pending jobs at Harbour last month"),
            "how many S2 jobs were reported in the same period",
            "how many S2 jobs were reported last month",
        ),
    ],
)
async def test_that_quarter_is_the_previous_requests_period(history: list[dict[str, str]], text: str, resolved: str):
    decision = await classifier().classify(request=text, history=history)
    assert decision.followup and decision.resolved_request == resolved, decision


async def test_that_quarter_without_an_earlier_period_is_said_unsure() -> None:
    decision = await classifier().classify(request="how many jobs did olek close that quarter", history=said("jobs"))
    assert not decision.sure and not decision.resolved_request, decision


@pytest.mark.parametrize(
    ("history", "text", "resolved"),
    [
        (
            said("jobs per site in Q1 2026", "how many S1 jobs does olek have"),
            "let's go back to the jobs per site, but for Q3 2026",
            "jobs per site in Q3 2026",
        ),
        (
            said("pending jobs by engineer in 2025", "which site had the most jobs"),
            "coming back to the engineer split: same for 2024",
            "pending jobs by engineer in 2024",
        ),
    ],
)
async def test_back_to_a_topic_changes_the_earlier_request(history: list[dict[str, str]], text: str, resolved: str):
    decision = await classifier().classify(request=text, history=history)
    assert decision.followup and decision.resolved_request == resolved, decision


def test_back_to_a_topic_no_request_named_finds_none() -> None:
    assert previous_request(said("jobs per site"), "weather forecast") is None
    assert followup_change("back to square one - how many jobs are pending") is None


@pytest.mark.parametrize(
    "text", ["could you show those as percentages of the whole?", "in percent instead", "as a share of all jobs"]
)
async def test_as_shares_asks_the_previous_figures_as_percentages(text: str) -> None:
    decision = await classifier().classify(request=text, history=said("jobs per severity"))
    assert decision.followup and decision.resolved_request == "jobs per severity as a percentage of the total"


@pytest.mark.parametrize("text", ["then split these by engineer instead", "break those down by site rather than state"])
async def test_those_regrouped(text: str) -> None:
    decision = await classifier().classify(request=text, history=said("pending jobs by state"))
    assert decision.followup and decision.resolved_request.startswith("pending jobs by "), decision
    assert decision.resolved_request.split(" by ")[1] in ("engineer", "site"), decision


@pytest.mark.parametrize(
    ("previous", "text", "resolved"),
    [
        ("which pending jobs are at Harbour?", "how many of those are there", "how many pending jobs are at Harbour"),
        ("what S1 jobs did olek log in 2025", "ok how many is that in all?", "how many S1 jobs did olek log in 2025"),
    ],
)
async def test_counting_the_rows_the_previous_request_listed(previous: str, text: str, resolved: str) -> None:
    decision = await classifier().classify(request=text, history=said(previous))
    assert decision.followup and decision.resolved_request == resolved, decision


async def test_counting_a_ranking_is_not_resolved() -> None:
    decision = await classifier().classify(request="how many is that?", history=said("which site had the most jobs"))
    assert not decision.followup, decision


@pytest.mark.parametrize(
    ("text", "resolved"),
    [
        ("and how many S1 ones, but excluding the done ones?", "how many S1 jobs does marta have excluding done"),
        ("ok how many S1 ones", "how many S1 jobs does marta have"),
    ],
)
async def test_how_many_other_ones_with_a_second_change(text: str, resolved: str) -> None:
    decision = await classifier().classify(request=text, history=said("how many S2 jobs does marta have"))
    assert decision.followup and decision.resolved_request == resolved, decision


async def test_how_many_ones_with_a_second_change_nothing_reads_is_not_half_applied() -> None:
    decision = await classifier().classify(
        request="and how many S1 ones, and sing me a song", history=said("how many S2 jobs does marta have")
    )
    assert decision.resolved_request != "how many S1 jobs does marta have", decision
