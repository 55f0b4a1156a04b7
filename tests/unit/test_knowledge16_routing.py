"""Routing between documents and data of round 16 (KB): a rule asked with a preposition before its question word
("above what amount ..."), or reported by someone ("a colleague asked me for how many years ..."), is not read as
rows of the data; a unit first after "how many" counts that unit, not the data's things after it."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_questions import counts_data
from cognicore.orchestrator.data_reading import DataReadingPlanner
from cognicore.subagents.types import Plan, PlanStep
from tests.unit.test_knowledge14_routing import AGENTS, _always, _Fixed, _never

DATA = frozenset({"ticket", "order", "product", "year", "sale"})


def _planner(inner: _Fixed | _Checker | None = None) -> DataReadingPlanner:
    """The routing planner over `inner` (a data step of the request by default): the SQL reader maps nothing and the
    documents always answer."""
    return DataReadingPlanner(
        inner or _Fixed("database_query"), _never, knowledge=frozenset(), data=DATA, documents=_always
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "Below what order value do sales reps need a second signature?",
        "Within how many hours must orders with a missing part be flagged?",
        "A colleague asked me for how many years products keep their spare parts - any idea?",
        "My lead wonders after how many years a product gets retired.",
    ],
)
async def test_a_rule_asked_with_a_preposition_or_reported_goes_to_the_documents(request_text: str) -> None:
    plan = await _planner().plan(request=request_text, agents=AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["rag_query"]


@pytest.mark.parametrize(
    "request_text",
    [
        "orders shipped to the south, all of them",
        "Within which products did orders grow the most?",
        "A colleague asked me how many tickets are still open.",
    ],
)
async def test_rows_and_counts_of_the_data_stay_the_data_s(request_text: str) -> None:
    plan = await _planner().plan(request=request_text, agents=AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["database_query"]


def test_a_unit_after_how_many_counts_that_unit() -> None:
    assert not counts_data("for how many years a product gets updates", DATA)
    assert counts_data("how many open tickets are there", DATA)


class _Checker:
    """The offline planner's rules, as a developer's check agent planned alone."""

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        return Plan(steps=[PlanStep(id="s1", agent="overdue_check", instruction=request)])


_CHECK_AGENTS = [
    {"name": "rag_query", "description": ""},
    {"name": "overdue_check", "description": "Lists the loans that are overdue."},
]


@pytest.mark.parametrize(
    ("request_text", "agent"),
    [
        ("Who follows up on library loans that went overdue?", "rag_query"),
        ("Are overdue loans of rare books escalated to the head librarian or handled at the desk?", "rag_query"),
        ("Which loans are overdue and who is handling them?", "overdue_check"),
        ("any overdue loans escalated today?", "overdue_check"),
    ],
)
async def test_how_a_class_of_items_is_handled_is_a_rule(request_text: str, agent: str) -> None:
    plan = await _planner(_Checker()).plan(request=request_text, agents=_CHECK_AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == [agent]


async def test_how_many_hours_asks_a_rule_not_a_figure() -> None:
    plan = await _planner(_Checker()).plan(
        request="how many hrs do we get to renew a loan?", agents=_CHECK_AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["rag_query"]
