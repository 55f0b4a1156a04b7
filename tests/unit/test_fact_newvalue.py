"""The new value of a change that names the old one (issue 9.4, M9): read from the change's shape, in the known slot."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_known import UNCLEAR_OBJECT
from cognicore.memory._fact_newvalue import is_target, new_value, replaced_in, reversal
from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor


def _known(text: str) -> list[dict[str, Any]]:
    return [{**f, "status": "active", "id": i} for i, f in enumerate(read_facts(text), start=1)]


async def _change(first: str, change: str) -> list[FactCandidate]:
    out = await OfflineFactExtractor().extract(user_message=change, assistant_message="", known_facts=_known(first))
    return out.facts


@pytest.mark.parametrize(
    ("first", "change", "subject", "predicate", "new"),
    [
        ("I escalate P2 tickets to Marta.", "Marta doesn't take escalations anymore, I send them to Olu", "user",
         "escalates", "P2 tickets to Olu"),
        ("our team uses Cisco AnyConnect for VPN", "we dropped AnyConnect, it's GlobalProtect now", "we", "uses",
         "GlobalProtect for VPN"),
        ("Sofia handles the Acme account.", "Sofia isn't on Acme anymore, Jonas took it over", "Acme account",
         "handled_by", "Jonas"),
        ("My manager is Dana.", "last week Dana handed the team over to Farid", "user", "manager", "Farid"),
        ("Ben is our on-call engineer this week.", "on-call got passed to Chloe", "we", "on_call_engineer", "Chloe"),
        # the named word ("March") is in the new value too: the whole value changed, its preposition kept
        ("The quarterly business review is on 12 March.", "The QBR was moved, it's on 19 March now.", "we",
         "quarterly_business_review", "on 19 March"),
    ],
)  # fmt: skip
async def test_a_change_naming_the_old_value_reads_the_new_one_from_its_shape(
    first: str, change: str, subject: str, predicate: str, new: str
) -> None:
    [fact] = await _change(first, change)
    assert (fact.subject, fact.predicate, fact.object, fact.exclusive) == (subject, predicate, new, True), fact
    assert fact.contradicts == _known(first)[0]["statement"], fact
    assert new.lower() in fact.statement.lower(), fact


async def test_two_new_values_are_no_guess_the_change_is_marked_unclear() -> None:
    [fact] = await _change("I escalate P2 tickets to Marta.", "Marta is gone, I send them to Olu or to Kim instead")
    assert fact.object == UNCLEAR_OBJECT and fact.contradicts == "The user escalates P2 tickets to Marta.", fact


async def test_a_value_the_change_goes_back_to_is_not_ended() -> None:
    # "back to DHL" names DHL as the new value: the fact holding DHL is not replaced by a marker.
    facts = await _change("We ship our orders with DHL.", "actually we're back to DHL")
    assert not [f for f in facts if f.object == UNCLEAR_OBJECT], facts


def test_the_shapes_read_one_value_and_refuse_pronouns() -> None:
    known = {"statement": "Our on-call engineer is Ben.", "object": "Ben"}
    assert new_value("Ben passed it to Chloe for the weekend", known) == "Chloe"
    assert new_value("Ben handed it over to them", known) is None  # a pronoun is no value
    assert new_value("it's Ben again now", known) is None  # nothing new
    assert is_target("we went back to DHL", "dhl") and not is_target("we left DHL for UPS", "dhl")
    assert replaced_in("Cisco AnyConnect for VPN", "anyconnect", "GlobalProtect") == "GlobalProtect for VPN"
    assert replaced_in("Marta", "marta", "Olu") == "Olu"


async def test_a_switch_whose_purpose_names_a_known_relation_replaces_it() -> None:
    [fact] = await _change("We ship our orders with DHL.", "we switched to UPS for shipping")
    assert fact.contradicts == "We ship our orders with DHL." and "UPS" in fact.object, fact
    # A purpose naming no known relation of the same owner replaces nothing.
    [other] = await _change("We ship our orders with DHL.", "we switched to Slack for chat")
    assert other.contradicts is None, other


async def test_a_known_slot_named_by_its_words_takes_the_value_of_a_change_shape() -> None:
    known = [
        {"subject": "we", "predicate": "resets", "object": "handled by the helpdesk", "exclusive": True,
         "statement": "Our resets is handled by the helpdesk.", "status": "active", "kind": "fact"},
    ]  # fmt: skip
    out = await OfflineFactExtractor().extract(
        user_message="actually password resets are back on the self-service portal", assistant_message="",
        known_facts=known,
    )  # fmt: skip
    [fact] = out.facts
    assert (fact.predicate, fact.object, fact.contradicts) == ("resets", "self-service portal", known[0]["statement"])


@pytest.mark.parametrize(
    ("text", "current"),
    [
        ("I no longer use Excel for forecasting, Tableau instead", "The user uses Tableau for forecasting."),
        ("we stopped using Jira, Linear instead", "We use Linear."),
    ],
)
async def test_an_ending_with_its_replacement_gives_the_current_value_too(text: str, current: str) -> None:
    out = await OfflineFactExtractor().extract(user_message=text, assistant_message="", known_facts=[])
    ended, now = out.facts
    assert ended.predicate.startswith(("no_longer", "stopped")) and now.statement == current, out.facts


@pytest.mark.parametrize(
    ("text", "subject", "predicate", "obj"),
    [
        ("Since Monday Pavel is the one I report to.", "user", "manager", "Pavel"),
        ("Kim is who we call for printer jams", "we", "calls", "Kim for printer jams"),
    ],
)
def test_a_cleft_is_read_as_the_plain_sentence(text: str, subject: str, predicate: str, obj: str) -> None:
    [fact] = read_facts(text)
    assert (fact["subject"], fact["predicate"], fact["object"]) == (subject, predicate, obj), fact


def test_a_reversal_needs_one_replaced_value_whose_successor_is_current() -> None:
    dhl = {"id": 1, "subject": "we", "predicate": "ships", "object": "our orders with DHL", "status": "superseded",
           "superseded_by": 2, "statement": "We ship our orders with DHL."}  # fmt: skip
    ups = {"id": 2, "subject": "we", "predicate": "uses", "object": "UPS for shipping", "status": "active",
           "superseded_by": None, "statement": "We use UPS for shipping."}  # fmt: skip
    back = reversal("actually we're back to DHL", [dhl, ups])
    assert back is not None and (back.object, back.contradicts) == ("our orders with DHL", ups["statement"]), back
    assert reversal("we're back to FedEx", [dhl, ups]) is None  # never held
    assert reversal("we ship with DHL", [dhl, ups]) is None  # no reversal said
    assert reversal("actually we're back to DHL", [dhl, {**ups, "status": "superseded"}]) is None  # nothing current


@pytest.mark.parametrize(
    ("first", "change", "predicate", "new"),
    [
        ("Our Q3 target is 1.2M.", "sorry typo, Q3 target is 1.4M not 1.2M", "q3_target", "1.4M"),
        ("I fly Lufthansa for work trips.", "flying KLM instead of Lufthansa these days", "flies",
         "KLM for work trips"),
        ("We decided to run the spring promo on Instagram.", "we scrapped Instagram for the spring promo, doing TikTok",
         "decided", "run the spring promo on TikTok"),
        ("My commission rate is 4%.", "commission went up to 5%", "commission_rate", "5%"),
        ("Our backup window starts at 1am.", "backup window now starts at 2am", "backup_window", "2am"),
        ("Marta owns the Nordics pipeline.", "she's handed it to Kofi", "handled_by", "Kofi"),
        ("Our SLA for P3 tickets is 3 days.", "management says P3 SLA is 2 days from now on", "sla", "2 days"),
    ],
)  # fmt: skip
async def test_second_batch_shapes_of_a_new_value(first: str, change: str, predicate: str, new: str) -> None:
    [fact] = await _change(first, change)
    assert (fact.predicate, fact.object) == (predicate, new), fact
    assert fact.contradicts == _known(first)[0]["statement"], fact


async def test_what_stays_the_same_is_not_changed() -> None:
    # "same team": the team is named but unchanged; only the floor moves.
    facts = await _change("I'm on the network team and I sit on floor 3.", "they moved me to floor 5, same team")
    assert [(f.predicate, f.object) for f in facts] == [("sits", "on floor 5")], facts
    # "still on retail": the accounts stay; the user moved office.
    facts = await _change(
        "I'm based in the Lyon office and I cover retail accounts.",
        "btw moved to the Paris office last month, still on retail",
    )
    assert [(f.predicate, f.object) for f in facts] == [("lives_in", "the Paris office")], facts


async def test_a_pronoun_hand_over_with_two_things_held_is_no_guess() -> None:
    known = _known("Marta owns the Nordics pipeline.") + _known("Omar owns the Benelux pipeline.")
    out = await OfflineFactExtractor().extract(
        user_message="she's handed it to Kofi", assistant_message="", known_facts=known
    )
    assert not [f for f in out.facts if f.object == "Kofi" and f.contradicts], out.facts


def test_who_said_it_is_not_part_of_the_fact() -> None:
    [fact] = read_facts("management says our P3 SLA is 2 days from now on")
    assert (fact["subject"], fact["object"]) == ("we", "2 days"), fact


async def test_a_thing_the_user_held_going_to_someone_is_no_new_thing_of_the_users() -> None:
    facts = await _change("I look after the DACH accounts.", "DACH went to Kemal, I've got the Benelux accounts now")
    assert not [f for f in facts if "Kemal" in f.object and f.subject == "DACH accounts"], facts


@pytest.mark.parametrize(
    ("known", "change"),
    [
        # the old value itself is handed over: Lena is its new holder, not the user's new territory
        (
            {"object": "the Nordics", "statement": "The user's territory is the Nordics."},
            "I've handed the Nordics over to Lena and taken on Iberia",
        ),
        # "is our key French account now": the slot named again, not its value
        (
            {"object": "Maison Duval", "statement": "Our key account in France is Maison Duval."},
            "we lost Maison Duval, Bistrot Leclerc is our key French account now",
        ),
    ],
)
def test_no_new_value_is_taken_from_a_hand_over_of_the_value_or_the_slot_renamed(
    known: dict[str, Any], change: str
) -> None:
    assert new_value(change, known) is None


def test_the_holder_handed_over_still_gives_the_new_value() -> None:
    assert new_value("on-call got passed to Chloe", {"object": "Ben", "statement": "Our on-call engineer is Ben."}) == (
        "Chloe"
    )
