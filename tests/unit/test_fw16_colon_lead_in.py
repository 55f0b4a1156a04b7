"""Round 16 fixer FW (issue 9): a short lead-in before a colon that names no value of the data and no period of it is
context, and the question after it is asked as written: "<lead-in>: which X still have Y, and how many each?" lost its
", and" (the parts were joined by spaces) or was cut to "how many each?", so the grouping and the filter were dropped
and one count over all the rows was answered with confidence. A lead-in that narrows the question still narrows it.
Our own small deployment (maintenance jobs); the SQL side is tested through the real writer in
tests/integration/test_fw16_key_grouping.py."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.message_parts import message_parts
from tests.unit.behaviour15_jobs import classifier

ASKED = "which sites still have pending jobs, and how many each?"


@pytest.mark.parametrize(
    "lead_in",
    [
        "Ahead of the morning sync: ",
        "Hello! Ahead of the morning sync: ",
        "For my call later: ",
        "One thing for the review: ",
    ],
)
async def test_a_lead_in_before_a_colon_leaves_the_question_whole(lead_in: str) -> None:
    decision = await classifier().classify(request=lead_in + ASKED, history=[])
    assert decision.intent != "statement" and not decision.out_of_scope, decision
    assert decision.resolved_request == ASKED, decision


async def test_the_question_without_a_lead_in_is_read_whole() -> None:
    decision = await classifier().classify(request=ASKED, history=[])
    assert decision.resolved_request in ("", ASKED), decision


@pytest.mark.parametrize(
    "request_text",
    ["For Hilltop only: how many jobs does each engineer have?", "Last month: which engineers closed jobs?"],
)
async def test_a_lead_in_that_narrows_still_narrows(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.resolved_request in ("", request_text), decision


def test_a_count_with_no_noun_of_its_own_is_not_cut_from_what_it_counts() -> None:
    # "how many each?" is split off as a part, but never asked alone: it counts what the part before it names.
    parts = message_parts("Ahead of the sync: which sites still have pending jobs, and how many each?")
    assert parts == ["Ahead of the sync", "which sites still have pending jobs", "how many each?"]


def test_a_told_rule_after_a_colon_stays_one_sentence() -> None:
    assert len(message_parts("The rule is: what you break, you pay for.")) == 1  # no question mark: told
    assert len(message_parts("Reminder: any discount above 20 percent needs my sign-off.")) == 1
