"""Review 15 (RM), fixer FM: a held thing is ended only by a change that gives it away now (not a plan, not a gift
to the user, not another thing named after it); the end of one held thing casts no doubt on another; a plan or another
person's saying does not lead an answer over the user's fact as "current"; a team's figure keeps the team in its
words and is never the user's own (issue 9)."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_rules import read_facts
from cognicore.memory._fact_slot import UNCLEAR_OBJECT
from cognicore.subagents._memory_items import ends_another
from tests.unit.test_facts14_amounts import _said
from tests.unit.test_memory_doubt import _ask, _fact

EUROPE = "I'm the account manager for Europe."


@pytest.mark.parametrize(
    "then",
    [
        "Dana is taking Europe off my hands from January.",  # the reviewer's: a plan
        "Dana handed Europe over to me last year.",  # the reviewer's: the user received it
        "I handed the Europe renewals report over to Dana.",  # the reviewer's: another thing named after it
        "Dana will take Europe off my hands next month.",
        "Kofi passed Europe on to us after the reorg.",
        "I gave the Europe pipeline review to Dana.",
    ],
)
def test_a_plan_a_gift_to_the_user_or_another_thing_ends_nothing(then: str) -> None:
    _, facts = _said(EUROPE, then)
    assert not any(f.contradicts for f in facts), facts


@pytest.mark.parametrize("then", ["Europe went to Dana.", "Dana took Europe off my hands."])
def test_a_hand_over_now_still_ends_the_held_thing(then: str) -> None:
    known, [fact] = _said(EUROPE, then)
    assert fact.object == UNCLEAR_OBJECT and fact.contradicts == known[0]["statement"], fact


def test_handing_one_of_two_things_away_ends_that_one_only() -> None:
    known, [fact] = _said(EUROPE, "I also cover North America.", "Dana took North America off my hands.")
    assert fact.contradicts == known[1]["statement"] and "North America" in fact.statement, fact


def _marker(index: int, ended: str, said: str, at: str) -> dict[str, Any]:
    marker = _fact(index, f'Not sure any more: "{ended}" changed (the user said "{said}"), but I could not '
                   "understand the new value.", at)  # fmt: skip
    return {**marker, "object": UNCLEAR_OBJECT}


def test_the_end_of_one_thing_is_the_end_of_no_other() -> None:
    marker = _marker(3, "The user is responsible for North America", "x", "2031-05-02T10:17:00+00:00")
    europe = _fact(1, "The user is responsible for Europe.", "2031-05-02T10:15:00+00:00")
    america = _fact(2, "The user is responsible for North America.", "2031-05-02T10:16:00+00:00")
    assert ends_another(marker, europe) and not ends_another(marker, america)
    same = _marker(4, "The user's quota is $600k", "x", "2031-05-02T10:17:00+00:00")
    assert not ends_another(same, _fact(5, "The user has a quota of $600k.", "2031-05-02T10:15:00+00:00"))


@pytest.mark.parametrize(
    ("ended", "said", "question"),
    [
        ("The user is responsible for North America", "Dana took North America off my hands",
         "which region am I looking after?"),
        ("The user is responsible for partner channel", "I handed the partner channel over to Ben",
         "which region am I looking after?"),
        ("The user is responsible for Benelux", "I passed Benelux on to Kofi", "which region do I cover?"),
    ],
)  # fmt: skip
async def test_the_thing_still_held_answers(ended: str, said: str, question: str) -> None:
    europe = _fact(1, "The user is responsible for Europe.", "2031-05-02T10:15:00+00:00", turn="a#1")
    marker = _marker(2, ended, said, "2031-05-02T10:17:00+00:00")
    text, used = await _ask(question, [europe, marker])
    assert text.startswith("The user is responsible for Europe") and "not sure" not in text.lower(), text
    assert used == [1], used


@pytest.mark.parametrize(
    ("said", "question"),
    [
        ("Finance will raise my quota by $50k next quarter.", "what's my quota right now?"),  # the reviewer's
        ("If they raise my quota by $40k I'll take the Nordics too.", "what's my quota?"),  # the reviewer's
        ("Maybe my quota gets bumped to $700k after the review.", "what is my quota now?"),
    ],
)
async def test_a_plan_said_later_is_not_the_current_value(said: str, question: str) -> None:
    quota = _fact(1, "The user's quota is $600k.", "2031-05-02T10:15:00+00:00", turn="a#1")
    note = {**_fact(2, f'The user said: "{said}"', "2031-05-02T10:16:00+00:00", turn="b#1"), "note": True}
    text, _ = await _ask(question, [quota, note])
    assert "Before that" not in text, text
    assert "600k" in text and ("not sure" in text.lower() or text.startswith("The user's quota is $600k")), text


@pytest.mark.parametrize(
    "said", ["My manager covers Europe these days.", "My lead took over Europe these days."]
)  # the reviewer's, and one of our own
async def test_another_persons_saying_does_not_lead_over_the_users_fact(said: str) -> None:
    europe = _fact(1, "The user is responsible for Europe.", "2031-05-02T10:15:00+00:00", turn="a#1")
    note = {**_fact(2, f'The user said: "{said}"', "2031-05-02T10:16:00+00:00", turn="b#1"), "note": True}
    text, _ = await _ask("which region am I looking after?", [europe, note])
    assert "Before that" not in text, text


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        ("Our team's target is $2M for the year.", "Our team's target is $2M for the year."),  # the reviewer's
        ("My team's target is 50 tickets a week.", "Our team's target is 50 tickets a week."),
        ("My company's quota is $5M.", "Our company's quota is $5M."),
    ],
)
def test_a_teams_figure_keeps_the_team_and_is_never_the_users(said: str, statement: str) -> None:
    [fact] = read_facts(said)
    assert fact["subject"] == "we" and fact["statement"] == statement, fact


def test_our_own_figure_is_unchanged() -> None:
    [fact] = read_facts("Our target is 40 tickets a week.")
    assert fact["statement"] == "Our target is 40 tickets a week.", fact
