"""Change-aware extraction (issue 9.4, M12): changes worded in other words land on the known slot; near facts do not.

Each change goes through the real offline extractor with the facts the first statement gave as known facts, and is
checked by its subject, slot, value and what it names as contradicted (the store supersedes by those).
"""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory._fact_clause import prepare, qualify
from cognicore.memory._fact_keys import lemma, subject_key
from cognicore.memory._fact_rules import read_facts
from cognicore.memory.extraction import FactCandidate, OfflineFactExtractor, worded_as_reversal


def _known(text: str) -> list[dict[str, Any]]:
    return [{**f, "status": "active", "id": i} for i, f in enumerate(read_facts(text), start=1)]


async def _change(first: str, change: str) -> list[FactCandidate]:
    extracted = await OfflineFactExtractor().extract(
        user_message=change, assistant_message="", known_facts=_known(first), told=True
    )
    return extracted.facts


@pytest.mark.parametrize(
    ("first", "change", "predicate", "new", "names"),
    [
        # a time word in the middle of the clause: the shape is read around it
        ("Priya is my sales engineer.", "my sales engineer these days is Marco", "sales_engineer", "Marco", None),
        ("Kenji is my team lead.", "these days my team lead is Aisha", "team_lead", "Aisha", None),
        # the new value as the last clause after the old one was denied, or "it's X for me"
        ("My day off is Friday.", "day off isn't friday anymore, it's monday", "day_off", "monday", "Friday"),
        ("I'm a big latte drinker", "lately its chai for me, no more lattes", "drinks", "chai", "latte"),
        # a replacement with the "I" left out
        ("I drink black coffee at work.", "swapped coffee for mate lately", "drinks", "mate", "coffee"),
        # the old value after ", not": cut off the clause and named as contradicted
        ("I work from home on Fridays.", "I work from home on thursdays now, not fridays", "days_in_home", "thursdays",
         "fridays"),
        # a verb and its gerund name one slot ("ship" / "shipping")
        ("We ship from the Rotterdam warehouse.", "we moved shipping to the Hamburg warehouse", "shipping",
         "the Hamburg warehouse", "Rotterdam"),
    ],
)  # fmt: skip
async def test_a_change_in_other_words_lands_on_the_known_slot(
    first: str, change: str, predicate: str, new: str, names: str | None
) -> None:
    facts = await _change(first, change)
    [fact] = [f for f in facts if f.object == new]
    assert fact.predicate == predicate, facts
    assert fact.exclusive, facts
    if names is not None:
        assert names.lower() in (fact.contradicts or "").lower(), facts


async def test_a_role_is_never_read_as_a_team_handling_a_copula() -> None:
    """ "my team lead is Aisha" once read as "Our team is responsible for is Aisha" (a confident wrong fact)."""
    [fact] = [FactCandidate(**f) for f in read_facts("my team lead is Aisha")]
    assert (fact.subject, fact.predicate, fact.object) == ("user", "team_lead", "Aisha")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("In the morning I drink espresso.", "in the evening I drink herbal tea"),
        ("I drink green tea in the afternoon", "At night I drink chamomile"),
    ],
)
async def test_a_habit_of_another_part_of_the_day_is_a_near_fact_not_a_change(first: str, second: str) -> None:
    [before] = _known(first)
    [after] = await _change(first, second)
    assert before["predicate"] != after.predicate and after.predicate.startswith("drinks_"), (before, after)
    assert after.contradicts is None


def test_prepare_moves_a_leading_qualifier_and_cuts_the_old_value() -> None:
    ready = prepare("In the morning I drink espresso, not tea")
    assert (ready.text, ready.old, ready.daypart) == ("I drink espresso in the morning", "tea", "in the morning")
    assert prepare("In my team we use Jira").text == "In my team we use Jira"  # the user's own group is no time
    assert prepare("I am happy, not sure why").old is None


