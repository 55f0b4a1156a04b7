"""The offline classifier declines requests to change data before any agent (issue 8.6 / 9.2), not reads."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.honesty import data_change
from cognicore.orchestrator.intent import OfflineClassifier

AGENTS = [{"name": "database_query", "description": "Answers questions about the tickets by running read-only SQL"}]
VALUES = {
    "chloe": "assignee",
    "ben": "assignee",
    "P1": "priority",
    "P4": "priority",
    "open": "status",
    "VPN": "component",
}


def classifier() -> OfflineClassifier:
    counted = ["tickets", "ticket_id", "assignee", "priority", "status", "component", "opened_at"]
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=counted, values=VALUES)


@pytest.mark.parametrize(
    ("request_text", "verb"),
    [
        ("unassign chloe from all her tickets", "unassign"),  # not read as a misspelt "assignee"
        ("close every P4 ticket that's still open", "close"),
        ("the two VPN tickets are duplicates, delete one of them", "delete"),  # not a statement
        ("can u set INC-1010 to closed", "set"),
        ("pls get rid of the open P4 tickets", "get rid of"),
        ("we don't need the status column anymore, drop it", "drop"),  # "we", but an order, not news
        ("duplicate ticket INC-1004 for tomorrow", "duplicate"),
    ],
)
async def test_a_change_to_the_data_is_declined_before_any_agent(request_text: str, verb: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert decision.changes_data and decision.intent == "task", decision
    assert decision.reason.startswith(f"asks to change data ({verb})")


@pytest.mark.parametrize(
    "request_text",
    [
        "how many tickets did chloe close",
        "add up the open tickets per priority",
        "tickets updated this week",
        "show updates on the VPN tickets since Monday",
        "change in P1 tickets between january and february",
    ],
)
async def test_a_read_with_a_change_word_is_not_declined(request_text: str) -> None:
    decision = await classifier().classify(request=request_text, history=[])
    assert not decision.changes_data, decision


async def test_a_change_told_in_the_first_person_is_left_to_the_statement_rules() -> None:
    decision = await classifier().classify(request="I changed my mind, I prefer VPN tickets first", history=[])
    assert not decision.changes_data, decision


def test_the_refusal_says_why_what_to_ask_instead_and_what_the_agents_do() -> None:
    agents = [{"name": "database_query", "description": "Answers questions about the tickets. More."}]
    reason = "asks to change data (set); to see the rows it would affect, ask: 'show INC-1010'"
    text = data_change("can u set INC-1010 to closed", agents, reason=reason)
    assert text.startswith('I cannot do "can u set INC-1010 to closed": it asks to change stored data (set),')
    assert "only reads data" in text and "Nothing was run or changed; to see the rows it would affect" in text
    assert "'show INC-1010'" in text and "knowledge base documents" in text and "database_query" in text
