"""A change of the user's own amount links to the one known amount of the same kind (money or a count of the same
thing, per the same period, near in size) though its slot is named in other words; a period word is no slot word;
a named team's thing is not the user's; a dated past change is history (round 14, issue 9)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cognicore.memory._fact_amounts import near_in_size, periods
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _said(*turns: str) -> tuple[list[dict[str, Any]], list[FactCandidate]]:
    """The facts read from every turn but the last (as known, active), then the facts read from the last."""

    async def run() -> tuple[list[dict[str, Any]], list[FactCandidate]]:
        extractor = OfflineFactExtractor()
        known: list[dict[str, Any]] = []
        for turn in turns[:-1]:
            read = await extractor.extract(user_message=turn, assistant_message="", known_facts=known, told=True)
            known += [{**f.model_dump(), "status": "active"} for f in read.facts]
        later = await extractor.extract(user_message=turns[-1], assistant_message="", known_facts=known, told=True)
        return known, later.facts

    return asyncio.run(run())


@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        ("My monthly sales target is $60k.", "they upped my quota to 75 thousand dollars a month", "75 thousand"),
        ("my call goal is 40 calls per day", "My manager raised my daily target to 48 calls.", "48"),
        ("My bookings target each quarter is $2M.", "the board cut my quarterly number to $1.6M", "$1.6M"),
        # the team's amount, no one else's named
        ("Our support budget is $30k a quarter", "finance bumped the quarterly number to $36k", "$36k"),
        ("We aim to close 50 tickets a week.", "the weekly ticket goal got raised to 60 a week", "60"),
    ],
)
def test_an_amount_named_in_other_words_replaces_the_one_of_its_kind(first: str, then: str, new: str) -> None:
    known, [fact] = _said(first, then)
    assert fact.contradicts == known[0]["statement"]
    assert new.lower() in fact.statement.lower()


@pytest.mark.parametrize(
    "turns",
    [
        # two known amounts of the kind: no guess
        (
            "My monthly sales target is $60k.",
            "My monthly travel budget is $50k.",
            "they raised my number to 70 thousand a month",
        ),
        # an amount that names itself is no target said in other words
        ("My phone bill is $50 a month.", "they raised my rent to $60 a month"),
        # ten times off: another amount (a bonus is not the salary)
        ("My salary is 90k a year.", "they raised my bonus to 6k a year"),
        # another person's count is not the team's
        ("We aim to close 50 tickets a week.", "Ana's weekly ticket goal got raised to 60 a week"),
        # a named team's budget is not the user's
        ("My training budget is $4k.", "The design team's budget was raised to $25k."),
        # history: a change dated in the past
        ("My discount limit is 12%.", "Two years ago they had cut it to 8% for a while."),
        # a limit, a cap and a target are different slots, though their amounts are of one kind (review 14)
        ("My monthly sales target is $60k.", "They raised the monthly spending limit on my company card to $50k."),
        ("My quarterly target is $200k.", "Good news: my quarterly bonus cap was raised to $150k."),
        ("My monthly travel budget is $5k.", "they raised my monthly expense limit to $6k"),
        ("My weekly goal is 40 calls.", "they cut my weekly call cap to 45 calls a week"),
    ],
)
def test_other_amounts_history_and_other_owners_end_nothing(turns: tuple[str, ...]) -> None:
    _, facts = _said(*turns)
    assert not any(f.contradicts for f in facts), facts


def test_periods_and_sizes() -> None:
    assert periods("my sales quota for each quarter".split()) == periods("my quarterly quota".split()) == {"quarter"}
    assert periods("the quarter ended".split()) == frozenset()
    assert near_in_size("400000", "550000") and not near_in_size("90000", "6000")


@pytest.mark.parametrize(
    "turns",
    [
        ("Our release freeze starts at 6pm on Thursdays.", "Just for tomorrow, the release freeze starts at 8pm."),
        ("The hardware budget is $80k.", "Three years ago the hardware budget was cut to $45k."),
        ("The hardware budget is $80k.", "Back in 2021 the hardware budget was cut to $45k."),
        ("Our cloud budget is $20k.", "The data team's cloud budget got raised to $35k."),
        # the user's team's goal is not the user's own (review 14)
        ("My weekly goal is 40 closed tickets.", "My team's weekly goal got raised to 60 closed tickets a week."),
        ("My monthly budget is $3k.", "my department's monthly budget was cut to $2k"),
        # a change for a while: the usual value still holds
        ("Standup is at 9:30.", "Standup moves to 10am for a couple of weeks while Ana is away."),
    ],
)
def test_a_one_off_a_past_change_and_a_named_teams_thing_are_kept_as_said(turns: tuple[str, ...]) -> None:
    _, facts = _said(*turns)
    assert [f.predicate for f in facts] == ["note"], facts
    assert not any(f.contradicts for f in facts)
