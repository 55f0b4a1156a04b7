"""Round 13 (D10, issue 9.4): requests no agent can do, said so with what the agents can do: an errand in person
("can you come fix ..."), a question about a thing nothing holds asked of a word the documents use ("the capital of
..."), a new name wished for a stored value ("X ought to be called Y"); and their look-alikes that stay answerable."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.honesty import no_evidence
from cognicore.orchestrator.intent import OfflineClassifier
from tests.unit.test_scope_behaviour import AGENTS, COUNTED, DOCUMENT_WORDS, VALUES

# "pressure" and "manager" are document words here: the head of the question is held, what it is asked of is not.
WORDS = (*DOCUMENT_WORDS, "capital", "population")


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=WORDS)


@pytest.mark.parametrize(
    "text",
    [
        "could you come over and repair my kettle?",
        "can u pop round and unblock the sink",
        "please come collect my bike",
    ],
)
async def test_an_errand_in_person_is_out_of_scope(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope and not decision.changes_data, decision


@pytest.mark.parametrize(
    "text",
    ["how do I fix the boiler pressure?", "can you go check the pending jobs at Harbour", "go back to the S1 jobs"],
)
async def test_asking_how_or_going_back_is_no_errand(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.out_of_scope, decision


@pytest.mark.parametrize(
    ("text", "unheld"),
    [("what's the capital of peru", ["peru"]), ("what is the population of mongolia?", ["mongolia"])],
)
async def test_a_held_word_asked_of_a_thing_nothing_holds_is_unheld(text: str, unheld: list[str]) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.unheld == unheld, decision


async def test_a_thing_the_session_mentions_is_held() -> None:
    history = [{"role": "user", "content": "I am flying to Peru on Monday"}]
    decision = await classifier().classify(request="what's the capital of peru", history=history)
    assert not decision.unheld, decision


@pytest.mark.parametrize(
    "text",
    ["Hilltop ought to be called Hilltop North from now on", "the S2 severity should be renamed to 'Minor'"],
)
async def test_a_new_name_for_a_stored_value_is_a_change_refused(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.changes_data and decision.out_of_scope, decision


@pytest.mark.parametrize(
    "text", ["who should be called when a S1 job leaks?", "our new canteen should be called The Galley"]
)
async def test_naming_without_a_stored_value_is_no_change(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.changes_data, decision


def test_a_question_nothing_answers_says_what_the_agents_can_do() -> None:
    agents = [{"name": "database_query", "description": "Answers questions about the maintenance jobs."}]
    text = no_evidence("what's the capital of peru", agents)
    assert "not sure" in text and "cannot answer" in text and "database_query" in text and "knowledge base" in text
    assert "cannot" not in no_evidence("what's the capital of peru")


@pytest.mark.parametrize(
    "text",
    [
        "can you go through the pending jobs at Harbour",
        "could you go over the S1 jobs with me",
        "go get me the S2 jobs",
    ],
)
async def test_going_through_the_data_is_no_errand(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.out_of_scope, decision


async def test_an_errand_to_go_over_something_stays_an_errand() -> None:
    decision = await classifier().classify(request="Book a call with Olek on friday to go over the S1 jobs", history=[])
    assert decision.out_of_scope, decision
