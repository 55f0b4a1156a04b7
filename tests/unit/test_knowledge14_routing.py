"""Routing between documents and data (round 14, K11): a data step the SQL reader does not map goes to the documents
when they answer the request with confidence; a mapped step, a count of the data's rows, or a request the documents
leave unsure stays the data's."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import DataReadingPlanner
from cognicore.subagents.types import Plan, PlanStep

AGENTS = [{"name": n, "description": ""} for n in ("rag_query", "database_query")]


class _Fixed:
    """The offline planner's rules, as a fixed plan of the given agents."""

    def __init__(self, *agents: str) -> None:
        self._agents = agents

    async def plan(self, *, request: str, agents: list[dict[str, str]], feedback: list[str], memory: str = "") -> Plan:
        return Plan(steps=[PlanStep(id=f"s{i}", agent=a, instruction=request) for i, a in enumerate(self._agents, 1)])


async def _never(request: str) -> bool:
    return False


async def _always(request: str) -> bool:
    return True


def _planner(inner: _Fixed, *, reads: bool, documents: bool) -> DataReadingPlanner:
    return DataReadingPlanner(
        inner,
        _always if reads else _never,
        knowledge=frozenset(),
        data=frozenset({"ticket", "order"}),
        documents=_always if documents else _never,
    )


@pytest.mark.parametrize(
    ("request_text", "planned"),
    [
        ("Who has to sign off a markdown deeper than a quarter of the price?", ("database_query",)),
        ("Up to what basket value do buyers in the south pay for postage?", ("database_query", "rag_query")),
    ],
)
async def test_an_unread_data_step_goes_to_the_documents_that_answer_it(
    request_text: str, planned: tuple[str, ...]
) -> None:
    plan = await _planner(_Fixed(*planned), reads=False, documents=True).plan(
        request=request_text, agents=AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["rag_query"]


@pytest.mark.parametrize(
    ("request_text", "reads", "documents"),
    [
        ("the markdown of the bundle lines", True, True),  # the data reader maps it
        ("what's the markdown mix of the bundle lines", False, False),  # the documents do not answer it either
        ("how many orders had a markdown above a quarter", False, True),  # a count of the data's rows
        ("total markdown per area lead for last quarter", False, True),  # a figure over the rows
        ("average markdown granted in March", False, True),
        ("which orders are still waiting for a markdown sign-off?", False, True),  # the rows themselves
        ("what percentage of our tickets got a reply in time", False, True),
        ("orders still waiting for somebody to approve their markdown", False, True),
        ("remind me, which ticket am I chasing these days?", False, True),  # one of the data's things asked for
        ("Which order was I meant to look into?", False, True),
    ],
)
async def test_a_data_step_stays_when_read_unanswered_or_counted(
    request_text: str, reads: bool, documents: bool
) -> None:
    plan = await _planner(_Fixed("database_query"), reads=reads, documents=documents).plan(
        request=request_text, agents=AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["database_query"]


async def test_a_plan_with_another_agent_is_kept() -> None:
    inner = _Fixed("database_query", "report_generation")
    plan = await _planner(inner, reads=False, documents=True).plan(
        request="write up the markdown rules for the partner orders", agents=AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["database_query", "report_generation"]
