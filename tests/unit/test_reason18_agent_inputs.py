"""Routing check of round 18 (GR): a developer's checking agent runs only when the request hands it a set of the
data's items; a request describing one unnamed item ("our P2 ticket", "a loan") asks the rule for that case, which
the documents state."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.agent_inputs import describes_one_case
from cognicore.orchestrator.data_reading import DataReadingPlanner
from cognicore.subagents.errors import Unsure
from cognicore.subagents.types import Plan, PlanStep
from tests.unit.test_knowledge14_routing import _always, _never

ITEMS = frozenset({"ticket", "loan", "priority", "status"})
_AGENTS = [
    {"name": "rag_query", "description": ""},
    {"name": "database_query", "description": ""},
    {"name": "overdue_check", "description": "Checks open items against their time limit and lists the late ones."},
]


class _Checker:
    """The offline planner's rules, as the developer's check agent planned alone."""

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        return Plan(steps=[PlanStep(id="s1", agent="overdue_check", instruction=request)])


def _planner() -> DataReadingPlanner:
    return DataReadingPlanner(_Checker(), _never, knowledge=frozenset(), data=ITEMS, documents=_always)


@pytest.mark.parametrize(
    "request_text",
    [
        "Our P2 ticket has sat unanswered for five hours - are we in breach yet?",
        "If a P4 goes three days without a reply, does anyone get paged?",
        "My loan is nine days late now. Do I owe a fine already?",
    ],
)
async def test_one_unnamed_case_asks_the_rule(request_text: str) -> None:
    assert describes_one_case(request_text, ITEMS)
    plan = await _planner().plan(request=request_text, agents=_AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["rag_query"]


@pytest.mark.parametrize(
    "request_text",
    [
        "Are any P2s overdue at the moment?",
        "Which unassigned tickets have run past their limit?",
        "Is LN-2291 past its due date?",
        "Write a note for the branch head listing every loan that is late.",
    ],
)
async def test_a_set_of_items_stays_the_agent_s(request_text: str) -> None:
    assert not describes_one_case(request_text, ITEMS)
    plan = await _planner().plan(request=request_text, agents=_AGENTS, feedback=[])
    assert [s.agent for s in plan.steps] == ["overdue_check"]


async def test_without_the_knowledge_agent_the_agent_keeps_its_step() -> None:
    agents = [a for a in _AGENTS if a["name"] != "rag_query"]
    plan = await _planner().plan(request="Our P2 ticket has waited five hours, a breach?", agents=agents, feedback=[])
    assert [s.agent for s in plan.steps] == ["overdue_check"]


_VALUES = {"open": "status", "returned": "status", "lost": "status", "adult": "section", "children": "section"}
_LOANS = [
    {"name": "rag_query", "description": ""},
    {"name": "overdue_check", "description": "Checks open loans against their due date and lists the late ones."},
]


def _scoped() -> DataReadingPlanner:
    return DataReadingPlanner(_Checker(), _never, knowledge=frozenset(), data=ITEMS, documents=_always, values=_VALUES)


@pytest.mark.parametrize(
    "request_text",
    ["How many loans were returned on time last week?", "Which lost loans went past their due date?"],
)
async def test_items_outside_the_agent_s_declared_values_are_unsure(request_text: str) -> None:
    with pytest.raises(Unsure, match="overdue_check"):
        await _scoped().plan(request=request_text, agents=_LOANS, feedback=[])


@pytest.mark.parametrize(
    "request_text",
    [
        "Which loans that aren't returned yet are late?",
        "Any open children's loans past their due date?",
        "Which adult section loans are late right now?",
    ],
)
async def test_items_inside_the_declared_values_stay_the_agent_s(request_text: str) -> None:
    plan = await _scoped().plan(request=request_text, agents=_LOANS, feedback=[])
    assert [s.agent for s in plan.steps] == ["overdue_check"]
