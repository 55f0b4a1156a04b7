"""A duty swapped, traded or exchanged with a named person is a trade, not the duty replaced by that person (round
13: W's "swapped on-call with Ben, ..." was kept as "The user uses Ben instead of on-call"); a thing swapped for
another thing is still a switch. The offline extractor through its real entry point."""

from __future__ import annotations

import asyncio

import pytest

from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _read(text: str) -> list[FactCandidate]:
    extractor = OfflineFactExtractor()
    return asyncio.run(extractor.extract(user_message=text, assistant_message="", known_facts=[], told=True)).facts


@pytest.mark.parametrize(
    "text",
    [
        "I traded the Saturday shift with Amira, she does mine and I take her Sundays",
        "I exchanged the Friday late desk with Tomasz",
        "we swapped the release duty with Okafor",
    ],
)
def test_a_trade_with_a_named_person_uses_no_one(text: str) -> None:
    facts = _read(text)
    assert facts and not [f for f in facts if f.predicate == "uses" or f.contradicts], facts


def test_a_thing_swapped_for_another_is_still_a_switch() -> None:
    facts = _read("we swapped Basecamp for Asana")
    assert [(f.predicate, f.object, f.contradicts) for f in facts] == [("uses", "Asana", "Basecamp")], facts
