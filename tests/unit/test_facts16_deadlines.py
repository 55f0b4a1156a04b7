"""Deadlines told one per thing, and a later change of one of them (issue 9, M25 round 16): the thing's own slot is
replaced, never the other deadlines told in the same message, and a date's month alone names no other date."""

from __future__ import annotations

from cognicore.memory._fact_deadlines import deadline_facts
from cognicore.memory._fact_owners import tokens_of
from cognicore.memory._fact_value_kinds import typed_values
from tests.unit.test_facts16_slots import _told


def test_each_thing_due_by_a_day_is_its_own_fact() -> None:
    facts = deadline_facts("my deadlines - budget memo to Ines by Oct 14, hiring plan to Raj by 3rd of November")
    assert [(f["predicate"], f["object"]) for f in facts] == [
        ("deadline_for_budget_memo", "Oct 14"),
        ("deadline_for_hiring_plan", "3rd of November"),
    ]
    assert "Ines" in facts[0]["statement"] and "Raj" in facts[1]["statement"]
    [due] = deadline_facts("The vendor contract needs to be with legal by Friday.")
    assert (due["predicate"], due["object"]) == ("deadline_for_vendor_contract", "Friday")


def test_a_phrase_of_the_data_or_a_message_saying_more_is_no_deadline() -> None:
    assert deadline_facts("invoices paid by March 3") == []  # no duty, nobody's: a phrase of the data
    assert deadline_facts("it's due Nov 28 now") == []  # no thing named
    assert deadline_facts("my memo to Ines by Oct 14, and can you list the open tickets") == []


async def test_a_change_of_one_deadline_replaces_that_one_only() -> None:
    told = "my deadlines - budget memo to Ines by Oct 14, hiring plan to Raj by Oct 30"
    facts = await _told(told, "bad news, they pulled the hiring plan in, it's due Oct 21 now")
    assert [(f.predicate, f.object) for f in facts] == [("deadline_for_hiring_plan", "Oct 21")]
    assert facts[0].contradicts == "The user's deadline: the hiring plan is due to Raj by Oct 30."
    facts = await _told(
        "The launch checklist has to go to Mia by June 9.",
        "they moved the launch checklist forward, it's now due June 5",
    )
    assert [(f.object, f.contradicts) for f in facts] == [
        ("June 5", "The user's deadline: the launch checklist is due to Mia by June 9.")
    ]


def test_a_date_is_one_value_with_its_day() -> None:
    [date] = typed_values(tokens_of("due Oct 21 now"))
    assert (date.kind, date.key, date.end - date.start) == ("month", "october 21", 2)
    [date] = typed_values(tokens_of("by 5 Dec please"))
    assert (date.kind, date.key) == ("month", "december 5")
