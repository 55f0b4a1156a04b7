"""A change of one known slot in any sentence shape supersedes the old fact; near misses and additions do not
(round 13, issue 9 point 4): the offline extractor, through its real entry point, on known facts it read itself."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _said(first: str, then: str) -> tuple[list[dict[str, Any]], list[FactCandidate]]:
    """The facts read from `first` (as known, active), then the facts read from `then` against them."""

    async def run() -> tuple[list[dict[str, Any]], list[FactCandidate]]:
        extractor = OfflineFactExtractor()
        known = [
            {**f.model_dump(), "status": "active"}
            for f in (
                await extractor.extract(user_message=first, assistant_message="", known_facts=[], told=True)
            ).facts
        ]
        later = await extractor.extract(user_message=then, assistant_message="", known_facts=known, told=True)
        return known, later.facts

    return asyncio.run(run())


@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        # a way of travelling, the change said with its reason first
        ("I walk to work.", "The knee surgery means I'm driving in for a few months now.", None),
        # an amount, raised in other words
        ("The catering budget for the retreat is $9k.", "update: the retreat catering money got bumped to 12k", "12k"),
        # a day, corrected with "X, not Y"
        ("The board meeting is on Monday.", "oops, the board meeting is on Wednesday, not Monday", "wednesday"),
        # a clock time, moved
        ("Our retro is at 3pm on Fridays.", "they pushed the retro, it's 4:30pm on Fridays from now on", "4:30pm"),
        # a day in the user's own words (kept as notes), the old one said as left
        (
            "I'm on the Sunday escalation rota.",
            "the lead took me off the Sunday rota and put me on Tuesday evenings",
            None,
        ),
        # a new value an older rule could not read (it kept a "changed, value unclear" marker)
        ("Our server backups run on Saturday mornings.", "actually it's sunday mornings for server backups", "sunday"),
        # a count said with another unit word ("per wk" for "tickets a week"), the slot named
        ("My goal is resolving 30 tickets a day.", "the goal got lowered to 24/day during the migration", "24"),
        # another thing of the same kind (the same head noun), said "instead"
        ("I mostly take the billing calls.", "from today I'm on the outage calls instead", None),
        # a figure written with thousands separators
        ("Our hiring budget is $100,000.", "the hiring budget went up to $120,000 after the review", "$120,000"),
    ],
)
def test_a_new_value_of_the_same_kind_supersedes_the_known_fact(first: str, then: str, new: str | None) -> None:
    known, facts = _said(first, then)
    assert len(known) == 1, known
    # Ended: named as contradicted, or the same one-value slot with another value (the store replaces it).
    ended = [
        f for f in facts
        if (f.contradicts or "").lower() == known[0]["statement"].lower()
        or (f.predicate == known[0]["predicate"] and f.exclusive and f.object != known[0]["object"])
    ]  # fmt: skip
    assert len(ended) == 1, facts
    if new is not None:  # a structured fact keeps its wording, with the new value
        assert new.lower() in ended[0].statement.lower() and ended[0].predicate == known[0]["predicate"], ended


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("Our standup is at 9:15.", "Omar's standup is at 9:45 now."),  # someone else's standup
        ("My phone is an iPhone 13.", "Sam finally got a new phone, his is a Pixel 8 now"),  # someone else's phone
        ("The VPN token expires in June.", "the badge token expires in August now"),  # another token
        ("I drink black coffee.", "I also drink green tea these days."),  # a value added, not replaced
        ("I look after 12 accounts.", "Marta looks after 9 accounts now"),  # a named colleague's, not mine
        ("I work the printer queue.", "I'm also on the email queue instead of lunch cover"),  # added, "instead of"
        ("Our on-site day is Tuesday.", "I think the on-site day moved to Thursday now?? not sure"),  # in doubt
        ("The board meeting is on Monday.", "the board meeting is still on Monday, the agenda changed"),  # restated
    ],
)
def test_a_near_miss_or_an_addition_ends_nothing(first: str, then: str) -> None:
    known, facts = _said(first, then)
    statement = known[0]["statement"].lower()
    assert not [f for f in facts if (f.contradicts or "").lower() == statement], facts


def test_two_known_facts_that_could_be_the_one_changed_are_not_guessed() -> None:
    async def run() -> list[FactCandidate]:
        extractor = OfflineFactExtractor()
        known: list[dict[str, Any]] = []
        for said in ("The design review is on Tuesday.", "The code review is on Thursday."):
            read = await extractor.extract(user_message=said, assistant_message="", known_facts=known, told=True)
            known += [{**f.model_dump(), "status": "active"} for f in read.facts]
        told = "sorry, the review is on Friday now"
        return (await extractor.extract(user_message=told, assistant_message="", known_facts=known, told=True)).facts

    assert not [f for f in asyncio.run(run()) if f.contradicts], "two reviews known: which one moved is a guess"
