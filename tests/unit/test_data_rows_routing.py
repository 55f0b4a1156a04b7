"""Requests for a data's rows named only by its values (issue 9.1, engineer S3): the offline classifier and
planner send them to the database, by the schema's words and values, never by a domain word list."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.planning import DataWords, OfflinePlanner, asks_rows

COUNTED = ["tickets", "ticket_id", "title", "component", "priority", "status", "opened_at", "assignee"]
VALUES = ["VPN", "Email", "Printer", "Payroll app", "P1", "P2", "open", "in_progress", "closed", "ana", "ben"]
DATA = DataWords.of(COUNTED, VALUES)
AGENTS = [
    {"name": "database_query", "description": "Answers questions over the database.", "input_hint": ""},
    {"name": "rag_query", "description": "Answers from the documents.", "input_hint": ""},
]


@pytest.mark.parametrize(
    "request_",
    [
        "list the p1s",  # a value in the plural, no table word
        "who handles the most P1s",
        "is anything still unassigned",  # an empty column
        "what portion of all tickets are p1",
        "what fraction of ben's tickets are closed",
        "How are the incidents distributed across the assignees?",
        "ana's open tickets",  # nothing but the data's rows and values
        "what's open on the vpn",  # "open" is a status here, not the word of the `opened_at` column (S4)
        "tickets that mention access denied",  # a phrase searched in the rows' text (S4)
        "open tickets that no one is assigned to",  # nobody: the empty assignee (S4)
        "anything about the printer",  # "anything" and a value (S4)
        "what's in progress for ben",  # "in_progress" written with a space (S4)
        "tickets opened on the 7th of january",  # a day without a year (S4)
    ],
)
def test_rows_named_by_values_ask_the_database(request_: str) -> None:
    assert asks_rows(request_, DATA, VALUES) is not None


@pytest.mark.parametrize(
    "request_",
    [
        "the VPN tickets keep failing",  # words the data does not hold: maybe a runbook's matter
        "Ben is working on the VPN tickets today",  # news, not a request
        "what do the P1 tickets require",
        "ben's laptop is unassigned now",  # told, not asked
    ],
)
def test_other_sentences_naming_values_do_not(request_: str) -> None:
    assert asks_rows(request_, DATA, VALUES) is None


async def test_the_offline_planner_plans_the_database_for_them() -> None:
    planner = OfflinePlanner(counted=COUNTED, values=VALUES)
    plan = await planner.plan(request="list the p1s", agents=AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["database_query"]


@pytest.mark.parametrize(
    "request_",
    ["do we have any p1s open", "any unassigned p1 tickets", "what's open on the vpn", "quick one: how many p2s"],
)
def test_questions_naming_two_values_or_counting_one_ask_the_database(request_: str) -> None:
    assert asks_rows(request_, DATA, VALUES) is not None


def test_a_procedure_naming_two_values_is_for_the_documents() -> None:
    assert asks_rows("What should I do when the VPN and email both fail?", DATA, VALUES) is None


def test_how_many_of_something_else_is_not_a_count_of_the_value() -> None:
    assert asks_rows("Within how many hours must a P2 get a first response?", DATA, VALUES) is None


def test_a_bare_phrase_without_rows_in_the_plural_is_not_a_listing() -> None:
    data = DataWords.of(["products", "unit_price", "name"], ["Pulse Mini Speaker"])
    assert asks_rows("price of the pulse mini speaker?", data, ["Pulse Mini Speaker"]) is None
