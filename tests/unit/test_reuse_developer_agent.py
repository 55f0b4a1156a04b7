"""A saved workflow that runs a developer's agent is reused only for a request that asks for that agent's work."""

from __future__ import annotations

from cognicore.orchestrator.data_questions import DataWords
from cognicore.orchestrator.planning import task_features
from cognicore.orchestrator.reuse import OfflineAdapter

SLA = {"name": "sla_check", "description": "Checks open support tickets against the SLA response time, lists breaches."}
TEMPLATE = {"steps": [{"id": "s1", "agent": "sla_check", "instruction": "{request}", "depends_on": []}]}


async def _adapt(request: str) -> bool:
    data = DataWords.of(["tickets", "status", "assignee"], ["open", "closed", "chloe"])  # the support desk's
    adapter = OfflineAdapter(tools=[SLA], data=data)
    got = await adapter.adapt(request=request, trigger="", features=task_features(request), template=TEMPLATE)
    return got.applicable


async def test_a_listing_does_not_reuse_the_agents_workflow() -> None:
    assert not await _adapt("list the open tickets")
    assert not await _adapt("show me chloe's tickets")


async def test_a_request_for_the_agents_work_still_reuses_it() -> None:
    assert await _adapt("which open tickets breach their SLA")
    assert await _adapt("any SLA breaches among the open tickets?")
