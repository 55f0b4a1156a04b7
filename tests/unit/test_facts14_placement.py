"""Where the user is placed (a shift, a team, a queue, an office, a patch of accounts), read from the grammar, and a
move of the user that leaves exactly one known placement: named as ended, of the same head noun, or the only one
(round 14, issue 9). Near misses: another person's move, a one-off, a plan, a place kept, two candidates."""

from __future__ import annotations

import pytest

from tests.unit.test_facts14_amounts import _said


def test_a_shift_worked_is_the_users_shift() -> None:
    _, [fact] = _said("Heads up: I'm pulling the graveyard shift this week.")
    assert (fact.subject, fact.predicate, fact.object) == ("user", "shift", "graveyard shift")


@pytest.mark.parametrize(
    ("turns", "old", "new"),
    [
        (("I'm pulling the graveyard shift this week.", "They rotated me onto the swing shift, no more graveyards."),
         "graveyard", "swing shift"),
        (("I work in the Leeds office.", "I've been transferred to the Glasgow office."), "Leeds", "Glasgow office"),
        (("I handle the billing queue.", "they moved me over to the refunds queue"), "billing", "refunds queue"),
        (("I'm pulling the graveyard shift this week.", "no longer on graveyards - I'm doing swing shifts now"),
         "graveyard", "swing shifts"),
        (("I look after the Nordics accounts.", "I'm on the platform team.",
          "I got moved across to Iberia, so the Nordics aren't mine anymore."), "Nordics", "Iberia"),
    ],
)  # fmt: skip
def test_a_move_of_the_user_ends_the_one_placement_it_leaves(turns: tuple[str, ...], old: str, new: str) -> None:
    known, facts = _said(*turns)
    [fact] = [f for f in facts if f.contradicts]
    assert old in fact.contradicts and new in fact.statement, facts
    assert sum(old in k["statement"] for k in known) == 1


@pytest.mark.parametrize(
    "turns",
    [
        ("I'm on the support team.", "Ravi moved to the sales team."),
        ("I'm on the early shift.", "I swapped to the late shift for tomorrow only."),
        ("I'm on the early shift.", "I might move to the late shift if they ask."),
        ("I look after the Nordics accounts.", "I'm on the platform team.", "I've been moved across to Benelux."),
        ("I'm on the night shift.", "I switched to oat milk."),
        ("I'm pulling the night shift this month.", "I'm doing days now"),
        ("I'm pulling the night shift this month.", "I moved to Teams for the P1 alerts"),
        ("I work on the billing team.", "I moved to the new ticketing client"),
        ("I'm pulling the night shift this month.", "I'm on call now, no longer on nights for a week"),
        ("I'm pulling the night shift this month.", "They moved me to the Bristol office."),
    ],
)
def test_other_moves_one_offs_plans_and_two_candidates_end_nothing(turns: tuple[str, ...]) -> None:
    _, facts = _said(*turns)
    assert not any(f.contradicts for f in facts), facts


@pytest.mark.parametrize(
    ("turns", "old", "new"),
    [
        (("My work laptop is a Lenovo ThinkBook.", "They replaced my machine, I'm working on a HP EliteBook now"),
         "ThinkBook", "EliteBook"),
        (("My work phone is a Pixel 6.", "Work replaced my mobile last month; I'm using a Galaxy S23 now"),
         "Pixel 6", "Galaxy S23"),
    ],
)  # fmt: skip
def test_a_general_word_names_the_users_one_thing_of_that_kind(turns: tuple[str, ...], old: str, new: str) -> None:
    _, [fact] = _said(*turns)
    assert fact.contradicts is not None and old in fact.contradicts and new in fact.statement, fact


def test_another_persons_machine_is_not_the_users() -> None:
    _, facts = _said("My laptop is a Dell XPS.", "Priya swapped out her old machine, she's on a MacBook now")
    assert not any(f.contradicts for f in facts), facts
