"""Definitions and ways of computing stay with the documents (issue 9.1, engineer S7): "what counts as a partner
sale" and "how is net revenue calculated" were read as data (the partner channel's revenue, the total revenue),
confident wrong answers; a figure asked in the same words ("how is revenue split by region") is still data."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import DataReadingClassifier, may_be_data
from cognicore.orchestrator.planning import GENERIC
from tests.unit.test_data_reading import classifier, desk_writer


@pytest.mark.parametrize(
    "request_text",
    [
        "what counts as a partner sale?",
        "what qualifies as an enterprise customer",
        "what is considered a breach",
        "How is net revenue calculated on an order line?",
        "how are ticket ages worked out",
        "how do we compute margin",
    ],
)
def test_a_definition_or_a_way_of_computing_is_not_data(request_text: str) -> None:
    assert not may_be_data(request_text, GENERIC.knowledge)


@pytest.mark.parametrize(
    "request_text",
    ["how is revenue split by region", "how is revenue doing this year", "how many orders counted as partner"],
)
def test_a_figure_in_the_same_words_may_still_be_data(request_text: str) -> None:
    assert may_be_data(request_text, GENERIC.knowledge)


async def test_the_classifier_keeps_a_definition_with_a_value_of_the_data_a_question() -> None:
    """ "what counts as a P1 ticket" names a value the reader maps, and stays a question for the documents."""
    wrapped = DataReadingClassifier(classifier(), desk_writer().reads, knowledge=GENERIC.knowledge)
    decision = await wrapped.classify(request="what counts as a P1 ticket", history=[])
    assert decision.intent != "task" or "SQL reader" not in decision.reason, decision
