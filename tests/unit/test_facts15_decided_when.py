"""A decision keeps when it takes effect ("we decided to sunset the fax line in October"), so a later change of that
time ends a statement that says it (round 15, issue 9)."""

from __future__ import annotations

import pytest

from cognicore.memory._fact_rules import read_facts
from tests.unit.test_facts14_amounts import _said


@pytest.mark.parametrize(
    ("said", "when"),
    [
        ("We decided to sunset the fax line in October.", "October"),
        ("We agreed to freeze hiring until spring", "spring"),
    ],
)
def test_a_decision_keeps_its_time(said: str, when: str) -> None:
    [fact] = read_facts(said)
    assert when in fact["statement"], fact


def test_a_later_time_ends_the_decision_that_said_the_old_one() -> None:
    known, [fact] = _said("We decided to sunset the fax line in October.", "the fax line sunset got pushed to December")
    assert (
        "December" in fact.statement
        and fact.contradicts == known[0]["statement"]
        and "October" in known[0]["statement"]
    )
