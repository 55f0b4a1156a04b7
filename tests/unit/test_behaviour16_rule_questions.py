"""Round 16 (D13): a question about any one of a kind ("who is paged when an S1 job goes overdue?", "by how many
hours must an S2 job be answered?") asks the rule the documents state, not for a run of the agent that checks the
data's rows against it; asking which rows there are still runs the agent. A regrouping said as a participle ("same
again but broken down by site") is a follow-up too."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.planning import GENERIC
from tests.unit.behaviour15_jobs import AGENTS, COUNTED, VALUES

CHECKER = {
    "name": "overdue_check",
    "description": "Checks open maintenance jobs against the response time of their severity and lists overdue jobs.",
}


def _classifier() -> OfflineClassifier:
    return OfflineClassifier(
        [CHECKER], agents=[*AGENTS, CHECKER], entities=list(VALUES), counted=COUNTED, values=VALUES
    )


@pytest.mark.parametrize(
    "text",
    [
        "and who is paged when an S1 job goes past its response time?",
        "By how many hours must an S1 job get its first response?",
        "what should the engineer do if an open job misses its response time?",
        "whats the response time for S1",  # a limit the rule sets, for a value with no article
        "what is the response time target on S1 jobs?",
        "Is there a penalty when an S1 job misses its response time?",  # a yes/no question on any one of a kind
        "What's the S2 response time - is 30 hours overdue?",
    ],
)
async def test_a_question_about_any_one_of_a_kind_is_no_run_of_the_checker(text: str) -> None:
    decision = await _classifier().classify(request=text, history=[])
    assert "overdue_check" not in decision.reason, decision


@pytest.mark.parametrize(
    "text",
    ["which open jobs are past their response time?", "is there an S1 job that is overdue against its response time?"],
)
async def test_asking_for_the_rows_still_runs_the_checker(text: str) -> None:
    decision = await _classifier().classify(request=text, history=[])
    assert decision.intent == "task" and "overdue_check" in decision.reason, decision


@pytest.mark.parametrize(
    "text", ["same again but broken down by site", "ok, grouped by severity", "same thing broken out by engineer"]
)
def test_a_regrouping_participle_is_a_follow_up(text: str) -> None:
    change = followup_change(text, list(VALUES))
    assert change is not None and change.prep == "by", change


@pytest.mark.parametrize("text", ["show me the same thing as a chart", "give me that same table as a bar chart"])
def test_the_same_result_drawn_is_a_follow_up(text: str) -> None:
    change = followup_change(text, list(VALUES))
    assert change is not None and change.prep == "as", change


def _measuring() -> OfflineClassifier:
    """The jobs deployment with a domain vocabulary that names its figures ("jobs", "hours")."""
    vocabulary = GENERIC.extended(data=["jobs", "hours"])
    return OfflineClassifier(
        vocabulary=vocabulary, agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES
    )


@pytest.mark.parametrize(
    "text",
    ["And for Harbour jobs, is overtime paid double?", "pending jobs at Hilltop - are they covered by the warranty?"],
)
async def test_a_question_after_a_lead_in_naming_data_words_is_asked(text: str) -> None:
    decision = await _measuring().classify(request=text, history=[])
    assert decision.intent == "question", decision


async def test_a_lead_in_before_a_figure_still_asks_the_data() -> None:
    decision = await _measuring().classify(request="jobs per site for 2025, what were the totals?", history=[])
    assert decision.intent == "task", decision
