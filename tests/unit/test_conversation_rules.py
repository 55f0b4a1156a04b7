"""Offline conversation rules (issue 9 points 2 and 3): language, follow-ups, statements, scope, confidence.

The wordings are this file's own; the held-out sets are for measuring only.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import BaseMessage
from rich.console import Console

from cognicore.memory.text import stem
from cognicore.orchestrator.followup import Change, followup_change, previous_request, resolve
from cognicore.orchestrator.honesty import capabilities, out_of_scope, unclear
from cognicore.orchestrator.intent import CONFIDENCE_BAR, IntentDecision, LlmClassifier, OfflineClassifier
from cognicore.orchestrator.language import ENGLISH, detect_language
from cognicore.orchestrator.planning import OfflinePlanner, counts_data
from cognicore.progress import LiveProgress
from cognicore.subagents.errors import Unsure
from tests.fakes import routed

AGENTS = [
    {"name": "ledger_query", "description": "Reads invoices and payments from the finance ledger.", "input_hint": "a"},
    {"name": "doc_search", "description": "Searches the handbook documents and cites them.", "input_hint": "a topic"},
]
ENTITIES = ["Nordic", "Iberia", "Benelux", "Consulting", "Licences"]
HISTORY = [
    {"speaker": "user", "content": "Invoice total by service line in Iberia for 2024"},
    {"speaker": "assistant", "content": "..."},
]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Welche Rechnungen sind noch offen und wer hat sie gestellt?", "German"),
        ("¿Cuáles son las facturas pendientes de este año?", "Spanish"),
        ("Quelles sont les factures impayées de notre client?", "French"),
        ("Quali sono le fatture non pagate del mese scorso?", "Italian"),
        ("Welke facturen zijn nog niet betaald door de klant?", "Dutch"),
        ("Какие счета ещё не оплачены?", "the Cyrillic script"),
        ("Which invoices are still unpaid in Iberia?", ENGLISH),
        ("Compare Consulting in Nordic vs Benelux", ENGLISH),
        ("Invoices per month for El Corte Ingles", ENGLISH),
    ],
)
def test_language_detection_by_function_words(text: str, language: str) -> None:
    assert detect_language(text) == language


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("Now do the same for Nordic", Change("for", "Nordic")),
        ("and per quarter instead?", Change("per", "quarter")),
        ("How about the previous year?", Change("", "the previous year")),
        ("same thing but for Licences please", Change("for", "Licences")),
        ("and the same breakdown for Benelux?", Change("for", "Benelux")),
        ("Which invoices are unpaid?", None),
        ("For the audit, list every invoice over 10k from 2024", None),
        ("What about you tell me the totals", None),
    ],
)
def test_follow_up_shapes(request_text: str, expected: Change | None) -> None:
    assert followup_change(request_text) == expected


@pytest.mark.parametrize(
    ("follow_up", "resolved"),
    [
        ("Now do the same for Nordic", "Invoice total by service line in Nordic for 2024"),
        ("what about 2023?", "Invoice total by service line in Iberia for 2023"),
        ("and by customer instead?", "Invoice total by customer in Iberia for 2024"),
        ("how about the last quarter", "Invoice total by service line in Iberia for the last quarter"),
    ],
)
def test_follow_ups_replace_the_parameter_of_the_same_kind(follow_up: str, resolved: str) -> None:
    change = followup_change(follow_up)
    assert change is not None
    out = resolve(HISTORY[0]["content"], change, ENTITIES)
    assert out is not None and out[0] == resolved and out[1] >= CONFIDENCE_BAR


def test_a_follow_up_with_nothing_to_replace_is_added_or_left_alone() -> None:
    added = resolve("Invoice count", Change("for", "Benelux"), ENTITIES)
    assert added == ("Invoice count for Benelux", 0.7)
    assert resolve("Invoice count", Change("", "the new onboarding rules"), ENTITIES) is None
    assert previous_request([]) is None and previous_request(HISTORY) == HISTORY[0]["content"]


def _classifier() -> OfflineClassifier:
    return OfflineClassifier(AGENTS, agents=AGENTS, entities=ENTITIES)


async def _classify(text: str, history: list[dict[str, str]] | None = None) -> IntentDecision:
    return await _classifier().classify(request=text, history=history or [])


@pytest.mark.parametrize(
    "text",
    ["I switched to oat milk last month", "Our hiring freeze ends in March", "We moved the offsite to Lisbon"],
)
async def test_statements_tell_and_are_never_tasks(text: str) -> None:
    decision = await _classify(text)
    assert decision.intent == "statement" and decision.sure


@pytest.mark.parametrize("text", ["Rent me a car at the airport", "Water the plants", "Post this on our social page"])
async def test_actions_nothing_in_the_deployment_does_are_out_of_scope(text: str) -> None:
    decision = await _classify(text)
    assert decision.out_of_scope, decision


@pytest.mark.parametrize(
    "text",
    [
        "Search the handbook for the travel rules",
        "Read me the ledger payments",
        "Serach the handbook for the travel rules",  # a typo of a known word is not an unknown action
        "whats the state of the Iberia account",  # a question typed without its apostrophe
    ],
)
async def test_actions_an_agent_describes_are_in_scope(text: str) -> None:
    assert not (await _classify(text)).out_of_scope


async def test_foreign_language_and_orphan_follow_ups_are_below_the_bar() -> None:
    foreign = await _classify("Zeig mir alle offenen Rechnungen von diesem Jahr")
    assert foreign.language == "German" and not foreign.sure
    orphan = await _classify("what about 2023?")
    assert not orphan.sure and "no earlier request" in orphan.reason
    followed = await _classify("what about 2023?", HISTORY)
    assert followed.resolved_request.endswith("for 2023") and followed.sure


def test_the_refusal_lists_what_the_agents_do() -> None:
    text = out_of_scope("Rent me a car", AGENTS, reason="asks to rent something")
    assert text.startswith('I cannot do "Rent me a car"')
    assert "ledger_query (Reads invoices and payments from the finance ledger)" in text
    assert "knowledge base" in capabilities([])


async def test_the_offline_planner_is_unsure_of_a_task_that_names_nothing_an_agent_does() -> None:
    with pytest.raises(Unsure, match="could not match it"):
        await OfflinePlanner().plan(request="Optimise it", agents=AGENTS, feedback=[])


def test_progress_shows_a_follow_up_and_a_declined_request() -> None:
    console = Console(record=True, width=200)
    progress = LiveProgress(console)
    progress({"event": "followup", "request": "Invoice total by service line in Nordic for 2024"})
    progress({"event": "declined", "outcome": "refused", "reason": "asks to rent something"})
    text = console.export_text()
    assert "read as: Invoice total by service line in Nordic for 2024" in text
    assert "not run (refused): asks to rent something" in text


# --- the same contract for the offline and the LLM classifier ------------------------------------------

PREVIOUS = "Invoice total by service line in Iberia for 2024"
CONTRACT = {
    "what about 2023?": {"resolved_request": "Invoice total by service line in Iberia for 2023", "intent": "task"},
    "Rent me a car at the airport": {"out_of_scope": True, "intent": "task"},
    "I switched to oat milk last month": {"intent": "statement"},
}


def _llm_classifier() -> LlmClassifier:
    def decide(messages: list[BaseMessage]) -> dict[str, object]:
        human = str(messages[-1].content)
        assert PREVIOUS in human, "the model sees the session's previous request"
        asked = human.rsplit("Request: ", 1)[1]
        return {"reason": f"read {asked!r}", "confidence": 0.9, **CONTRACT[asked]}

    return LlmClassifier(routed(IntentDecision=[decide] * 10), agents=AGENTS)


@pytest.mark.parametrize("engine", ["offline", "llm"])
@pytest.mark.parametrize(("text", "expected"), list(CONTRACT.items()))
async def test_classify_contract_follow_ups_scope_and_statements(engine: str, text: str, expected: dict) -> None:  # type: ignore[type-arg]
    role = _classifier() if engine == "offline" else _llm_classifier()
    decision = await role.classify(request=text, history=HISTORY)
    assert decision.sure and decision.model_dump(include=set(expected)) == expected


# --- counting what the schema's tables hold ------------------------------------------------------------

TABLE_WORDS = ["invoices", "payments", "customers"]


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("How many unpaid invoices are there in Iberia?", True),
        ("how many P2 payments bounced", True),
        ("Give me the number of customers per service line", True),
        ("How many days do customers have to pay an invoice?", False),  # it counts days
        ("What is an invoice?", False),
    ],
)
async def test_how_many_of_a_table_is_a_data_task(text: str, counts: bool) -> None:
    assert counts_data(text, frozenset(stem(w) for w in TABLE_WORDS)) is counts
    decision = await OfflineClassifier(agents=AGENTS, entities=ENTITIES, counted=TABLE_WORDS).classify(
        request=text, history=[]
    )
    assert (decision.intent == "task") is counts, decision
    if counts:
        plan = await OfflinePlanner(counted=TABLE_WORDS).plan(
            request=text, agents=[{"name": "database_query", "description": "SQL", "input_hint": ""}], feedback=[]
        )
        assert [s.agent for s in plan.steps] == ["database_query"]


def test_an_unclear_answer_always_says_what_was_missing() -> None:
    assert (
        unclear("redo the thing", "")
        == 'I am not sure what "redo the thing" asks for: I could not tell which data, document or agent it needs.'
    )
    assert unclear("x?", "no earlier request.").endswith(": no earlier request.")
