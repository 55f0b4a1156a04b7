"""Round 17 (engineer D14, issue 9): a figure question is a data question only when it names the data; a word that
several of the data's values share (a brand, the company's own name) names none of them, so "how much did <it>
raise" goes to the documents, while "how much did <it> make" (a verb of trade) stays a data question."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.intent import OfflineClassifier
from tests.unit.test_scope_behaviour import AGENTS, COUNTED

VALUES = {
    "Zephyr Kettle": "shop.products.name",
    "Zephyr Toaster": "shop.products.name",
    "Dune Lamp": "shop.products.name",
}
VALUES |= {"north": "shop.orders.area", "south": "shop.orders.area"}


def _classifier() -> OfflineClassifier:
    return OfflineClassifier(agents=AGENTS, entities=list(VALUES), counted=[*COUNTED, "orders"], values=VALUES)


@pytest.mark.parametrize(
    "request_text",
    ["How much did Zephyr raise in its seed round?", "how much did zephyr borrow from the bank in 2019?"],
)
async def test_a_word_of_several_values_without_a_trade_verb_is_no_data_question(request_text: str) -> None:
    decision = await _classifier().classify(request=request_text, history=[])
    assert decision.intent == "question", decision


@pytest.mark.parametrize(
    "request_text",
    ["how much did Zephyr make in 2025?", "How much did the Zephyr Kettle raise in the north?"],
)
async def test_a_trade_verb_or_a_whole_value_keeps_it_a_data_question(request_text: str) -> None:
    decision = await _classifier().classify(request=request_text, history=[])
    assert decision.intent == "task", decision


_TOOL = {
    "name": "breach_check",
    "description": "Checks pending jobs against the response time of their severity and lists the breaches escalated.",
    "input_hint": "",
}


@pytest.mark.parametrize(
    "request_text",
    ["Which jobs get escalated straight away when they breach?", "what happens to S1 jobs if they breach twice?"],
)
async def test_a_rule_for_rows_said_again_by_they_is_a_question_not_the_tool(request_text: str) -> None:
    # the condition says "they" of the rows of a kind: the rule the documents state, not a run of the checking tool
    tools = OfflineClassifier([_TOOL], agents=[*AGENTS, _TOOL], entities=list(VALUES), counted=COUNTED, values=VALUES)
    decision = await tools.classify(request=request_text, history=[])
    assert decision.intent == "question", decision
