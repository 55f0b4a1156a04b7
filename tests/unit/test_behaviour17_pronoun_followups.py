"""Round 17 (engineer D14, issue 9): follow-ups that point back by pronoun or possessive ("hers", "his", "theirs",
"its", "that one", "for him") keep the previous request's value of that kind and change one parameter; two values the
pronoun could point at leave the follow-up unsure, naming both; "and through X?" changes the value the rows went by."""

from __future__ import annotations

import pytest

from tests.unit.test_scope_behaviour import classifier


async def _read(previous: str, followup: str):  # type: ignore[no-untyped-def]
    return await classifier().classify(request=followup, history=[{"speaker": "user", "content": previous}])


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        (
            "how many pending jobs is olek holding?",
            "group his by site please",
            "how many pending jobs is olek holding by site",
        ),
        (
            "how many jobs does marta have at Harbour?",
            "ok, split hers up per severity",
            "how many jobs does marta have at Harbour per severity",
        ),
        ("count the S2 jobs at Hilltop", "and theirs per engineer?", "count the S2 jobs at Hilltop per engineer"),
        ("count the S2 jobs at Hilltop", "break that one down by engineer", "count the S2 jobs at Hilltop by engineer"),
        (
            "how many pending jobs does olek have?",
            "how many of his are S1?",
            "how many pending jobs does olek have for S1",
        ),
    ],
)
async def test_a_pronoun_keeps_the_previous_value_and_changes_one_parameter(
    previous: str, followup: str, expected: str
) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


async def test_an_owner_pronoun_names_the_value_when_the_request_is_rebuilt() -> None:
    decision = await _read(
        "how many jobs did marta close in 2025?", "right, and what was her job count during that year?"
    )
    assert (
        decision.followup and "marta's job count" in decision.resolved_request and "2025" in decision.resolved_request
    )


@pytest.mark.parametrize(
    ("previous", "followup", "named"),
    [
        ("how many jobs do olek and marta hold?", "now group hers by site", ("olek", "marta")),
        ("how many S1 jobs at Harbour and at Hilltop?", "what about its pending ones", ("Harbour", "Hilltop")),
    ],
)
async def test_two_values_the_pronoun_could_mean_leave_it_unsure_naming_both(
    previous: str, followup: str, named: tuple[str, str]
) -> None:
    decision = await _read(previous, followup)
    assert not decision.sure and all(v in decision.reason for v in named), decision


async def test_a_pronoun_after_its_own_name_is_not_the_previous_value() -> None:
    decision = await _read("how many pending jobs at Harbour?", "marta says her list is long - how many has she got?")
    assert "Harbour" not in decision.resolved_request


async def test_a_gendered_pronoun_never_points_at_a_place() -> None:
    # "hers" after a request naming only a site: nothing of a person's to keep, so it is not read as that site
    decision = await _read("how many S1 jobs at Harbour?", "now break hers down by engineer")
    assert "Harbour's" not in decision.resolved_request


@pytest.mark.parametrize("followup", ["and via S2?", "ok and through the S2 ones?"])
async def test_a_value_the_rows_went_through_replaces_its_own_kind(followup: str) -> None:
    decision = await _read("For the site review: how many S1 jobs are pending?", followup)
    assert decision.followup and "S2" in decision.resolved_request and "S1" not in decision.resolved_request


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        # the count replaces the measure the request opens with; "in Harbour" is a filter, never a measure's phrase
        (
            "what was the total downtime in Harbour in 2025?",
            "ok, how many jobs was that?",
            "how many jobs in Harbour in 2025",
        ),
        (
            "What was the repair cost for olek in Q1 2026?",
            "and how many jobs were those?",
            "how many jobs for olek in Q1 2026",
        ),
    ],
)
async def test_a_count_of_the_same_rows_replaces_the_measure_and_keeps_the_filters(
    previous: str, followup: str, expected: str
) -> None:
    decision = await _read(previous, followup)
    assert decision.followup and decision.resolved_request == expected, decision


async def test_an_owner_pronoun_keeps_the_previous_period_and_other_filters() -> None:
    decision = await _read("how many S1 jobs did marta log at Harbour in Q2 2026?", "what was her average fix time?")
    assert decision.resolved_request == "what was marta's average fix time for S1 for Harbour in Q2 2026", decision


async def test_an_owner_pronoun_after_a_negated_filter_is_unsure() -> None:
    decision = await _read("how many jobs not yet done does olek have?", "what is his average age?")
    assert not decision.sure and "ask it whole" in decision.reason


async def test_a_possessive_pronoun_with_a_new_period_keeps_the_rows() -> None:
    decision = await _read("jobs per engineer at Hilltop in 2025", "and what about theirs for 2024?")
    assert decision.followup and decision.resolved_request == "jobs per engineer at Hilltop for 2024", decision


@pytest.mark.parametrize("followup", ["what about the same for him?", "and for her too?", "now do it for him instead"])
async def test_a_pronoun_asking_for_another_person_is_unsure(followup: str) -> None:
    # the only person the previous request names is the one the swap replaces: nobody here is "him"
    decision = await _read("how many pending jobs does marta have?", followup)
    assert (
        not decision.sure
        and "marta" in decision.reason
        and decision.resolved_request != ("how many pending jobs does marta have")
    ), decision


async def test_how_many_of_it_counts_the_previous_rows_or_is_unsure() -> None:
    counted = await _read("What was the total downtime of the S1 jobs at Harbour in 2025?", "and how many jobs of it?")
    assert counted.resolved_request == "how many jobs of the S1 jobs at Harbour in 2025", counted
    placed = await _read("harbour downtime in 2025", "and how many jobs of those?")
    assert not placed.sure or "jobs" not in placed.resolved_request.split("2025")[-1], placed
