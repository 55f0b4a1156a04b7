"""Calibration of answers from memory by the asked slot: another holder, another thing of the asked holder, or a
value of another kind (a place for "when") is never the answer; the asked one is. Wordings are our own."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents._memory_holder import other_holder
from cognicore.subagents._memory_kind import asked_kind, gives_kind
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.answer_text import closest_miss
from cognicore.subagents.memory_answer import answer_from_memory, asks_about_the_past


def _memory(index: int, statement: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: work (fact)", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": "active", "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


def _answer(question: str, *memories: str) -> tuple[str, list[int]]:
    """The offline memory answer (what the composer weighs against the documents)."""
    passages = [_memory(i, m) for i, m in enumerate(memories, 1)]
    found = answer_from_memory(question, question_concepts(question, SYNONYMS), passages)
    assert found is not None, question
    return found.text, found.used


@pytest.mark.parametrize(
    ("question", "memory", "near"),
    [
        ("what's Mia's extension?", "Rahul's phone extension is 5521.", "Rahul's phone extension, not Mia's extension"),
        ("who's Olga's manager", "Jonas's manager is Olga.", "Jonas's manager, not Olga's manager"),
        ("who's Olga's manager", "The user's manager is Olga.", "your manager, not Olga's manager"),
        ("when is Tom's birthday", "Sara's birthday is on 4 June.", "Sara's birthday, not Tom's birthday"),
        ("what's rahul's email", "Rahul's phone extension is 5521.", "rahul's phone extension, not rahul's email"),
        ("where does Bruno work from", "Aiko works from the Osaka office.", "about Aiko, not Bruno"),
        ("our partner discount for Northwind?", "Our partner discount for Globex is 12%.", "Globex, not Northwind"),
        ("when is the offsite", "The offsite is in Porto.", "does not say when"),
        ("how many people are on my team", "My team is the platform team.", "does not say how many"),
        ("where is standup", "Our standup is at 9:15.", "does not say where"),  # a bare figure is no place
        ("who runs standup", "Our standup is at 9:15.", "does not say who"),  # "our" is nobody
        ("when does my contract start", "My contract ends on 31 March.", "it says ends, not start"),
        ("who's the last person on the rota", "Ana is first on the rota.", "it says first, not last"),
        ("where do I work?", 'The user said: "My brother works at Initech."', "your brother, not about you"),
        ("what's my own queue", "Our main queue is Access Requests.", "the team's, not your own"),
        ("who's in charge of offboarding", "Zara is in charge of onboarding.", "onboarding, not offboarding"),
        # the asked thing's own words are no value: "quarterly" names the review, it says no time
        ("when is the quarterly review", "The quarterly review is held in the Oslo office.", "does not say when"),
        ("who do we escalate outage issues to", "We escalate billing issues to Grace.", "billing, not outage"),
        ("did i tell you my hat size", "My shoe size is 43.", "shoe, not hat"),  # what was told: not a yes/no value
        ("what's my budget for travel", "My training budget is 1500 euros.", "training, not travel"),
        # A code written in capitals names a thing as a capital does: Europe's owner is not APAC's.
        ("who looks after APAC", "The user is responsible for Europe region.", "about Europe, not APAC"),
        ("who covers APAC accounts", "Noor covers the EMEA accounts.", "not APAC"),
    ],
)
def test_a_near_memory_is_unsure_and_says_what_it_holds(question: str, memory: str, near: str) -> None:
    text, used = _answer(question, memory)
    assert used == [] and "I am not sure" in text, text
    assert near in closest_miss(text), text


@pytest.mark.parametrize(
    ("question", "memory", "value"),
    [
        ("can u remind me rahul's extension", "Rahul's phone extension is 5521.", "5521"),
        ("whats jonas's manager called", "Jonas's manager is Olga.", "Olga"),
        ("what's my manager's name", "The user's manager is Olga.", "Olga"),
        ("where's aiko based", "Aiko works from the Osaka office.", "Osaka"),
        ("is Aiko still in Osaka", "Aiko moved to Berlin.", "Berlin"),  # another value answers a yes/no question
        ("who's got the contoso account", "Tomasz is the key account manager for Contoso.", "Tomasz"),
        ("what's the partner discount for northwind?", "We agreed a 17% partner discount with Northwind.", "17%"),
        ("where's the helpdesk located", "The helpdesk is in room 118.", "118"),
        ("remind me when i'm on call", "The user is on call the second week of every month.", "second week"),
        ("who do i ask for an urgent unlock", "Urgent account unlocks on our team go through Sam.", "Sam"),
        ("when did we switch to linear", "We switched to Linear.", "Linear"),  # the memory's date says when
        ("when does my shift start", "My shift begins at 9.", "9"),  # a paraphrase of the asked end
        ("who runs standup", "Nadia runs our standup.", "Nadia"),
        ("where are the spare laptops", "Our spare laptops are in locker 12.", "locker 12"),  # a numbered place
        ("sorry who owns the firewall?", "Wen owns the firewall.", "Wen"),  # an interjection is no subject
        ("who do we escalate billing issues to", "We escalate billing issues to Grace.", "Grace"),
        ("remind me what my fav colour is", "My favourite colour is teal.", "teal"),  # an abbreviation
        ("am i still on the hardware team", "I am on the identity team.", "identity"),  # yes/no: another value
        ("when's the weekly support mtg", "Our weekly support meeting is on Thursdays.", "Thursdays"),
        ("who's covering emea accounts atm?", "Priya is responsible for EMEA accounts while Dan is on leave.", "Priya"),
        ("when do our backups run?", "Our backup window is 1am to 3am.", "1am"),  # a verb after the subject
        ("how long is the warranty we give enterprise customers", "We offer enterprise customers 3 years.", "3 years"),
        ("how much discount can i give on my own", "Our team can give up to 18% discount.", "18%"),  # alone
        ("hmm who looks after nordic accounts again?", "Felix is responsible for Nordic accounts.", "Felix"),
        ("where are the spare laptops", "Our spare laptops are kept in the store room.", "store room"),
        ("where's the quarterly review held", "Our quarterly review is in the Oslo office.", "Oslo"),  # only placed
        ("where are spare laptops kept", "The spare laptops are in room 204.", "204"),
        ("who looks after APAC", "Mei is responsible for the APAC region.", "Mei"),
        ("who covers the EU accounts", "Noor covers the Europe accounts.", "Noor"),  # a code of the word
        ("PLS remind me who runs LATAM", "Mei runs the LATAM region.", "Mei"),  # shorthand in capitals is no name
        ("WHO RUNS LATAM", "Mei runs the latam region.", "Mei"),  # a question in capitals names nothing by them
        ("where's the VPN concentrator", "The VPN concentrator sits in the Frankfurt datacenter.", "Frankfurt"),
    ],
)
def test_the_asked_slot_is_answered(question: str, memory: str, value: str) -> None:
    text, used = _answer(question, memory)
    assert used == [1] and value in text and "not sure" not in text, text


def test_the_holder_check_leaves_contractions_and_the_users_own_things() -> None:
    same = str.__eq__
    assert other_holder("what's my wife's birthday", "My wife's birthday is on 12 May.", same) is None
    assert other_holder("who's covering for Dan", "Priya covers the EMEA accounts while Dan is away.", same) is None


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("who's got network escalations", "person"),
        ("pls remind me where the offsite is", "place"),
        ("till what time is support open", "time"),
        ("how often do we refresh laptops", "number"),
        ("when did I tell you about my diet?", None),  # answered by the memory's date
        ("what's my favourite colour", None),
    ],
)
def test_the_asked_kind_is_read_from_the_question(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


def test_a_value_of_the_kind_is_found_leniently() -> None:
    assert gives_kind("The offsite is in Porto.", "place") and not gives_kind("The offsite is in Porto.", "time")
    assert gives_kind("Express shipping is free for enterprise clients.", "number")
    assert gives_kind("Kenji takes care of the backups.", "person")
    assert not gives_kind("returns are handled within the week", "person")


def test_use_to_is_past_only_as_a_mistyped_used_to() -> None:
    assert asks_about_the_past("what did I use to drink") and asks_about_the_past("what i use to eat")
    assert not asks_about_the_past("what do we use to manage phones these days")
