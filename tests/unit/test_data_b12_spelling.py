"""A misspelt verb is read as the verb's form it keeps the ending of, not as a shorter value (round 12, S9b)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.spelling import Speller

SPELLER = Speller(["open", "opened", "close", "closed", "place", "placed", "orders", "tickets", "status"])


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("tickets closd on monday", "tickets closed on monday"),  # "close" is as near, but drops the past tense
        ("orders placd in march", "orders placed in march"),
        ("how many tickets were opend", "how many tickets were opened"),
        ("tickets whose statis is open", "tickets whose status is open"),  # no tie: the nearest word
    ],
)
def test_a_misspelt_word_keeps_its_written_ending(written: str, read: str) -> None:
    assert SPELLER.correct(written)[0] == read
