"""A move said in two clauses ("I left the X team and joined Y") or with "I've moved" ends the place the user left
and stores the new one; someone else leaving, a question or a club ends nothing (round 15, issue 9)."""

from __future__ import annotations

import pytest

from tests.unit.test_facts14_amounts import _said


@pytest.mark.parametrize(
    ("first", "then", "new"),
    [
        ("I'm in the billing team.", "I quit the billing team in spring and joined the onboarding team", "onboarding"),
        ("I'm in the billing team.", "left billing team, joined customer success", "customer success"),
        ("I work the late shift.", "I've moved to the early shift since the rota changed", "early shift"),
    ],
)
def test_the_place_left_ends_and_the_new_one_holds(first: str, then: str, new: str) -> None:
    known, [fact] = _said(first, then)
    assert new in fact.object and fact.contradicts == known[0]["statement"], fact


@pytest.mark.parametrize(
    "then",
    [
        "Omar left the billing team and joined the onboarding team.",  # someone else
        "I left the running club and joined a choir.",  # not the place known
        "Should I leave the billing team and join onboarding?",  # a question
    ],
)
def test_someone_else_or_another_place_ends_nothing(then: str) -> None:
    known, facts = _said("I'm in the billing team.", then)
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts


@pytest.mark.parametrize(
    ("then", "ends"),
    [
        ("They've moved me over to the Benelux team as of today.", True),
        ("I got transferred to the Nordics team", True),
        ("I moved to the Nordics team.", False),  # the user's own move may be a team beside the area
        ("They moved me to the data team.", False),  # a team by its work is no area
    ],
)
def test_a_move_to_a_team_named_by_a_name_ends_the_area_the_user_handled(then: str, ends: bool) -> None:
    known, facts = _said("I'm the key account lead for Iberia.", then)
    assert any(f.contradicts == known[0]["statement"] and "team" in f.statement for f in facts) is ends, facts
