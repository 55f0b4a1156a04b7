"""Review 15, finding 11b: a follow-up that names a new figure of the kind the previous request holds (a rate, an
amount, a count threshold) swaps that figure ("and at 10% off?" after "... got the 20% discount?"); it was read as a
question of its own and the documents answered it with the discount policy, confidently. Without evidence (a word the
previous request does not say, no such figure or two of them) it is unresolved, and the classifier says so."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change, resolve
from cognicore.orchestrator.intent import OfflineClassifier
from cognicore.orchestrator.intent_decision import IntentDecision
from tests.unit.behaviour15_jobs import AGENTS, COUNTED

DISCOUNT = "how many order lines in 2025 got the 20% discount?"
PRICE = "how many order lines in 2025 were sold at more than $150 a unit?"
COUNT = "how many customers placed more than 5 orders in 2025?"


def _followed(previous: str, request: str) -> str | None:
    change = followup_change(request)
    assert change is not None and change.prep == "figure", change
    done = resolve(previous, change)
    return done[0] if done else None


@pytest.mark.parametrize(
    ("previous", "asked", "read"),
    [
        (DISCOUNT, "and at 10% off?", "how many order lines in 2025 got the 10% discount"),  # the reviewer's
        (DISCOUNT, "what about the 5% discount?", "how many order lines in 2025 got the 5% discount"),  # the reviewer's
        (DISCOUNT, "ok and the ones with 15 percent?", "how many order lines in 2025 got the 15% discount"),
        (PRICE, "and above $300?", "how many order lines in 2025 were sold at above $300 a unit"),
        (PRICE, "and $300?", "how many order lines in 2025 were sold at more than $300 a unit"),
        (COUNT, "what about at least 10 orders?", "how many customers placed at least 10 orders in 2025"),
        (COUNT, "and 10 or more?", "how many customers placed 10 or more orders in 2025"),
    ],
)
def test_a_new_figure_swaps_the_figure_of_its_kind(previous: str, asked: str, read: str) -> None:
    assert _followed(previous, asked) == read


@pytest.mark.parametrize(
    ("previous", "asked"),
    [
        (DISCOUNT, "and at 10% margin?"),  # a rate of something the previous request does not name
        (DISCOUNT, "and above 10%?"),  # a comparison the exact 20% did not have: which one is not said
        (PRICE, "and above $300 per order?"),  # per order, not per unit
        (COUNT, "and more than 10 customers?"),  # customers counted, not orders
        ("what was revenue by region in 2025?", "and at 10% off?"),  # no rate to swap
        ("compare the 10% and the 20% discount lines in 2025", "and 5%?"),  # two rates: which one is not said
    ],
)
def test_a_figure_without_evidence_is_unresolved(previous: str, asked: str) -> None:
    assert _followed(previous, asked) is None


@pytest.mark.parametrize(
    "request_text",
    [
        "and 10?",
        "and in 2024?",
        "how many customers had more than 10 orders?",
        "what about a 10% discount for students?",
    ],
)
def test_no_figure_follow_up(request_text: str) -> None:
    change = followup_change(request_text)
    assert change is None or change.prep != "figure", change


async def _classified(previous: str, request: str) -> IntentDecision:
    classifier = OfflineClassifier(agents=AGENTS, counted=COUNTED)
    history = [{"speaker": "user", "content": previous}, {"speaker": "assistant", "content": "379"}]
    return await classifier.classify(request=request, history=history)


async def test_the_classifier_asks_the_previous_request_with_the_new_rate() -> None:
    decision = await _classified(DISCOUNT, "and at 10% off?")
    assert decision.followup and "10% discount" in decision.resolved_request and "2025" in decision.resolved_request


async def test_an_unresolved_figure_is_said_unresolved_never_asked_alone() -> None:
    decision = await _classified(DISCOUNT, "and at 10% margin?")
    assert not decision.followup and decision.confidence <= 0.3 and "could not tell" in decision.reason, decision
