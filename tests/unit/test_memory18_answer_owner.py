"""Round 18 answer check, owner part (issue 9): a memory about another owner (a named person, another group, a third
person) answers no question about the asker or the asker's team, and a later saying of another owner casts no doubt
on the user's own fact unless it names its value. Wordings are our own (in no held-out or dev file)."""

from __future__ import annotations

from typing import Any

from cognicore.subagents._memory_lines import NOT_SURE
from tests.unit.test_recall14_value_shapes import _ask, _fact


def _said(i: int, words: str, day: int) -> dict[str, Any]:
    return _fact(i, f'The user said: "{words}"', day, note=True)


def test_another_groups_change_is_no_answer_about_our_team() -> None:
    only = [_said(1, "The platform team pushed their retro to Fridays.", 2)]
    found = _ask("which day is our retro?", only)
    assert found is not None and NOT_SURE in found.text and not found.used, found
    both = [_fact(1, "Our retro is on Wednesdays."), _said(2, "The platform team pushed their retro to Fridays.", 2)]
    found = _ask("which day is our retro?", both)
    assert found is not None and "Wednesday" in found.text and NOT_SURE not in found.text, found


def test_another_persons_move_casts_no_doubt_on_the_users_own_place() -> None:
    facts = [_fact(1, "The user is based in Leeds."), _said(2, "Sofia now works from the York site.", 2)]
    found = _ask("which site do I work from?", facts)
    assert found is not None and "Leeds" in found.text and NOT_SURE not in found.text, found


def test_another_persons_saying_that_names_the_users_value_still_casts_doubt() -> None:
    facts = [_fact(1, "The user is based in Leeds."), _said(2, "Marta took over the Leeds site.", 2)]
    found = _ask("which site do I work from?", facts)
    assert found is not None and NOT_SURE in found.text, found


def test_the_users_teams_thing_is_no_answer_about_the_user_alone() -> None:
    told = [_fact(1, "My team's release freeze day is Thursday.")]
    found = _ask("what's my release freeze day?", told)
    assert found is not None and NOT_SURE in found.text and not found.used, found
    found = _ask("what's our release freeze day?", told)
    assert found is not None and "Thursday" in found.text and NOT_SURE not in found.text, found


def test_a_report_of_what_someone_says_is_about_what_is_reported() -> None:
    facts = [_fact(1, "Our team retro is at 4pm."), _said(2, "Omar says the retro is at 4:30.", 2)]
    found = _ask("when is our retro?", facts)
    assert found is not None and "4:30" in found.text, found


def test_someone_named_as_the_asked_thing_is_still_shown() -> None:
    facts = [_fact(1, "The user's coordinator is Paolo Neri."), _said(2, "Ines is the new coordinator.", 2)]
    found = _ask("who is my coordinator?", facts)
    assert found is not None and "Ines" in found.text, found
