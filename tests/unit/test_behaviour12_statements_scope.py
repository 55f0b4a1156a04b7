"""Round 12 (D9, issue 9.2/9.3): news announced by its opening ("good news, ...", "note to self - ..."), a value told
as changed ("... is now ..."), a standing instruction set by a condition on the assistant's work ("whenever you
...,"), an order spliced on after a told clause ("I'm tired, tell me ..."), and a wh-question whose head the
deployment holds nothing on though it holds what it is asked of ("what's the altitude of Harbour")."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.message_parts import message_parts
from tests.unit.test_scope_behaviour import AGENTS, COUNTED, DOCUMENT_WORDS, VALUES

# The site names appear in the manuals too, as a place named in documents does.
WORDS = (*DOCUMENT_WORDS, "harbour", "hilltop", "canteen", "weekly")


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=WORDS)


@pytest.mark.parametrize(
    "text",
    [
        "Great news, the Hilltop boiler contract was renewed at 12k a year.",
        "quick update: marta's callout rate went up to $95 an hour",
        "note to self - the Harbour lift inspection costs 340 euros",
        "Budget got approved. The limit we must stay under per job is now 800 dollars.",
        "whenever you list jobs for me, put the oldest first please",
        "From now on, when you show me pending jobs, always include the engineer",
    ],
)
async def test_told_things_are_statements(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("ugh I'm so tired, sing me a song about boats", "sing me a song about boats"),
        ("we moved offices, could you book us a taxi", "could you book us a taxi"),
    ],
)
def test_an_order_after_a_told_clause_is_its_own_part(text: str, asked: str) -> None:
    assert message_parts(text)[-1] == asked


async def test_an_order_after_a_told_clause_about_nothing_held_is_unheld() -> None:
    decision = await classifier().classify(request="ugh I'm so tired, tell me a riddle about penguins", history=[])
    assert decision.intent != "statement" and decision.unheld, decision


@pytest.mark.parametrize(
    "text",
    [
        "what's the altitude of Harbour?",
        "What will the temperature be like at Hilltop on friday",
        "who's the mayor of Hilltop",
    ],
)
async def test_a_question_whose_head_nothing_holds_is_unheld(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.unheld, decision


@pytest.mark.parametrize(
    "text",
    [
        "what's the pressure of the Harbour boiler?",
        "what is the state of the Hilltop jobs",
        "how many pending jobs are there",
    ],
)
async def test_a_question_whose_head_is_held_is_not_unheld(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.unheld, decision


@pytest.mark.parametrize("text", ["Job sandwiches for the whole night shift please", "site pizza for everyone tonight"])
async def test_an_errand_opening_with_a_data_word_is_out_of_scope(text: str) -> None:
    # "job" and "site" are words of the data, but what follows them is nothing the deployment holds
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope and decision.intent == "task", decision


async def test_a_data_word_before_a_held_word_is_no_errand() -> None:
    decision = await classifier().classify(request="site Harbour jobs for the last quarter", history=[])
    assert not decision.out_of_scope, decision


@pytest.mark.parametrize(
    "text",
    ["translate this into French: the boiler check moved to Monday", "turn that into a limerick: Harbour is flooded"],
)
async def test_an_order_on_the_text_after_a_colon_is_no_statement(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope and decision.intent == "task", decision


async def test_a_preface_before_a_colon_still_tells() -> None:
    decision = await classifier().classify(request="Quick note for later: marta is on leave friday", history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize(
    "text",
    [
        "Update: the Hilltop boiler service moved to Thursdays.",
        "When I ask about backlog, I mean pending jobs only.",
        "I'd like you to never show engineer surnames.",
    ],
)
async def test_news_and_standing_wishes_of_other_shapes_are_statements(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision


@pytest.mark.parametrize(
    "text", ["update the Harbour jobs to done", "when I look at pending jobs by site, which one has the most"]
)
async def test_an_order_or_a_question_after_the_same_words_is_no_statement(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision


@pytest.mark.parametrize(
    "text",
    ["could u help me write a letter to the boiler supplier", "please compose an apology email to the Harbour tenants"],
)
async def test_writing_what_no_agent_writes_is_out_of_scope(text: str) -> None:
    # "boiler" and "Harbour" are the deployment's words, but a letter or an email is no artefact the agents make
    decision = await classifier().classify(request=text, history=[])
    assert decision.out_of_scope, decision


async def test_writing_a_report_on_the_data_is_a_task() -> None:
    decision = await classifier().classify(request="write a short report on pending jobs by site", history=[])
    assert decision.intent == "task" and not decision.out_of_scope, decision


CHECKER = {
    "name": "overdue_check",
    "description": "Checks pending jobs against the SLA of their severity.",
    "input_hint": "",
}


@pytest.mark.parametrize("text", ["whats the sla for S1 jobs at Harbour", "wats the SLA for pending jobs"])
async def test_a_rule_asked_without_an_apostrophe_is_a_question_not_the_checkers_work(text: str) -> None:
    # the checker's description names the SLA, but what the SLA is is the documents' to say
    fleet = OfflineClassifier(
        [CHECKER], agents=[*AGENTS, CHECKER], entities=list(VALUES), counted=COUNTED, values=VALUES, words=WORDS
    )
    decision = await fleet.classify(request=text, history=[])
    assert decision.intent == "question", decision
