"""A saved workflow whose step quotes an earlier request word for word is not replayed for another request
(issue 9.1, engineer S7): every later data question of a user once got the answer of the first one whose data
clause the generaliser could not cut out ("in APAC, how many units per order on average in 2025?")."""

from __future__ import annotations

from cognicore.orchestrator.planning import task_features
from cognicore.orchestrator.reuse import OfflineAdapter, OfflineGeneraliser, fill
from cognicore.subagents.types import Plan, PlanStep


async def test_a_fixed_step_is_replayed_only_for_a_request_that_says_its_words() -> None:
    first = "in APAC, how many units per order on average in 2025?"
    # The planner's data clause (without the "?") is neither the request nor the generaliser's own data clause.
    plan = Plan(steps=[PlanStep(id="s1", agent="database_query", instruction=first.rstrip("?"))])
    template = (await OfflineGeneraliser().generalise(request=first, plan=plan)).model_dump()
    adapter = OfflineAdapter()
    later = "average unit cost of the Vista AR glasses?"
    other = await adapter.adapt(request=later, trigger="", features=task_features(first), template=template)
    assert not other.applicable, other
    same = await adapter.adapt(request=first, trigger="", features=task_features(first), template=template)
    assert same.applicable, same
    assert [s.instruction for s in fill(template, same.parameters).steps] == [first.rstrip("?")]


async def test_a_template_with_placeholders_still_adapts() -> None:
    template = {"steps": [{"id": "s1", "agent": "database_query", "instruction": "{request}", "depends_on": []}]}
    request = "total revenue by region in 2025"
    got = await OfflineAdapter().adapt(request=request, trigger="", features=task_features(request), template=template)
    assert got.applicable and got.parameters["request"] == request


async def test_a_fixed_step_is_not_replayed_for_a_request_that_adds_a_value() -> None:
    """ "how many tickets does ana have open" says every word of "how many open tickets are there" and adds ana: the
    replay would drop her and answer every open ticket, confidently."""
    first = "How many open tickets are there?"
    plan = Plan(steps=[PlanStep(id="s1", agent="database_query", instruction=first.rstrip("?"))])
    template = (await OfflineGeneraliser().generalise(request=first, plan=plan)).model_dump()
    assert "{" not in template["steps"][0]["instruction"]  # the planner's clause, fixed: not cut out as a parameter
    later = "how many tickets does ana have open"
    got = await OfflineAdapter().adapt(request=later, trigger="", features=task_features(later), template=template)
    assert not got.applicable, got
