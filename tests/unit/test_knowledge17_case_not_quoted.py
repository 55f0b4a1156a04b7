"""A case set up for a question ("A client's kettle stopped heating after 9 months. Is that covered?") tells nothing
of the user's own world: it is no saying to recall and quote back later (round 17, dev_knowledge17). A told part of
the user's own beside a request is still evidence. Wordings are our own."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.recollection import _informative

USER = {"speaker": "user"}


@pytest.mark.parametrize(
    "case",
    [
        "A client's Zephyr kettle stopped heating after 9 months. Would the guarantee cover that?",
        "This is about the Quasar lamp. How long is its guarantee?",
    ],
)
def test_a_question_case_is_no_evidence(case: str) -> None:
    assert not _informative(case, USER)


@pytest.mark.parametrize(
    "said",
    [
        "I moved to the Lisbon office last week. Can you note that?",
        "Our team switched to Zoom for video calls. Could you keep that in mind?",
        "My kettle supplier is Zephyr.",
    ],
)
def test_the_users_own_saying_is_still_evidence(said: str) -> None:
    assert _informative(said, USER)
