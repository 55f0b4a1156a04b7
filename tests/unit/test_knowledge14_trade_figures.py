"""A figure of the business stays the data's even when the SQL reader cannot map it (review of round 14, fixer FB1):
the route that sends an unmapped data step to the documents (c48bafe) answered "how many bundles did we sell" and
"how much did the Haven Home bundle bring in" with catalogue sentences and a list price. A count or an amount of what
was sold, made, earned, brought in or shipped, or a measure of the business, is never that route's; a rule's value
(who approves, from what amount, within how many days) still is."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_questions import asks_trade_figure
from tests.unit.test_knowledge14_routing import AGENTS, _Fixed, _planner

FIGURES = [
    # the reviewer's wordings
    "How many Haven Home bundles did we sell?",
    "How many bundles did we sell?",
    "How many Haven cameras did retail sell?",
    "How many headphones did Europe sell?",
    "Quick one for the QBR: how many Smart Home bundles did North America sell?",
    "How much did the Haven Home bundle bring in?",
    "How much did the Orbit Fitness Band make after the price cut?",
    # other wordings of the kind
    "What did the Haven Home bundle bring in after launch?",
    "how many Haven Home bundles have we shipped so far",
    "Did we sell more Haven Home bundles than Orbit bundles?",
    "how much money did the Haven Home bundle earn us?",
    "How has the Orbit Fitness Band been selling since the price cut?",
    "hw many bundles did we sell",
    "what's the margin on the Flex USB-C Cable 3-Pack?",
    "how many did we move",
]
RULES = [
    "Who needs to approve a discount of more than 20 percent?",
    "From what order amount is standard shipping free in North America?",
    "How many days does someone have to send back Aurora Studio Headphones they already unboxed?",
    "Do we offer a student discount, and if so how much is it?",
    "How many days of cloud video history come with the Haven doorbell?",
    "By how many minutes can a laptop clock drift before the VPN certificates get refused?",
    "After how many days does an unanswered P4 ticket get closed automatically?",
    "Until what time of day does an order have to come in to ship out the same day?",
    "Do we sell the Vista AR Glasses in Japan?",
    "How much does the Haven Home bundle sell for?",
    "What did the decision log say about bundles sold in Europe?",
    "Did we make a decision on holiday promotions?",
    "Do non-profits get a discount?",
]


@pytest.mark.parametrize("request_text", FIGURES)
def test_a_figure_of_the_business_is_read_as_one(request_text: str) -> None:
    assert asks_trade_figure(request_text)


@pytest.mark.parametrize("request_text", RULES)
def test_a_rule_or_a_value_the_documents_state_is_not(request_text: str) -> None:
    assert not asks_trade_figure(request_text)


@pytest.mark.parametrize("planned", [("database_query",), ("database_query", "rag_query")])
@pytest.mark.parametrize("request_text", FIGURES)
async def test_an_unmapped_figure_keeps_its_data_step(request_text: str, planned: tuple[str, ...]) -> None:
    # the reader maps nothing, the documents always "answer": only the request's shape decides
    plan = await _planner(_Fixed(*planned), reads=False, documents=True).plan(
        request=request_text, agents=AGENTS, feedback=[]
    )
    assert "database_query" in [s.agent for s in plan.steps]


@pytest.mark.parametrize(
    "request_text",
    [
        "Who needs to approve a discount of more than 20 percent?",
        "From what order amount is standard shipping free in North America?",
        "Within how many hours must a partner order be confirmed?",
    ],
)
async def test_a_rule_still_goes_to_the_documents(request_text: str) -> None:
    plan = await _planner(_Fixed("database_query"), reads=False, documents=True).plan(
        request=request_text, agents=AGENTS, feedback=[]
    )
    assert [s.agent for s in plan.steps] == ["rag_query"]