def test_qualify_names_the_old_value_without_making_a_fact_exclusive() -> None:
    """ "I like tea, not coffee" ends the coffee fact by name; it does not make every later "like" replace it."""
    [fact] = qualify([{"subject": "user", "predicate": "likes", "object": "tea", "statement": "The user likes tea"}],
                     prepare("I like tea, not coffee"))  # fmt: skip
    assert fact["contradicts"] == "coffee" and "exclusive" not in fact


@pytest.mark.parametrize(
    ("word", "base"),
    [("shipping", "ship"), ("ships", "ship"), ("shipped", "ship"), ("replies", "reply"), ("uses", "use"),
     ("passes", "pass"), ("logging", "log"), ("status", "status"), ("class", "class")],
)  # fmt: skip
def test_lemma(word: str, base: str) -> None:
    assert lemma(word) == base


@pytest.mark.parametrize(
    ("text", "reversal"),
    [("actually we're back to DHL", True), ("we reverted to the old VPN client", True),
     ("Chloe is on call again", True), ("same as before", True),
     ("we switched to UPS for shipping", False), ("my day off is monday now", False)],
)  # fmt: skip
def test_only_a_reversal_needs_the_superseded_facts(text: str, reversal: bool) -> None:
    assert worded_as_reversal(text) is reversal


@pytest.mark.parametrize(
    ("first", "change"),
    [("Email tickets go to the messaging queue.", "email tickets now go to the infra queue"),
     ("Escalations go to Tier 2.", "escalations go to the vendor now"),
     ("Refund requests are routed to the billing queue", "refund requests go to finance these days")],
)  # fmt: skip
async def test_where_a_kind_of_thing_goes_is_one_place_at_a_time(first: str, change: str) -> None:
    """Once kept only as notes (which no later wording could end), routings are a slot: the same thing, a new place."""
    [before] = _known(first)
    [after] = await _change(first, change)
    assert (before["predicate"], after.predicate) == ("goes_to", "goes_to") and after.exclusive
    assert before["subject"] == after.subject and before["object"] != after.object


def test_a_person_going_somewhere_is_no_routing() -> None:
    assert all(f["predicate"] != "goes_to" for f in read_facts("Ana goes to the gym"))


async def test_a_person_named_before_is_read_in_lower_case() -> None:
    """ "ben also handles email tickets": a person is read by the capital letter, which fast typing leaves out."""
    [fact] = await _change("Ben handles the VPN tickets.", "ben also handles email tickets")
    assert (fact.subject, fact.predicate, fact.object) == ("email tickets", "handled_by", "Ben")
    [fact] = await _change("Will handles the VPN tickets.", "I will handle email tickets from now on")
    assert fact.object != "Will", fact  # a name that is also a word stays the word


async def test_a_change_naming_a_noted_value_in_another_inflection_ends_the_note() -> None:
    """ "I do my forecasts in Excel" is kept as a note; "I no longer use Excel for forecasting" names it
    ("forecasting" and "forecasts" are one word), so the note ends instead of staying current beside the change."""
    known = [{**f, "status": "active", "id": 1} for f in read_facts("I do my forecasts in Excel.")]
    assert not known  # no rule reads it: the job keeps it as a note
    extractor = OfflineFactExtractor()
    note = (await extractor.extract(user_message="I do my forecasts in Excel.", assistant_message="", known_facts=[],
                                    told=True)).facts  # fmt: skip
    noted = [{**f.model_dump(), "status": "active", "id": 1} for f in note]
    change = "I no longer use Excel for forecasting, Tableau instead"
    facts = (await extractor.extract(user_message=change, assistant_message="", known_facts=noted, told=True)).facts
    assert any(f.contradicts == noted[0]["statement"] for f in facts), facts


async def test_a_same_slot_change_names_no_known_value_when_two_could_be_meant() -> None:
    known = [
        {"subject": "we", "predicate": "ships", "object": "from Rotterdam", "statement": "We ship from Rotterdam.",
         "status": "active", "id": 1, "exclusive": False},
        {"subject": "we", "predicate": "ships", "object": "to Germany", "statement": "We ship to Germany.",
         "status": "active", "id": 2, "exclusive": False},
    ]  # fmt: skip
    extracted = await OfflineFactExtractor().extract(
        user_message="we moved shipping to the Hamburg warehouse", assistant_message="", known_facts=known, told=True
    )
    assert all(f.contradicts is None for f in extracted.facts), extracted.facts


