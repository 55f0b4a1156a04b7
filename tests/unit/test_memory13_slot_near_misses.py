"""Near misses of the slot-change rule end nothing (round 13, review of M18's rule): a part of an amount, another
person's or another thing's slot, a count not measured against the slot, a change only supposed. The offline
extractor through its real entry point, on known facts it read itself; a real change in the same shape still ends."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _ended(first: str, then: str) -> list[FactCandidate]:
    """The facts read from `then` that end the one fact read from `first` (named, or the same one-value slot)."""

    async def run() -> tuple[list[dict[str, Any]], list[FactCandidate]]:
        extractor = OfflineFactExtractor()
        read = await extractor.extract(user_message=first, assistant_message="", known_facts=[], told=True)
        known = [{**f.model_dump(), "status": "active"} for f in read.facts]
        later = await extractor.extract(user_message=then, assistant_message="", known_facts=known, told=True)
        return known, later.facts

    known, facts = asyncio.run(run())
    assert len(known) == 1, known
    return [
        f for f in facts
        if (f.contradicts or "").lower() == known[0]["statement"].lower()
        or (f.predicate == known[0]["predicate"] and f.exclusive and f.object != known[0]["object"])
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "then"),
    [
        # a part of the amount, or an amount spent from it
        ("The budget for the customer summit is $60k.", "we have already used $18k of the summit budget on venues"),
        ("Our conference budget is $30k.", "ok so we now spent 12k on flights from the conference budget"),
        # another person's thing, said without "I/my": a name and a role as the subject
        ("My phone allowance is 40 a month.", "Priya, the new analyst, now gets a phone allowance of 25 a month"),
        ("My desk is on floor 3.", "The new contractor got a desk on floor 5 now"),
        # the slot word modifying another noun: another thing
        ("My lunch break starts at 12pm.", "The lunch break rota meeting is now at 2pm"),
        # a count that does not name the slot it would be measured against
        ("My goal is booking 12 demos a month.", "I booked 15 demos last month, a new best!"),
        # a change only supposed
        ("Our event budget is $25k.", "worst case finance would cut the event budget to 15k"),
        ("Our cloud budget is $9k.", "let's say they raised the cloud budget to 12k, we could add backups"),
        # the slot's head going on into another thing, or a holder after it
        ("The product offsite is on Tuesday.", "sorry, the product offsite prep call is on Monday now"),
        ("My manager is Grace Obi.", "The manager of the billing squad is Hugo now"),
        # a plan, or a result of a past period
        ("Our retro is at 4pm.", "we decided the retro will be moved to 5pm once the new hires start"),
        ("Our first reply target is 30 minutes.", "we actually hit the first reply target in 22 minutes last week"),
    ],
)
def test_a_near_miss_gives_the_slot_no_new_value(first: str, then: str) -> None:
    # at most the honest marker "changed, new value not read" (the answer then says it is not sure)
    assert all(f.object == "unclear change" for f in _ended(first, then))


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("My phone allowance is 40 a month.", "my phone allowance went up to 55 a month"),
        ("My lunch break starts at 12pm.", "the lunch break got moved, it starts at 1pm now"),
        ("Our event budget is $25k.", "finance cut the event budget to 15k this week"),
    ],
)
def test_the_same_shapes_said_of_the_slot_still_end_it(first: str, then: str) -> None:
    assert len(_ended(first, then)) == 1


def test_the_thing_itself_before_is_or_has_is_no_other_owner() -> None:
    # "Courier's arriving" is "the courier is arriving": the known thing, corrected, not another person's
    ended = _ended("The courier pickup is on Monday.", "Courier's arriving Tuesday, not Monday - sorry")
    assert len(ended) == 1, ended


def test_instead_for_one_day_only_replaces_nothing() -> None:
    assert not _ended("I work the returns desk.", "On Mondays I'm on the phone desk instead, otherwise no change")
