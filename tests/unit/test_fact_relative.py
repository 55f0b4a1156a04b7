"""Relative changes of a known figure (issue 9.4, M9): "up by 10%", "lowered by 5", "two more", "15 minutes later"."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_relative import relative_change
from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import OfflineFactExtractor


def _known(*texts: str) -> list[dict[str, Any]]:
    facts = [f for text in texts for f in read_facts(text)]
    return [{**f, "status": "active", "id": i} for i, f in enumerate(facts, start=1)]


@pytest.mark.parametrize(
    ("first", "change", "new", "statement"),
    [
        ("my quarterly quota is 250k", "they bumped my quota up by 10% this quarter", "275k",
         "The user's quarterly quota is 275k."),
        ("Our backlog limit is 20 open tickets.", "they lowered the backlog limit by 5", "15 open tickets",
         "Our backlog limit is 15 open tickets."),
        ("We have 3 agents on the night shift.", "two more agents joined the night shift", "5 agents",
         "We have 5 agents on the night shift."),
        ("Our standup is at 9:15.", "standup got shifted 15 minutes later", "at 9:30", "Our standup is at 9:30."),
        ("Our standup is at 9:15.", "standup is an hour earlier from monday", "at 8:15",
         "Our standup is at 8:15."),
    ],
)  # fmt: skip
async def test_a_relative_change_gives_the_known_figure_its_new_value(
    first: str, change: str, new: str, statement: str
) -> None:
    known = _known(first)
    out = await OfflineFactExtractor().extract(user_message=change, assistant_message="", known_facts=known)
    [fact] = out.facts
    assert (fact.object, fact.statement, fact.exclusive) == (new, statement, True), fact
    assert fact.contradicts == known[0]["statement"] and fact.predicate == known[0]["predicate"], fact


def test_nothing_is_guessed_without_one_named_figure() -> None:
    # Two known figures the change names equally: no guess.
    both = _known("My travel budget is 5k.", "My training budget is 2k.")
    assert relative_change("my budget went up by 10%", both) is None
    # The right one when the change names it.
    fact = relative_change("my travel budget went up by 10%", both)
    assert fact is not None and fact.object == "5.5k", fact
    # "two more days" counts days, not what a date holds; a count of other things is not it either.
    assert relative_change("I need two more days for the report", _known("The report deadline is 3 June.")) is None
    assert relative_change("we hired two more reps", _known("We have 3 agents on the night shift.")) is None
    # Two relative changes in one message: which goes where is a guess.
    assert relative_change("quota up by 10%, then up by 5k", _known("my quarterly quota is 250k")) is None
    assert (
        relative_change("standup half an hour earlier, no, an hour earlier", _known("Our standup is at 9:15.")) is None
    )


@pytest.mark.parametrize(
    ("first", "change", "new"),
    [
        ("We have 12 resellers in Benelux.", "we lost three resellers in Benelux", "9 resellers"),
        ("There are 6 people on my team.", "we hired two more reps last week", "8 people"),  # reps are people
        ("The product launch is on 10 March.", "launch slipped by a week", "on 17 March"),
        ("The review is on March 30.", "the review got pushed back by 3 days", "on April 2"),
    ],
)
def test_counts_lost_and_dates_that_slip(first: str, change: str, new: str) -> None:
    fact = relative_change(change, _known(first))
    assert fact is not None and fact.object == new, fact


def test_a_count_of_other_things_lost_is_not_it() -> None:
    assert relative_change("we lost three customers in Benelux", _known("We have 12 resellers in Benelux.")) is None
    # reps hired count among the team's people, not among the night shift's agents
    two = _known("There are 6 people on my team.", "We have 3 agents on the night shift.")
    fact = relative_change("we hired two more reps last week", two)
    assert fact is not None and (fact.predicate, fact.object) == ("team_size", "8 people"), fact
