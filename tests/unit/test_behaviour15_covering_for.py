"""Standing in for a person ("I'm covering for ben this week", "I cover for Ana on Fridays") is no thing the user is
responsible for: it was stored as 'The user is responsible for for ben.' (round 15, D12's dev set); covering a thing
("I'm covering the Printer queue now") still is one."""

from __future__ import annotations

import pytest

from cognicore.memory.extraction import OfflineFactExtractor


@pytest.mark.parametrize(
    ("said", "kept"),
    [("heads up, I'm covering for Marek this week.", "covering for Marek"), ("I cover for Ana on Fridays", "for Ana")],
)
async def test_covering_for_a_person_is_kept_in_the_user_s_words(said: str, kept: str) -> None:
    found = await OfflineFactExtractor().extract(user_message=said, assistant_message="", known_facts=[], told=True)
    statements = [f.statement for f in found.facts]
    assert statements and all("for for" not in s for s in statements) and any(kept in s for s in statements)


async def test_covering_a_thing_is_still_the_user_s_thing() -> None:
    said = "I'm covering the badge reader queue now"
    found = await OfflineFactExtractor().extract(user_message=said, assistant_message="", known_facts=[], told=True)
    assert any("responsible for badge reader queue" in f.statement for f in found.facts), found.facts
