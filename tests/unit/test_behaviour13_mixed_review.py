"""Round 13 review (fixer FD2, issue 9): the mixed-message split and the rename rule no longer answer confidently
wrong. A question is never a wish to rename ("Does a payroll outage need to be labelled P1?"); a part set aside that
names a value of the data as a filter ("... to discuss the partner channel only") or that tells something ("fyi I'm off
tomorrow - ...") leaves the message read whole, as before the split; a documents question beside an errand in person is
answered, the errand set aside; a question about the situation told before it ("..., what should I do?") keeps it."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.message_parts import names_nothing
from cognicore.orchestrator.wishes import renamed
from tests.unit.test_scope_behaviour import AGENTS, COUNTED, DOCUMENT_WORDS, VALUES

WORDS = (*DOCUMENT_WORDS, "password", "reset", "portal")


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=WORDS)


@pytest.mark.parametrize(
    "text",
    [
        "Does a payroll outage need to be labelled P1?",
        "Does a VPN outage for everyone have to be listed as P1 or P2?",
        "Which discounts must be listed as Promotional on the invoice?",
        "What discount has to be named 'Loyalty' on quotes?",
        "Must a Harbour leak be labelled S1",  # no question mark: the auxiliary first asks
        "which site should be called Quayside?",
    ],
)
def test_a_question_is_never_a_rename_wish(text: str) -> None:
    assert renamed(text) is None


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Asia Pacific ought to be called APAC going forward", "called"),
        ("the Online channel should be renamed to 'Web'", "renamed"),
        ("can you make sure Harbour is to be called Quayside?", "called"),  # a request put as a question
    ],
)
def test_a_rename_wish_is_still_read(text: str, verb: str) -> None:
    assert renamed(text) == verb


async def test_a_question_about_a_label_is_no_data_change() -> None:
    decision = await classifier().classify(request="Does a Harbour leak need to be labelled S1?", history=[])
    assert not decision.changes_data and not decision.out_of_scope, decision


@pytest.mark.parametrize(
    "text",
    [
        "jobs per site last quarter - book me a slot with finance to discuss the Harbour site only",
        "how many jobs were done in 2025; set up a call with Ana about the Hilltop site",
        "pending jobs by engineer - arrange a meeting on just S1",
    ],
)
async def test_an_errand_naming_a_filter_of_the_data_is_not_set_aside(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.set_aside and decision.resolved_request in ("", text), decision


async def test_an_errand_naming_a_value_for_something_else_is_still_set_aside() -> None:
    text = "book a meeting with the Harbour team; how many jobs are pending?"
    decision = await classifier().classify(request=text, history=[])
    assert decision.set_aside == ["book a meeting with the Harbour team"], decision
    assert decision.resolved_request == "how many jobs are pending?", decision


@pytest.mark.parametrize(
    "text",
    [
        "fyi I'm off tomorrow - how many jobs are pending?",
        "Lena is booking the venue for the offsite - how many jobs are pending at Harbour?",
        "marta is on leave next week - how many S1 jobs are pending?",
    ],
)
async def test_a_told_part_beside_a_question_is_not_dropped_in_silence(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    # Round 14: the question is answered alone and the told part is kept as told (`told_part`, remembered).
    assert not decision.set_aside, decision
    assert decision.resolved_request in ("", text) or decision.told_part in text.split(" - "), decision


@pytest.mark.parametrize(
    ("text", "asked", "aside"),
    [
        (
            "can you come fix my laptop - how do I reset my password?",
            "how do I reset my password?",
            "can you come fix my laptop",
        ),
        (
            "could you pop round and repair my kettle; how do I fix the boiler pressure?",
            "how do I fix the boiler pressure?",
            "could you pop round and repair my kettle",
        ),
    ],
)
async def test_a_documents_question_beside_an_errand_in_person_is_answered(text: str, asked: str, aside: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.out_of_scope and decision.resolved_request == asked, decision
    assert decision.set_aside == [aside], decision


@pytest.mark.parametrize(
    "text",
    [
        "My laptop clock drifted 10 minutes, what should I do?",
        "My laptop clock is 10 minutes off; what should I do?",
        "A P4 ticket has had no answer for 80 hours. What happens next?",
        "The boiler pressure dropped to 0.5 bar. Who do I tell?",
    ],
)
async def test_a_question_about_the_situation_keeps_it(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.resolved_request in ("", text), decision


def test_a_question_naming_its_own_matter_stands_alone() -> None:
    assert names_nothing("what should I do?") and names_nothing("What happens next?")
    assert not names_nothing("how do I reset my password?") and not names_nothing("how many jobs are pending?")


async def test_a_told_sentence_before_a_question_of_its_own_is_still_left_out() -> None:
    decision = await classifier().classify(
        request="Chloe is off today. how many jobs did olek have in 2025?", history=[]
    )
    assert decision.resolved_request == "how many jobs did olek have in 2025?", decision
