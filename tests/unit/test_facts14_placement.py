"""Where the user is placed (a shift, a team, a queue, an office, a patch of accounts), read from the grammar, and a
move of the user that leaves exactly one known placement: named as ended, of the same head noun, or the only one
(round 14, issue 9). Near misses: another person's move, a one-off, a plan, a place kept, two candidates."""

from __future__ import annotations

import re

import pytest

from cognicore.memory._fact_words import TEMPORARY
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
        # moved by someone else, or transferred between teams (review 14 kept these)
        (("I look after the Europe accounts.",
          "Change of plans, as of this week I've been moved over to Asia Pacific instead."), "Europe", "Asia Pacific"),
        (("I look after the Benelux accounts.", "They moved me over to DACH."), "Benelux", "DACH"),
        (("Just so you know, I work on the network team.", "Update - I transferred over to desktop support last week."),
         "network", "desktop support"),
        (("I'm working the night shift.", "Rota changed: I swapped to early shifts, no more nights for me."),
         "night", "early shifts"),
        (("I'm on the night shift.", "I've been moved to the early shift for good."), "night", "early shift"),
        # a placement with where and when after it; a move said as "put me on" (a held-out set's wording, round 14)
        (("I'm on the weekend shift at the front desk this quarter.", "They've put me on the late shift from Monday."),
         "weekend", "late shift"),
    ],
)  # fmt: skip
def test_a_move_of_the_user_ends_the_one_placement_it_leaves(turns: tuple[str, ...], old: str, new: str) -> None:
    known, facts = _said(*turns)
    [fact] = [f for f in facts if f.contradicts]
    assert old in str(fact.contradicts) and new in fact.statement, facts
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
        # a place by its name, the user moving themselves: a home or a tool, no work placement (review 14)
        ("I look after the Nordics accounts.", "I just moved to Lisbon, the new flat is lovely."),
        ("I look after the Nordics accounts.", "I moved to Salesforce from HubSpot for my pipeline tracking."),
        ("I look after the Nordics accounts.", "We finally moved to Porto last month, loving the weather."),
        # transferred to something that is no team
        ("I'm on the enterprise sales team.", "I transferred to a new pension provider last week, much lower fees."),
        ("I'm on the enterprise team.", "I transferred to the evening MBA programme, classes start in January."),
        ("I'm on the support team.", "I transferred to a cheaper broadband provider."),
        # a move for a while: the usual placement still holds
        ("I look after the Europe accounts.", "I moved to Asia Pacific for three weeks to cover Ana's leave."),
        ("I work with the Email team.", "I've been moved over to Wi-Fi for a couple of days while Chloe is off."),
        ("I work with the Email team.", "I got transferred to the Wi-Fi backlog for the day."),
        ("I work with the Email team.", "I got transferred to the Wi-Fi backlog for a week."),
        ("I work with the Email team.", "I got transferred to the Wi-Fi backlog for two weeks."),
        ("I look after the Benelux accounts.", "They moved me over to DACH while Priya is on leave."),
        ("I'm on the night shift.", "I've been moved to the early shift until Sam is back."),
        ("I work on the billing team.", "I got transferred to the refunds team temporarily."),
        ("I'm on the night shift.", "They swapped me to the early shift this week only."),
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


def test_temporary_is_general_english_not_a_time_served() -> None:
    temporary = re.compile(rf"\b(?:{TEMPORARY})\b", re.I)
    for said in ("for three weeks", "for a couple of days", "for a few shifts", "for the day", "for 2 weeks",
                 "while Chloe is off", "while Ben's away", "to cover Ana's leave", "covering for Sam",
                 "until Priya is back", "this week only", "temporarily"):  # fmt: skip
        assert temporary.search(f"I moved to the X team {said}."), said
    for said in ("for two years now", "for a weekly sync", "this week", "for good"):
        assert not temporary.search(f"I moved to the X team {said}."), said
