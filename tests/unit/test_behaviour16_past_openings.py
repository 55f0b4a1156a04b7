"""Round 16 (D13): a message opened by a past form with its "I" dropped ("got a new pager yesterday, ...", "had an
engineer ask whether ...") tells what happened or asks what follows; it is never an order to "got" something that no
agent does (it was refused). The bare verb still orders ("book me a crane for Friday")."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.scope import IMPERATIVE
from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize(
    "text",
    [
        "got a new pager yesterday, it's a Motorola T5",
        "had an engineer ask whether S1 jobs can be closed by phone",
        "switched the Harbour crew to the night rota last week",
    ],
)
async def test_a_past_form_opening_is_no_order(text: str) -> None:
    assert IMPERATIVE.match(text) is None
    decision = await classifier().classify(request=text, history=[])
    assert not decision.out_of_scope, decision


@pytest.mark.parametrize("text", ["book me a crane for Friday", "need a count of the pending jobs", "feed the fish"])
def test_a_bare_verb_still_orders(text: str) -> None:
    assert IMPERATIVE.match(text) is not None
