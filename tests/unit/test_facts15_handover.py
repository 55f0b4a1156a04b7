"""A role with an area ("I'm the key account lead for <area>") is a thing the user handles, and a hand-over of it in
other words ("handed X over to Kofi", "a colleague took X off my hands", "X went to someone else") ends it; the new
thing the same message gives the user replaces it. Plans, hand-overs for a while and others' hand-overs end nothing
(round 15, issue 9)."""

from __future__ import annotations

import pytest

from cognicore.memory._fact_rules import read_facts
from cognicore.memory._fact_slot import UNCLEAR_OBJECT
from tests.unit.test_facts14_amounts import _said


@pytest.mark.parametrize(
    ("said", "thing"),
    [
        ("I'm the key account lead for the Nordics.", "Nordics"),
        ("I am currently the partner manager for Iberia", "Iberia"),
        ("Benelux is the patch I cover.", "Benelux"),
        ("I head up the DACH accounts", "DACH accounts"),
        ("I'm the service owner for the badge readers.", "badge readers"),
        ("I'm the Badge Reader queue owner.", "Badge Reader queue"),
    ],
)
def test_a_role_over_a_thing_is_a_thing_the_user_handles(said: str, thing: str) -> None:
    [fact] = read_facts(said)
    assert (fact["subject"], fact["predicate"], fact["object"]) == (thing, "handled_by", "The user"), fact


@pytest.mark.parametrize(
    "said",
    [
        "I'm a member of the badge readers working group.",
        "I'm the backup for Ravi on the badge readers.",
        "I'm the Friday on-call engineer",
    ],
)
def test_belonging_or_standing_in_is_no_role_over_a_thing(said: str) -> None:
    assert not any(f["predicate"] == "handled_by" and f["object"] == "The user" for f in read_facts(said))


@pytest.mark.parametrize(
    "then",
    [
        "Handed the badge readers over to Kofi this morning.",
        "fyi Kofi took the badge readers off my hands",
        "the badge readers went to someone else in the end",
        "I passed the badge readers on to the new hire yesterday.",
        "facilities have reassigned the badge readers to Kofi",
    ],
)
def test_a_hand_over_ends_the_thing_the_user_handled(then: str) -> None:
    known, [fact] = _said("I'm the service owner for the badge readers.", then)
    assert fact.object == UNCLEAR_OBJECT and fact.contradicts == known[0]["statement"], fact


@pytest.mark.parametrize(
    ("then", "new"),
    [
        ("Iberia went to Kofi, and the Nordics are mine now.", "Nordics"),
        ("I've moved over to Benelux now; Kofi took Iberia off my hands.", "Benelux"),
    ],
)
def test_the_new_thing_beside_a_hand_over_replaces_it(then: str, new: str) -> None:
    known, [fact] = _said("I am currently the partner manager for Iberia", then)
    assert (fact.subject, fact.object) == (new, "The user") and fact.contradicts == known[0]["statement"], fact


@pytest.mark.parametrize(
    "then",
    [
        "If Iberia goes to Kofi next year I'd like the Nordics.",  # a plan
        "I handed Iberia to Kofi for two weeks while I'm on leave.",  # for a while
        "Kofi passed the Nordics on to Lena.",  # someone else's hand-over of another thing
        "Iberia went to the new pricing model this quarter.",  # no one took it
        "Iberia went to Kofi's team for the audit.",  # for one occasion
    ],
)
def test_a_plan_a_while_or_another_hand_over_ends_nothing(then: str) -> None:
    known, facts = _said("I am currently the partner manager for Iberia", then)
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts


@pytest.mark.parametrize("then", ["MidEast went to Kofi yesterday.", "fyi ME got handed over to the new hire"])
def test_a_thing_handed_away_by_its_short_name_ends_it(then: str) -> None:
    known, [fact] = _said("I look after the Middle East accounts.", then)
    assert fact.object == UNCLEAR_OBJECT and fact.contradicts == known[0]["statement"], fact


def test_a_short_name_of_another_thing_ends_nothing() -> None:
    known, facts = _said("I look after the Middle East accounts.", "MX went to Kofi yesterday.")
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts


@pytest.mark.parametrize(
    "then",
    ["My manager covers the Nordics these days.", "our team lead looks after Benelux now", "My boss runs DACH now."],
)
def test_a_person_named_by_a_role_doing_something_changes_nothing_of_the_users(then: str) -> None:
    known, facts = _said("I'm the key account lead for Iberia.", then)
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts


def test_what_is_done_to_the_users_own_thing_still_changes_it() -> None:
    known, [fact] = _said("My quarterly quota is $600k.", "my boss raised my quota to $700k")
    assert fact.object == "$700k" and fact.contradicts == known[0]["statement"], fact


def test_one_of_the_things_handed_over_ends_none_of_them() -> None:
    known, facts = _said("I look after the badge reader tickets.", "I passed the badge reader ticket on to Kofi today.")
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts


def test_another_holder_of_the_users_thing_ends_the_users() -> None:
    _, facts = _said("I own the badge readers.", "Kofi owns the badge readers now.")
    assert [(f.subject, f.object) for f in facts] == [("badge readers", "Kofi")], facts


@pytest.mark.parametrize(
    "then", ["Kofi owns the badge readers while I'm on leave.", "I passed the badge readers to Kofi while I'm away."]
)
def test_a_hand_over_while_the_user_is_away_ends_nothing(then: str) -> None:
    _, facts = _said("I own the badge readers.", then)
    assert all(f.predicate == "note" for f in facts), facts


@pytest.mark.parametrize(
    "then",
    [
        "Kofi took the door sensors off my supervisor's hands.",  # someone else's hands, another thing
        "Kofi owns the badge reader firmware now.",  # a part of the thing, another thing
    ],
)
def test_another_thing_or_someone_elses_hand_over_ends_nothing(then: str) -> None:
    known, facts = _said("I own the badge readers.", then)
    assert not any(f.contradicts == known[0]["statement"] for f in facts), facts
    assert not any(f.subject == "badge readers" for f in facts), facts


def test_a_second_holder_said_with_also_is_beside_the_user() -> None:
    _, [fact] = _said("I look after the badge readers.", "Kofi also looks after the badge readers now.")
    assert (fact.object, fact.exclusive) == ("Kofi", False), fact


def test_a_place_worked_from_now_instead_of_another_replaces_it() -> None:
    """'... the X hub now instead of Y' stored 'The user is based in now' (fresh8): 'now' says when, not where."""
    from cognicore.memory._fact_newvalue import _SHAPES
    from cognicore.memory._fact_rules import read_facts

    (fact,) = read_facts("I work out of Lagos now instead of Nairobi.")
    assert (fact["object"], fact["contradicts"]) == ("Lagos", "Nairobi")
    (fact,) = read_facts("I work from the Quito branch these days, not Lima.")
    assert (fact["object"], fact["contradicts"]) == ("Quito branch", "Lima")
    said = "I work out of the Lagos hub now instead of Nairobi"
    assert all(m["v"].lower() != "now" for shape in _SHAPES if (m := shape.search(said)) and "v" in m.groupdict())
