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
