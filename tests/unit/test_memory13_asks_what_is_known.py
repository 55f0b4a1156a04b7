"""'do you know my X?' asks what the assistant knows (a question), while 'did you know X happened' stays news told
(round 13: W's 'do you know my quota for this quarter?' was stored as a statement and answered 'Noted')."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.openings import news_asked


@pytest.mark.parametrize(
    "text",
    ["do you know my parking spot number?", "Do you know what my login expiry is?", "do you know if our desk moved?"],
)
def test_do_you_know_my_asks(text: str) -> None:
    assert news_asked(text) is None


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("did you know Kofi leads the night desk now", "Kofi leads the night desk now"),
        ("have you heard that the canteen closes at 2pm?", "the canteen closes at 2pm"),
    ],
)
def test_did_you_know_tells_news(text: str, told: str) -> None:
    assert news_asked(text) == told
