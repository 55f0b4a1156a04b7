"""Round 18 supersession check (issue 9): whatever rule read a fact, it ends a known one only when the clause naming
its new value is a real change of the same owner's slot: not a third party's, not supposed or wished, not bounded to
one occasion. Wordings are our own (in no held-out or dev file)."""

from __future__ import annotations

from cognicore.memory._fact_supersession import not_a_change_of_slot
from cognicore.memory.extraction import FactCandidate
from tests.unit.test_fact_changes11 import _extract, _known


def _ends(facts: list[FactCandidate], *known: str) -> bool:
    """Does one of `facts` end one of the known facts (named, or another value of its exclusive slot)?"""
    return any(not_a_change_of_slot("", f, []) is None and f.contradicts for f in facts) or any(
        f.exclusive and f.predicate == k["predicate"] and f.subject == k["subject"] and f.object != k["object"]
        for f in facts
        for k in _known(*known)
    )


async def test_a_third_partys_move_ends_none_of_the_users_facts() -> None:
    # Both were read as the user's new queue before the check (the rule for "switched over to" reads no subject).
    for message, held in (
        ("Sanjay switched over to the Email queue this afternoon.", "I work the Payroll queue."),
        ("Sanjay switched over to the Email queue this afternoon.", "I am on the Payroll queue."),
        ("Omar hopped over to the Laptop queue last night.", "I work the Payroll queue."),
    ):
        facts = await _extract(message, held)
        assert not _ends(facts, held), (message, facts)


async def test_a_change_bounded_to_one_occasion_or_only_supposed_ends_nothing() -> None:
    for message in (
        "During the spring sale only, my discount limit is 20%.",
        "There is talk my discount limit could go to 15%.",
        "Hoping my discount limit gets raised to 25% one day.",
    ):
        facts = await _extract(message, "My discount limit is 10%.")
        assert not _ends(facts, "My discount limit is 10%."), (message, facts)


async def test_a_real_change_of_the_users_own_slot_still_ends_it() -> None:
    facts = await _extract("They've moved me onto the Laptop queue.", "I work the Payroll queue.")
    assert _ends(facts, "I work the Payroll queue."), facts
    facts = await _extract("My discount limit went up to 12%.", "My discount limit is 10%.")
    assert _ends(facts, "My discount limit is 10%."), facts


async def test_a_value_bounded_to_a_day_or_a_later_period_ends_nothing() -> None:
    for message, held in (
        ("On Thursdays my shift finishes at 3pm.", "My shift finishes at 5pm."),
        ("From next month on, nothing changes, but in March my quota is $90k.", "My quota is $70k."),
        ("Next quarter I'm moving onto the Printer queue.", "I work the Payroll queue."),
    ):
        facts = await _extract(message, held)
        assert not _ends(facts, held), (message, facts)


async def test_another_one_of_its_kind_said_of_no_one_or_another_persons_onward_relation_ends_nothing() -> None:
    for message, held in (
        ("The bonus on renewals is 3% now.", "My bonus is 6%."),
        ("Dana's approvals go to Felix now.", "I send my approvals to Dana."),
    ):
        facts = await _extract(message, held)
        assert not _ends(facts, held), (message, facts)


async def test_a_dated_or_unbounded_change_of_the_users_slot_still_ends_it() -> None:
    for message, held in (
        ("My shift finishes at 6pm from Monday.", "My shift finishes at 5pm."),
        ("As of March my quota is $80k.", "My quota is $70k."),
    ):
        facts = await _extract(message, held)
        assert _ends(facts, held), (message, facts)


async def test_an_actor_in_a_lead_in_or_the_old_value_replaced_is_no_other_owner() -> None:
    for message, held in (
        ("Procurement approved it, the offsite cap went up to $30k.", "Our offsite cap is $25k."),
        ("Okta's been swapped out for Entra for logins", "Our login provider is Okta."),
    ):
        facts = await _extract(message, held)
        assert all(not_a_change_of_slot(message, f, _known(held)) is None for f in facts), (message, facts)
