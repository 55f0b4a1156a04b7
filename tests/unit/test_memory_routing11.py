"""Memory against data, round 11 (issue 9.4): several questions about the user, and what a person the user told
about does, are asked of memory when recalled facts answer every part; the data keeps the rest. Our own wordings."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.orchestrator.intent import IntentDecision
from cognicore.orchestrator.memory_routing import asks_figure, route_by_memory
from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_answer import NOT_SURE

TASK = IntentDecision(intent="task", reason="planned on the data", confidence=0.75)


def _recalled(*statements: str) -> dict[str, Any]:
    facts = [
        {"id": i, "text": s, "statement": s, "object": None, "kind": "fact", "category": "work", "status": "active",
         "since": "2031-03-17 09:00", "until": None, "sources": []}
        for i, s in enumerate(statements, 1)
    ]  # fmt: skip
    return {"categories": [], "facts": facts, "episodes": []}


ROLE = ("The user is a senior account executive.", "The user reports to Priya.")


@pytest.mark.parametrize(
    ("question", "recalled"),
    [
        ("whats my role and who do i report to", _recalled(*ROLE)),
        ("who's my manager, and what is my job title?", _recalled("The user's manager is Priya.", ROLE[0])),
        ("what does ana handle", _recalled("Ana handles the Payroll app tickets.")),
        ("which accounts does Tomasz look after", _recalled("Tomasz looks after the Contoso account.")),
    ],
)
def test_questions_memory_answers_in_full_are_asked_of_memory(question: str, recalled: dict[str, Any]) -> None:
    assert route_by_memory(question, TASK, recalled).intent == "question"


@pytest.mark.parametrize(
    ("question", "recalled"),
    [
        # One part memory does not hold: the data may answer it.
        ("what's my role and what did we sell in europe", _recalled(*ROLE)),
        # A person the memory has no fact of (the data's assignee), or a figure about them.
        ("what does ben handle", _recalled("Ana handles the Payroll app tickets.")),
        ("how many tickets does ana handle", _recalled("Ana handles the Payroll app tickets.")),
        ("what does ana have open", _recalled("Ana handles the Payroll app tickets.")),
    ],
)
def test_the_rest_stays_with_the_data(question: str, recalled: dict[str, Any]) -> None:
    assert route_by_memory(question, TASK, recalled).intent == "task"


def test_reporting_to_someone_is_no_report() -> None:
    assert not asks_figure("who do i report to") and not asks_figure("who reports into Ben")
    assert asks_figure("show me a report of open tickets")


async def test_several_questions_are_each_answered_by_their_own_fact() -> None:
    passages = [
        {"index": i, "title": "Memory: work (fact)", "source": f"memory:fact:{i}", "content": s, "statement": s,
         "status": "active", "since": "2031-03-17 09:00", "since_exact": "2031-03-17T09:00:00+00:00", "sources": []}
        for i, s in enumerate(("The user is a senior account executive.", "The user's manager is Priya."), 1)
    ]  # fmt: skip
    answer = await OfflineAnswerComposer().compose(
        question="whats my role and who do i report to", passages=passages, history=""
    )
    assert sorted(answer.used) == [1, 2] and "Priya" in answer.text and "account executive" in answer.text


async def test_a_part_memory_holds_nothing_on_is_said_and_the_answer_is_unsure() -> None:
    passages = [
        {"index": 1, "title": "Memory: work (fact)", "source": "memory:fact:1", "content": "x", "status": "active",
         "statement": "The user works as a second-line engineer.", "since": "2031-03-17 09:00", "sources": []}
    ]  # fmt: skip
    composer = OfflineAnswerComposer()
    answer = await composer.compose(question="whats my role and where do i sit", passages=passages, history="")
    assert "second-line engineer" in answer.text and 'nothing I can find on "where do i sit"' in answer.text
    assert NOT_SURE in answer.text
    answer = await composer.compose(question="remind me, what's my role", passages=passages, history="")
    assert NOT_SURE not in answer.text and answer.used == [1], answer.text  # "remind me" asks nothing apart
