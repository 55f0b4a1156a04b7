"""Whether `classify` resolved a follow-up or only re-read the user's words is a field of its decision (`followup`),
set where the decision is made, and `remember` extracts facts from the typed words only for the latter (M14)."""

from __future__ import annotations

from typing import Any

from cognicore.orchestrator.closing import _typed
from cognicore.orchestrator.intent import OfflineClassifier
from tests.unit.test_data_reading import AGENTS, COUNTED, VALUES


def classifier() -> OfflineClassifier:
    """The offline classifier of a support desk whose names (ana, ben) are entities a follow-up can swap."""
    return OfflineClassifier(agents=AGENTS, counted=COUNTED, values=VALUES, entities=list(VALUES), words=["runbook"])


HISTORY = [
    {"speaker": "user", "content": "how many tickets does ben have open"},
    {"speaker": "assistant", "content": "4"},
]


async def test_a_follow_up_is_marked_as_one() -> None:
    decision = await classifier().classify(request="what about ana?", history=HISTORY)
    assert decision.resolved_request == "how many tickets does ana have open" and decision.followup, decision


async def test_a_spelling_fix_is_no_follow_up() -> None:
    decision = await classifier().classify(request="hw many tickets r open", history=HISTORY)
    assert decision.read_as and decision.resolved_request.startswith("how many") and not decision.followup, decision


def _state(**fields: Any) -> Any:
    return {"request": "how many tickets are open", "said": "hw many tickets r open", **fields}


def test_the_typed_words_are_extracted_after_any_reading_but_a_follow_up() -> None:
    assert _typed(_state(read_as=["'hw' as 'how'"], followup=False)) == "hw many tickets r open"
    # A follow-up with a typo ("wat about ana") stands for its full request, of another length or the same.
    assert _typed(_state(read_as=["'wat' as 'what'"], followup=True)) is None
    # the question of a message that also tells ("we moved to Teams. how many tickets are open?"): all of it is kept
    told = {"request": "how many tickets are open?", "said": "we moved to Teams. how many tickets are open?"}
    assert _typed({**told, "followup": False}) == told["said"]
    assert _typed({"request": "hw many", "said": "hw many", "read_as": []}) is None  # nothing re-read
    assert _typed({"request": "x", "read_as": ["'a' as 'b'"]}) is None  # a run checkpointed before `said` existed
