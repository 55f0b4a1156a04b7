"""Routing between the SQL step, the knowledge agent and a developer's checker (review of round 12): a question of who
acts or what follows when a limit is passed asks the rule; a request naming no limit passed keeps its data step; the
state of the data's items is no rule to quote."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cognicore.orchestrator.data_reading import DataReadingClassifier, DataReadingPlanner
from cognicore.orchestrator.intent_decision import IntentDecision
from tests.unit.test_knowledge12_routing import AGENTS, _ChecksFirst


async def _never_read(request: str) -> bool:
    return False


async def _plan(request: str) -> list[str]:
    planner = DataReadingPlanner(_ChecksFirst(), _never_read, knowledge=frozenset())
    return [s.agent for s in (await planner.plan(request=request, agents=AGENTS, feedback=[])).steps]


@pytest.mark.parametrize(
    "request_text",
    [
        "who gets told when a P2 ticket goes past its time?",
        "who is notified when a P1 ticket goes past its SLA?",
        "who handles it when a P1 goes over its response time?",
        "what do we do once a P3 ticket is past its deadline",
        "If a P4 runs past its SLA, who reviews it?",
    ],
)
async def test_who_acts_when_a_limit_is_passed_is_a_rule(request_text: str) -> None:
    assert await _plan(request_text) == ["rag_query"]


@pytest.mark.parametrize(
    "request_text",
    [
        "which of the open tickets have blown through their SLA",
        "Any tickets still not closed that went past their SLA deadline?",
        "which tickets went past their SLA when ana was away",
    ],
)
async def test_a_check_still_reaches_the_checker_alone(request_text: str) -> None:
    assert await _plan(request_text) == ["sla_check"]


@pytest.mark.parametrize("request_text", ["list the open tickets", "list every ticket that is still open"])
async def test_a_request_naming_no_limit_passed_keeps_its_data_step(request_text: str) -> None:
    assert "database_query" in await _plan(request_text)


async def test_a_rule_asked_with_what_is_keeps_its_data_step() -> None:
    assert await _plan("What's the target resolution time for P3 tickets?") != ["sla_check"]


class _Knowledge:
    async def classify(
        self, *, request: str, history: list[dict[str, str]], memory: str = "", told: Sequence[str] = ()
    ) -> IntentDecision:
        return IntentDecision(intent="question", reason="answerable from the knowledge base", confidence=0.8)


async def _classify(request: str) -> IntentDecision:
    classifier = DataReadingClassifier(_Knowledge(), _never_read, knowledge=frozenset(), data=frozenset({"ticket"}))
    return await classifier.classify(request=request, history=[])


@pytest.mark.parametrize(
    "request_text",
    [
        "what's the SLA status of the P2 tickets?",
        "what is the state of the open tickets",
        "SLA standing for P1 tickets",
    ],
)
async def test_the_state_of_the_datas_items_is_no_rule_to_quote(request_text: str) -> None:
    assert not (await _classify(request_text)).sure


@pytest.mark.parametrize(
    "request_text", ["what's the SLA for P2 tickets?", "what's the status of my laptop", "what's the sla on a p1"]
)
async def test_a_rule_or_the_users_own_state_stays_a_question(request_text: str) -> None:
    decision = await _classify(request_text)
    assert decision.sure and decision.intent == "question"


@pytest.mark.parametrize(
    "request_text",
    [
        "who hasn't been handed any P2 tickets?",
        "who is not looking after any VPN tickets",
        "does chloe hold more tickets than the others?",
    ],
)
async def test_people_holding_the_datas_items_is_no_rule_to_quote(request_text: str) -> None:
    assert not (await _classify(request_text)).sure


@pytest.mark.parametrize(
    "request_text", ["who isn't allowed to reopen a ticket?", "does a P1 get more staff than a P2?"]
)
async def test_a_rule_about_people_and_items_stays_a_question(request_text: str) -> None:
    decision = await _classify(request_text)
    assert decision.sure and decision.intent == "question"
