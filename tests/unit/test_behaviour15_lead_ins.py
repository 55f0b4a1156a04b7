"""A short lead-in that asks to be told what follows ("remind me, ...", "quick one - ...", "out of interest, ...") is
part of the question after it, never a request set aside; a lead-in with an object of its own ("remind me to ...")
is still a request no agent does. Our own small deployment (maintenance jobs)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.language import unwrap_wish
from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize(
    ("request_text", "inner"),
    [
        ("Remind me, how many pending jobs does Harbour have?", "how many pending jobs does Harbour have?"),
        ("quick q: which site had the most S1 jobs in 2025?", "which site had the most S1 jobs in 2025?"),
        ("Out of curiosity, who is the engineer on Hilltop?", "who is the engineer on Hilltop?"),
        ("just checking - are any S1 jobs still open?", "are any S1 jobs still open?"),
        ("could you remind me which site I cover", "which site do I cover"),
        ("tell me again what the state of job 12 is", "what is the state of job 12"),
        ("quick one - list the pending jobs at Harbour", "list the pending jobs at Harbour"),
        ("Out of curiosity: show me the S1 jobs per site", "show me the S1 jobs per site"),
    ],
)
async def test_a_lead_in_is_part_of_the_question_after_it(request_text: str, inner: str) -> None:
    assert unwrap_wish(request_text) == inner
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent != "statement" and not decision.out_of_scope, decision
    assert decision.resolved_request == inner and decision.set_aside == [], decision


@pytest.mark.parametrize(
    "request_text",
    [
        "remind me to call the Harbour site manager tomorrow",  # its own object: a reminder to set
        "tell me a joke about boilers",
        "tell me when the Hilltop pump is fixed",  # to be told later: an errand, not a question
        "quick one - we moved the depot to Hilltop",  # a lead-in before news, not before a question
        "remind me - list the jobs",  # "remind me" takes its object without a mark: "remind me to list ..."
    ],
)
def test_a_lead_in_with_an_object_of_its_own_stays_as_written(request_text: str) -> None:
    assert unwrap_wish(request_text) == request_text


async def test_a_reminder_to_set_is_still_no_thing_an_agent_does() -> None:
    decision = await classifier().classify(request="remind me to call the Harbour site manager tomorrow", history=[])
    assert decision.out_of_scope, decision


@pytest.mark.parametrize(
    "request_text",
    [
        "Out of interest, what did I say the Harbour backlog target was?",
        "which engineer did we say would cover Hilltop in 2025?",
    ],
)
async def test_what_the_user_said_is_asked_of_memory_not_of_the_data(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "question" and "told" in decision.reason, decision


def test_a_liking_for_every_answer_is_a_standing_preference() -> None:
    """'I prefer charts over tables whenever you show me numbers' was planned as a data task (fresh8)."""
    from cognicore.orchestrator.habits import HABIT

    assert HABIT.match("I prefer bar charts to pie charts whenever you plot shares.")
    assert HABIT.match("I'd rather get bullet points every time you summarise a runbook.")
    assert not HABIT.match("I prefer the Quito branch.")  # no answering: a plain liking, read elsewhere
    assert not HABIT.match("Plot shares by site, I prefer bar charts whenever you plot shares")  # an order now
