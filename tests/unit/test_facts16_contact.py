"""How the user wants to be reached (issue 9, M25 round 16): a standing instruction is one fact per occasion, a later
way for the same occasion replaces it, and a request to send something now is no instruction."""

from __future__ import annotations

from cognicore.memory._fact_contact import contact_facts
from cognicore.memory.extraction import states_facts
from tests.unit.test_facts16_slots import _told


def test_an_instruction_is_read_for_its_occasion_and_a_request_is_not() -> None:
    [fact] = contact_facts("for outages ring me on my desk line")
    assert (fact["predicate"], fact["object"]) == ("contact_for_outages", "ring on their desk line")
    [fact] = contact_facts("Message me on Teams whenever a Sev1 comes up")
    assert fact["predicate"] == "contact_for_sev1" and "Teams" in fact["statement"]
    assert contact_facts("email me the list of open invoices") == []
    assert contact_facts("text me when the import finishes") == []
    assert contact_facts("could you ping me on Slack for outages?") == []
    assert states_facts("for outages ring me on my desk line")


async def test_a_new_way_for_the_same_occasion_replaces_the_old_one() -> None:
    facts = await _told(
        "for outages ring me on my desk line", "stop ringing me for outages, whatsapp my work phone instead"
    )
    [reach] = [f for f in facts if f.predicate.startswith("contact")]
    assert (reach.predicate, reach.object) == ("contact_for_outages", "whatsapp on their work phone")
    other = await _told("for outages ring me on my desk line", "for invoices email me on my personal address")
    assert {f.predicate for f in other} == {"contact_for_invoices"}  # another occasion: both kept
