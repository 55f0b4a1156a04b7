"""Changes read by the offline extractor (issue 9.4, M15): several in one message, by a factor, said as a correction."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_known import UNCLEAR_OBJECT
from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _known(*texts: str) -> list[dict[str, Any]]:
    facts = [f for text in texts for f in read_facts(text)]
    return [{**f, "status": "active", "id": i} for i, f in enumerate(facts, start=1)]


async def _extract(message: str, *known: str) -> list[FactCandidate]:
    out = await OfflineFactExtractor().extract(
        user_message=message, assistant_message="", known_facts=_known(*known), told=True
    )
    return out.facts


async def test_two_facts_changed_in_one_message_are_both_read() -> None:
    # The first clause has no subject (chat leaves out "I"); the second has its own ("my new manager").
    facts = await _extract(
        "quick update - moved to the Barcelona office last week and my new manager is Idris",
        "I'm based in the Porto office",
        "my manager is Greta",
    )
    got = {(f.predicate, f.object) for f in facts}
    assert got == {("lives_in", "the Barcelona office"), ("manager", "Idris")}, facts


async def test_a_second_clause_about_the_teams_thing_is_split_off() -> None:
    facts = await _extract("we switched to FedEx and the refund window is 21 days now", "our refund window is 45 days")
    assert ("refund_window", "21 days") in {(f.predicate, f.object) for f in facts}, facts


async def test_a_new_fact_in_another_clause_never_takes_an_old_value_of_another_owner() -> None:
    # "tickets" of "tickets in Jira" names nothing: the hand-over is its own fact; Jira's change was not read.
    facts = await _extract(
        "fyi we moved off jira to Linear, and Omar handles printer tickets now",
        "We log tickets in Jira.",
        "Dana handles printer tickets",
    )
    [handover] = [f for f in facts if f.predicate == "handled_by"]
    assert (handover.object, handover.contradicts) == ("Omar", None), facts
    [marker] = [f for f in facts if f.object == UNCLEAR_OBJECT]
    assert marker.contradicts == "We log tickets in Jira.", facts


@pytest.mark.parametrize(
    ("known", "change", "new"),
    [
        ("my weekly training budget is 800 dollars", "my manager doubled my training budget", "1600 dollars"),
        ("Each engineer gets 12 spare laptops per year.", "the spare laptops per engineer got cut in half",
         "6 per engineer"),
        ("Our P2 queue limit is 30 tickets.", "the p2 queue limit was halved", "15 tickets"),
        ("My Q2 quota is 70k.", "my q2 quota is up by 5k", "75k"),
        ("My Q2 quota is 70000 euros.", "my q2 quota is up by 5k", "75000 euros"),
        ("Our marketing budget is 2.5m", "the marketing budget went down by 500k", "2m"),
    ],
)  # fmt: skip
async def test_an_amount_revised_in_words_changes_the_known_figure(known: str, change: str, new: str) -> None:
    [fact] = await _extract(change, known)
    assert new in fact.object and fact.contradicts == _known(known)[0]["statement"], fact


@pytest.mark.parametrize(
    ("known", "change"),
    [
        ("Magnus is our channel manager", "magnus moved to the Bergen team"),  # a fact about Magnus is read
        ("Ines is our solutions engineer", "Ines moved over to customer success"),
        ("My mentor is Kwame", "kwame relocated to Nairobi"),
        ("Ines is our printer specialist", "ines transferred to the York site"),
    ],
)
async def test_a_named_person_moving_keeps_the_role_they_hold(known: str, change: str) -> None:
    # Where the person went is never the role's new holder ("our channel manager is Bergen team").
    facts = await _extract(change, known)
    holder = _known(known)[0]
    assert facts and all(f.predicate != holder["predicate"] and not f.contradicts for f in facts), facts


@pytest.mark.parametrize(
    ("known", "change", "new"),
    [
        (("My badge number is 5512.",), "sorry i meant 5521, typo", "5521"),
        (("My quota this quarter is 300 units of the Haven Doorbell",), "oops, I meant 350 units, not 300",
         "350 units of the Haven Doorbell"),
        (("Our release day is Tuesday.",), "no wait, I meant friday", "friday"),
        # the old value named picks the one fact among two figures
        (("My badge number is 5512.", "My desk is on floor 4."), "I meant 5521, not 5512", "5521"),
    ],
)  # fmt: skip
async def test_a_correction_replaces_the_one_known_value_of_its_shape(
    known: tuple[str, ...], change: str, new: str
) -> None:
    [fact] = await _extract(change, *known)
    assert fact.object == new and fact.contradicts in {k["statement"] for k in _known(*known)}, fact


async def test_a_correction_of_two_possible_values_is_only_a_note() -> None:
    facts = await _extract("sorry i meant 5521, typo", "My badge number is 5512.", "My desk is on floor 4.")
    assert [f.predicate for f in facts] == ["note"] and not facts[0].contradicts, facts


@pytest.mark.parametrize(
    ("told", "fact"),
    [
        ("My mentor is Kwame, he works from the Accra office", ("user", "mentor", "Kwame")),
        ("Ines is my backup, she sits in the York office", ("user", "backup", "Ines")),
    ],
)
def test_a_second_statement_about_the_person_just_named_is_not_their_name(told: str, fact: tuple[str, ...]) -> None:
    assert [(f["subject"], f["predicate"], f["object"]) for f in read_facts(told)] == [fact]


async def test_a_count_of_people_of_a_role_on_a_shift_is_a_figure_a_change_moves() -> None:
    [told] = read_facts("There are 7 technicians on the late shift.")
    assert (told["object"], told["statement"]) == ("7 technicians", "We have 7 technicians on the late shift.")
    [fact] = await _extract("late shift headcount is down by 3", "There are 7 technicians on the late shift.")
    assert fact.object == "4 technicians" and fact.contradicts == told["statement"], fact


async def test_a_kind_of_thing_counted_is_its_own_figure_and_a_change_moves_only_it() -> None:
    told = ("We have 30 spare chargers.", "We have 8 loaner phones.")
    assert [f["predicate"] for t in told for f in read_facts(t)] == ["spare_chargers", "loaner_phones"]
    [fact] = await _extract("procurement doubled our spare chargers", *told)
    assert (fact.predicate, fact.object) == ("spare_chargers", "60 spare chargers"), fact
    [fact] = await _extract("we lost 2 loaner phones last month", *told)
    assert (fact.predicate, fact.object) == ("loaner_phones", "6 loaner phones"), fact
