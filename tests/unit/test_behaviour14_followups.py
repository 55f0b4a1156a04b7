"""Round 14 (engineer D11, issue 9): follow-ups that change a filter said as "the X ones" after a negated state, or a
grouping "by Y instead" after a grouping asked by "which <noun>" or "per <noun> are ...". The previous request keeps
its other filters; nothing is added beside what it replaces."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import followup_change, resolve
from tests.unit.test_scope_behaviour import classifier

# A shop's orders: a state column holding participles, an area and a rep.
COLUMNS = {"shipped": "shop.orders.state", "cancelled": "shop.orders.state", "open": "shop.orders.state"}
COLUMNS |= {"north": "shop.orders.area", "south": "shop.orders.area"}
COLUMNS |= {"anna": "shop.orders.rep", "kofi": "shop.orders.rep"}
ENTITIES = list(COLUMNS)


def _resolved(previous: str, followup: str) -> str | None:
    change = followup_change(followup, ENTITIES)
    assert change is not None, followup
    done = resolve(previous, change, ENTITIES, columns=COLUMNS)
    return done[0] if done else None


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        (
            "which areas have undelivered orders, and how many each?",
            "same for the cancelled ones",
            "which areas have cancelled orders, and how many each",
        ),
        ("count the unfulfilled orders per rep", "and the shipped ones?", "count the shipped orders per rep"),
    ],
)
def test_a_state_replaces_a_negated_state(previous: str, followup: str, expected: str) -> None:
    assert _resolved(previous, followup) == expected


def test_a_value_of_another_kind_narrows_a_negated_state() -> None:
    narrowed = _resolved("which areas have undelivered orders?", "same for anna")
    assert narrowed == "which areas have undelivered orders for anna"


@pytest.mark.parametrize(
    ("previous", "followup", "expected"),
    [
        (
            "Which areas have cancelled orders, and how many each?",
            "now by rep instead",
            "Which reps have cancelled orders, and how many each",
        ),
        (
            "how many orders per area are shipped right now?",
            "split those by rep instead",
            "how many orders per rep are shipped right now",
        ),
    ],
)
def test_a_grouping_replaces_the_grouping_however_it_was_asked(previous: str, followup: str, expected: str) -> None:
    assert _resolved(previous, followup) == expected


def test_which_rows_are_no_grouping() -> None:
    # "which orders" asks for rows: the new grouping is added, nothing replaced
    assert _resolved("which orders are cancelled?", "now by rep instead") == "which orders are cancelled by rep"


async def test_a_regrouping_follow_up_keeps_the_filter_through_the_classifier() -> None:
    history = [{"speaker": "user", "content": "how many jobs per site are pending at the moment?"}]
    decision = await classifier().classify(request="break those down by engineer instead", history=history)
    assert decision.followup and decision.resolved_request == "how many jobs per engineer are pending at the moment"
