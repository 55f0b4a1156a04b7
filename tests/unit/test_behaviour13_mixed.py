"""Round 13 (D10, issue 9.1): a request joined to an errand no agent does or to a greeting, without a sentence break
("... - also ...", "...; ...", "... and tell me ...", "quick q: ..."): the part an agent can do is what is planned,
the errand is named as set aside in the answer, and a greeting is passed over."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.closing import respond
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.message_parts import clauses
from tests.unit.test_scope_behaviour import AGENTS, COUNTED, DOCUMENT_WORDS, VALUES


def classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=COUNTED, values=VALUES, words=DOCUMENT_WORDS)


@pytest.mark.parametrize(
    ("text", "asked", "aside"),
    [
        (
            "could you call me a taxi - and also how many S1 jobs did Harbour log in 2025",
            "how many S1 jobs did Harbour log in 2025",
            "could you call me a taxi",
        ),
        (
            "play some jazz please; how many jobs were pending at Hilltop in March 2026?",
            "how many jobs were pending at Hilltop in March 2026?",
            "play some jazz please",
        ),
        (
            "write me a limerick about ducks and tell me the number of done jobs in 2025",
            "tell me the number of done jobs in 2025",
            "write me a limerick about ducks",
        ),
    ],
)
async def test_an_errand_beside_a_data_question_is_set_aside(text: str, asked: str, aside: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "task" and not decision.out_of_scope, decision
    assert decision.resolved_request == asked and decision.set_aside == [aside], decision


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("yo - how many jobs did olek have in 2025?", "how many jobs did olek have in 2025?"),
        ("Hello again, hope all is good - which site had the most S2 jobs?", "which site had the most S2 jobs?"),
    ],
)
async def test_a_greeting_before_a_data_question_is_passed_over(text: str, asked: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "task" and decision.resolved_request == asked and not decision.set_aside, decision


@pytest.mark.parametrize(
    "text",
    [
        "jobs per site - S1 only",  # a dash inside one request: nothing set aside, nothing dropped
        "sites: Harbour; engineers: marta",  # told as a list: still a statement
        "book a table for four and tell me a joke",  # nothing an agent can do is left
    ],
)
async def test_one_request_or_only_errands_is_not_split(text: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert not decision.set_aside and decision.resolved_request in ("", text), decision


def test_clauses_drop_the_connective_of_a_joined_request() -> None:
    assert clauses("sing me a song, also how many jobs are pending") == ["sing me a song", "how many jobs are pending"]


async def test_the_answer_names_what_was_set_aside() -> None:
    state: dict[str, Any] = {"intent": "question", "answer": "12 jobs.", "set_aside": ["could you call me a taxi"]}
    answer = (await respond(state, None))["answer"]  # type: ignore[arg-type]
    assert answer.startswith("12 jobs.") and '"could you call me a taxi"' in answer
    assert "data" in answer and "documents" in answer


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Last month: how many S1 jobs did Harbour log?", "Last month"),  # a period is part of the request
        ("Since January, what are the 3 sites with the most jobs", "Since January"),
    ],
)
async def test_a_period_before_the_question_is_never_set_aside(text: str, kept: str) -> None:
    decision = await classifier().classify(request=text, history=[])
    assert kept in (decision.resolved_request or text), decision


async def test_a_documents_question_with_a_part_leaning_on_it_is_asked_whole() -> None:
    decision = await classifier().classify(request="Which boiler do we use, and where can I buy it?", history=[])
    assert not decision.set_aside and decision.resolved_request in (
        "",
        "Which boiler do we use, and where can I buy it?",
    )


async def test_a_modifier_after_the_question_is_never_passed_over() -> None:
    decision = await classifier().classify(request="how many jobs per site - excluding the annual checks", history=[])
    assert not decision.set_aside and decision.resolved_request == "", decision


async def test_an_artefact_asked_before_a_dash_is_never_set_aside() -> None:
    decision = await classifier().classify(request="short summary - S1 jobs per site in 2025", history=[])
    assert not decision.set_aside and decision.resolved_request == "", decision
