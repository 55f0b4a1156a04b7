"""Round 17 (engineer D14, issue 9): follow-ups that narrow the previous rows or name several values: "any of them
S1?" narrows the rows (was sent to the documents); "which of those are done?" after a count lists them; "and to olek
and marta?" names both values of one column (the second no longer replaces the first); "and on the 9th?" moves the
day."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from tests.unit.test_scope_behaviour import AGENTS, COUNTED, VALUES, classifier


async def _read(previous: str, followup: str):  # type: ignore[no-untyped-def]
    return await classifier().classify(request=followup, history=[{"speaker": "user", "content": previous}])


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        ("list the pending jobs at Hilltop", "any of them S1?", "list the pending jobs at Hilltop for S1"),
        ("show me the jobs at Harbour", "are any of those still pending?", "show me the jobs at Harbour for pending"),
        (
            "how many jobs were reported on 3 March 2026?",
            "which of those are done?",
            "list jobs were reported on 3 March 2026 for done",
        ),
        ("how many S2 jobs does olek have?", "and to marta and olek?", "how many S2 jobs does marta and olek have"),
        ("how many S2 jobs does olek have?", "and marta and olek?", "how many S2 jobs does marta and olek have"),
        ("how many jobs were reported on March 8?", "and on the 9th?", "how many jobs were reported on March 9"),
    ],
)
async def test_a_narrowing_follow_up_keeps_the_previous_rows(previous: str, followup: str, expected: str) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


async def test_which_of_grouped_rows_stays_grouped() -> None:
    decision = await _read("jobs per engineer", "which of those are pending?")
    assert decision.resolved_request == "jobs per engineer for pending", decision


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        ("which pending job is the oldest?", "and the newest?", "which pending job is the newest"),
        ("which engineer has the most pending jobs?", "and the fewest?", "which engineer has the fewest pending jobs"),
        (
            "which engineer has the most pending jobs?",
            "and the most done ones?",
            "which engineer has the most done jobs",
        ),
    ],
)
async def test_a_superlative_turns_the_previous_ranking(previous: str, followup: str, expected: str) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        ("How many jobs are pending?", "and how many are done?", "How many jobs are done"),
        ("How many done jobs are S1?", "and how many were for S2?", "How many done jobs are S2"),
        (
            "How many of olek's jobs are pending?",
            "and how many were for marta?",
            "How many of marta's jobs are pending",
        ),
        ("show me the S1 jobs", "and which of them does marta have?", "show me the S1 jobs for marta"),
    ],
)
async def test_how_many_are_after_a_count_swaps_one_value(previous: str, followup: str, expected: str) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


async def test_a_two_word_value_after_and_is_the_value_not_a_preposition() -> None:
    values = {**VALUES, "in_progress": "state"}
    staged = OfflineClassifier(agents=AGENTS, entities=list(values), counted=COUNTED, values=values)
    history = [{"speaker": "user", "content": "How many pending jobs does olek have?"}]
    decision = await staged.classify(request="and in progress?", history=history)
    assert decision.followup and decision.resolved_request == "How many in progress jobs does olek have", decision


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        (
            "How many jobs were reported on 3 March 2026?",
            "and how many of those got done?",
            "How many jobs were reported on 3 March 2026 for done",
        ),
        (
            "How many S2 jobs does olek have?",
            "and how much of that is still not done?",
            "How many S2 jobs does olek have excluding done",
        ),
        ("How many jobs are at Harbour?", "and who has them?", "How many jobs are at Harbour by engineer"),
        (
            "How many S1 jobs are there?",
            "what share of all jobs is that?",
            "How many S1 jobs are there as a percentage of the total",
        ),
    ],
)
async def test_a_follow_up_on_the_previous_rows_keeps_them(previous: str, followup: str, expected: str) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        # the measure the follow-up names as replaced is replaced where the previous request says it
        (
            "which 2 sites logged the most downtime in 2025?",
            "great, by jobs instead of downtime?",
            "which 2 sites logged the most jobs in 2025",
        ),
        ("top 3 sites by downtime in 2025", "ok - sorted by jobs rather than downtime?", "top 3 sites by jobs in 2025"),
        # an interjection, then the rows of another value regrouped
        (
            "how many pending jobs per site?",
            "cool - break those done ones down by engineer instead",
            "how many done jobs per engineer",
        ),
        (
            "how many pending jobs per site?",
            "thanks! now split the S1 ones by engineer",
            "how many pending jobs per engineer for S1",
        ),
    ],
)
async def test_a_follow_up_says_what_it_replaces(previous: str, followup: str, expected: str) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


async def test_who_handles_its_value_ones_groups_those_rows_by_the_people() -> None:
    decision = await _read("How many jobs are at Harbour?", "who is handling its pending ones?")
    assert decision.followup and decision.resolved_request == "How many jobs are at Harbour for pending by engineer"


@pytest.mark.parametrize(
    "followup",
    ["hm, break those pending ones down by site instead", "ugh - split those pending ones by site instead"],
)
async def test_break_down_instead_regroups_whatever_opens_it(followup: str) -> None:
    # the value named is the one the previous request already filters on: the grouping alone changes, "each" too
    decision = await _read("how many pending jobs does each engineer have?", followup)
    assert decision.followup and decision.resolved_request == "how many pending jobs does each site have", decision


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        (
            "list the S1 jobs at Harbour",
            "which of those are unscheduled?",
            "list the S1 jobs at Harbour that are unscheduled",
        ),
        (
            "How many S2 jobs are there?",
            "how many of them have no engineer?",
            "How many S2 jobs are there that have no engineer",
        ),
    ],
)
async def test_rows_without_a_value_narrow_the_previous_rows(previous: str, followup: str, expected: str) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


@pytest.mark.parametrize(
    "request_",
    ["jobs split by site this month", "jobs broken down by engineer in March", "jobs grouped by site"],
)
async def test_a_request_word_before_a_regrouping_verb_is_a_request_of_its_own(request_: str) -> None:
    # no earlier request: the words before "split / broken down / grouped by" are what is asked, never a follow-up
    decision = await classifier().classify(request=request_, history=[])
    assert not decision.followup and decision.intent == "task", decision
