"""Background before a question and the artefact a task makes (round 15, D12): "without telling anyone" in a story
says how something was done and narrows no question after it ("without an assignee", "without counting returns"
still do); "before I write anything up" is the speaker's own plan, not a second request; "a note" a task drafts is
what is made, never a documents topic that takes the data clause away. Our own small deployment (maintenance jobs)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.context_restricts import restricting_word
from cognicore.orchestrator.planning import GENERIC, DataWords, data_instruction
from tests.unit.behaviour15_jobs import COUNTED, VALUES, classifier


@pytest.mark.parametrize(
    ("request_text", "question"),
    [
        (
            "Long week on the sites: the crew swapped the boilers twice without telling the office, and nobody logged "
            "it. My boss wants to know if it was really that bad, so before I write anything up: how many S1 jobs "
            "were closed in 2025?",
            "how many S1 jobs were closed in 2025?",
        ),
        (
            "Sorry for the essay. We reorganised the rota without asking the engineers and morale dipped. Before I "
            "draft the update for my boss: how many pending jobs does Hilltop have?",
            "how many pending jobs does Hilltop have?",
        ),
    ],
)
async def test_a_story_before_the_question_is_background(request_text: str, question: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.intent == "task" and decision.resolved_request == question, decision


async def test_a_filter_said_before_the_question_is_still_read_with_it() -> None:
    text = "The vendor logged the repairs without an invoice. How many jobs at Harbour are pending?"
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request != "How many jobs at Harbour are pending?", decision


@pytest.mark.parametrize(
    ("text", "narrows"),
    [
        ("the crew fixed it without telling anyone", False),
        ("we closed them without asking the site", False),
        ("jobs without an engineer", True),
        ("without counting the cancelled ones", True),
    ],
)
def test_without_narrows_a_noun_or_a_count_never_a_manner(text: str, narrows: bool) -> None:
    assert (restricting_word(text) is not None) is narrows


def test_the_note_a_task_drafts_leaves_the_data_clause_to_the_data_step() -> None:
    data = DataWords.of(COUNTED, VALUES)
    asked = data_instruction(
        "Draft a note for the site lead showing how many jobs each engineer closed in 2025", GENERIC, data
    )
    assert asked == "how many jobs each engineer closed in 2025"
    # a documents topic beside it is still the documents' ("explain the escalation notes")
    both = data_instruction("write a note on S1 jobs by engineer and explain the escalation notes", GENERIC, data)
    assert both == "S1 jobs by engineer"


@pytest.mark.parametrize(
    "request_text",
    ["Could you order new safety boots for me?", "please order a courier pickup for the team tomorrow"],
)
async def test_an_errand_led_by_a_data_word_is_refused_after_a_polite_opening(request_text: str) -> None:
    jobs = classifier_with_orders()
    decision = await jobs.classify(request=request_text, history=[])
    assert decision.out_of_scope and decision.intent == "task", decision


async def test_a_data_request_led_by_the_same_word_is_still_read() -> None:
    decision = await classifier_with_orders().classify(
        request="could you order the sites by S1 jobs for the board?", history=[]
    )
    assert not decision.out_of_scope, decision


def classifier_with_orders():  # type: ignore[no-untyped-def]
    """The jobs deployment with a table named by a word that is also a verb ("orders")."""
    from cognicore.orchestrator.intent import OfflineClassifier
    from tests.unit.behaviour15_jobs import AGENTS

    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=[*COUNTED, "orders"], values=VALUES)
