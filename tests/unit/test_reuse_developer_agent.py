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


async def test_a_question_for_a_person_does_not_reuse_a_workflow_that_listed_rows() -> None:
    data = DataWords.of(["tickets", "status", "assignee"], ["open", "closed", "chloe"])
    adapter = OfflineAdapter(tools=[SLA], data=data)
    trigger = "Which unresolved P1 tickets have been open longer than their SLA?"
    for request in ("If a P2 ticket blows its SLA, who gets told?", "where do SLA breaches of P1 tickets go?"):
        got = await adapter.adapt(request=request, trigger=trigger, features=task_features(request), template=TEMPLATE)
        assert not got.applicable and "instead" in got.reason, got
    same = "which open P2 tickets are over their SLA?"
    got = await adapter.adapt(request=same, trigger=trigger, features=task_features(same), template=TEMPLATE)
    assert got.applicable, got
