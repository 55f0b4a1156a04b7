"""Routing between documents and data of round 15 (K12): a permission, or a rule asked with a preposition before its
question word, is never read as rows of the data."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.data_reading import may_be_data


@pytest.mark.parametrize(
    "request_text",
    [
        "Are interns allowed to expense taxis after midnight?",
        "is a store manager permitted to refund without a receipt",
        "up to what amount can a shift lead approve a refund?",
        "From which age can a customer open an account?",
    ],
)
def test_a_permission_or_a_rule_is_no_data_question(request_text: str) -> None:
    assert not may_be_data(request_text, frozenset())


@pytest.mark.parametrize(
    "request_text", ["In which region did we sell the most units last year?", "total refunds per store last month"]
)
def test_figures_of_the_data_still_may_be_data(request_text: str) -> None:
    assert may_be_data(request_text, frozenset())