@pytest.mark.parametrize(
    ("first", "second"),
    [("The Oslo office printer is a Ricoh.", "the Bergen office printer is a Canon"),
     ("My laptop runs Windows 11.", "my desktop runs Ubuntu")],
)  # fmt: skip
async def test_named_things_and_what_a_thing_runs_are_slots_of_their_own(first: str, second: str) -> None:
    """Once kept as notes, which the answer could not tell apart ("I cannot tell whether that changed it")."""
    [before] = _known(first)
    [after] = await _change(first, second)
    assert before["predicate"] != "note" and after.predicate != "note" and before["predicate"] != after.predicate
    assert after.contradicts is None


async def test_what_a_thing_runs_changes_in_its_slot() -> None:
    [after] = await _change("My laptop runs Windows 11.", "my laptop runs Ubuntu now")
    assert (after.predicate, after.object, after.exclusive) == ("laptop_runs", "Ubuntu", True)


def test_the_weather_is_still_no_fact() -> None:
    assert read_facts("the weather is nice") == []


@pytest.mark.parametrize(
    ("first", "change", "predicate", "new"),
    [
        # a hand-over in the passive
        ("The Q1 forecast is owned by Lena.", "the Q1 forecast was handed over to Omar", "handled_by", "Omar"),
        ("Chloe covers Wi-Fi tickets.", "Wi-Fi tickets were reassigned to Ana", "handled_by", "Ana"),
        # "until further notice" is no part of the value; a first clause about someone else is said apart
        ("My backup contact is Ben.", "ben's out, my backup contact is chloe until further notice", "backup_contact",
         "chloe"),
        # "'s been extended": a bare figure, the team's
        ("Our P4 deadline is 5 days.", "P4 deadline's been extended to 7 days", "p4_deadline", "7 days"),
        # "have been driving to": a way of getting there; "since the strike" is no part of it
        ("I usually take the train to the office.", "I've been driving to the office since the strike",
         "gets_to_office", "drive"),
    ],
)  # fmt: skip
async def test_second_batch_changes_land_on_the_known_slot(first: str, change: str, predicate: str, new: str) -> None:
    [before] = _known(first)
    [fact] = await _change(first, change)
    assert (fact.predicate, fact.object) == (predicate, new), fact
    assert subject_key(fact.subject) == subject_key(before["subject"]), (before, fact)


async def test_what_stays_the_same_is_not_read_as_the_change() -> None:
    """ "standup's at 9:30 now, retro stays on friday" once moved 9:30 into the retro's slot (a guess, and wrong)."""
    first, change = "My standup is at 9 and my retro is on Fridays.", "standup's at 9:30 now, retro stays on friday"
    facts = await _change(first, change)
    assert [(f.predicate, f.object) for f in facts] == [("standup", "at 9:30")], facts


def test_a_passive_hand_over_needs_a_thing() -> None:
    assert all(f["predicate"] != "handled_by" for f in read_facts("I was assigned to Ana"))


async def test_a_thing_handed_over_ends_the_one_note_of_its_holder() -> None:
    """ "Carla is our account manager at Contoso" is a note; "Dev took over the account" ends it (it was answered as
    current before), but a hand-over of a thing no note names ends nothing."""
    extractor = OfflineFactExtractor()
    first = "Carla is our account manager at Contoso."
    said = (await extractor.extract(user_message=first, assistant_message="", known_facts=[])).facts
    noted = [{**f.model_dump(), "status": "active", "id": 1} for f in said]
    assert [n["predicate"] for n in noted] == ["note"]
    for change, ends in (("she left Contoso, Dev took over the account", True), ("Dev took over the VPN queue", False)):
        facts = (await extractor.extract(user_message=change, assistant_message="", known_facts=noted)).facts
        assert any(f.contradicts == noted[0]["statement"] for f in facts) is ends, (change, facts)
