"""A thing named first, then said to be the user's ("LATAM is mine now", "the Benelux accounts are ours") is what the
user (or the team) handles (round 13: W's 'APAC is mine now' was kept as a note only, so 'which region do I cover?'
never found it). The offline extractor through its real entry point."""

from __future__ import annotations

import asyncio

import pytest

from cognicore.memory.extraction import OfflineFactExtractor


@pytest.mark.parametrize(
    ("text", "thing", "who"),
    [
        ("LATAM is mine now.", "LATAM", "The user"),
        ("the Benelux resellers are all ours from today", "Benelux resellers", "Our team"),
    ],
)
def test_a_thing_said_to_be_mine_is_handled_by_the_user(text: str, thing: str, who: str) -> None:
    extractor = OfflineFactExtractor()
    read = asyncio.run(extractor.extract(user_message=text, assistant_message="", known_facts=[], told=True))
    assert [(f.subject, f.predicate, f.object) for f in read.facts] == [(thing, "handled_by", who)], read.facts


def test_a_pronoun_said_to_be_mine_names_no_thing() -> None:
    read = asyncio.run(
        OfflineFactExtractor().extract(user_message="that one is mine", assistant_message="", known_facts=[], told=True)
    )
    assert not [f for f in read.facts if f.predicate == "handled_by"], read.facts
