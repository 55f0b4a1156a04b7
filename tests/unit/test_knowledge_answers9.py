"""Offline knowledge answers, round 9 (issue 9.2/9.6): figures keep their unit, a limit decides the asked case,
a name typed in lower case is still the asked subject, and the measured thing must be what the sentence states.

A made-up domain (a bike rental), so none of these wordings come from a deployment's documents."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_checks import governed_elsewhere, measures_head, states_bound
from cognicore.subagents._answer_head import asked_head
from cognicore.subagents._answer_shape import asked_action, asks_procedure, gives_place
from cognicore.subagents._question_numbers import number_units
from cognicore.subagents._question_terms import paraphrased_words, written_names
from tests.unit.test_knowledge_answers import compose

FARES = """# Rental fares

## Deposits

Staff may waive up to 5% of a fare on their own. Waivers between 5% and 15% need the approval of a shop manager.
Any waiver above 15% needs the approval of the Head of Rentals, and waivers above 25% are never allowed."""

RETURNS = """# Returns and exceptions

## Late bikes

Desk staff can approve a late bike once per rider per season (for example a bike back on day 25) when the rider
has a good reason. Anything beyond that needs approval from the Rider Care lead."""

DELIVERY = """# Delivery

## Options

Express delivery takes 1 to 2 hours in Lisbon and Porto and costs EUR 9. Bikes are stored in Faro, Lisbon and
Porto; the Faro depot also repairs bikes."""

HELMETS = """# Helmets

## Helmet hire

Helmets come with every bike. Rented helmets can be swapped within 3 days because they are fitted with padding
inserts on request; padding inserts themselves are not refundable.

## Cover

Every bike comes with a 1-year parts cover from the day of hire."""


def test_figures_are_tagged_with_their_unit() -> None:
    tags = number_units("is 35% ok, on day 20, an $80 order, 9 hrs, 8 percent, 3 to 5 business days")
    assert tags == {"35": "35%", "80": "$80", "9": "9hour", "8": "8%", "5": "5day", "20": "20day"}
    assert number_units("a plain 42") == {}


def test_a_share_off_a_price_is_searched_as_a_discount_and_sign_off_as_approval() -> None:
    assert paraphrased_words("customer wants 25% off, who has to sign off on that") == ["discount", "approve"]
    assert paraphrased_words("can they still come back") == ["return"]


def test_a_limit_in_the_asked_unit_decides_the_case_whichever_side_it_falls() -> None:
    assert states_bound("rider wants 20% off", "Any waiver above 15% needs the approval of the Head of Rentals.")
    assert states_bound("bike back on day 5", "Rented helmets can be swapped within 3 days.")
    assert not states_bound("rider wants 20% off", "a bike back on day 25")
    assert not states_bound("who approves waivers", "Any waiver above 15% needs approval.")


async def test_a_percentage_asked_is_not_a_day_number_of_another_rule() -> None:
    # "day 25" shares the number with "25%" but not its unit; the limit in % is the rule that decides.
    answer = await compose("is it ever ok to waive 25% of a fare", RETURNS, FARES)
    assert "above 25% are never allowed" in answer.text
    assert "day 25" not in answer.text


async def test_who_signs_off_a_figure_is_read_from_the_limit_that_covers_it() -> None:
    answer = await compose("rider wants a 20% waiver, who has to sign off on that", RETURNS, FARES)
    assert "Head of Rentals" in answer.text


def test_a_word_the_documents_always_capitalise_is_a_name() -> None:
    names = written_names([DELIVERY, HELMETS])
    assert {"lisbon", "faro", "porto"} <= names
    assert "bike" not in names and "helmet" not in names


async def test_a_place_typed_in_lower_case_is_still_the_asked_subject() -> None:
    # The sentence gives express times for two other places: a nearby answer for faro is no answer.
    answer = await compose("how long does express delivery take to faro", DELIVERY, HELMETS)
    assert answer.used == []
    answer = await compose("how long does express delivery take to porto", DELIVERY, HELMETS)
    assert "1 to 2 hours" in answer.text


async def test_the_measured_thing_must_be_what_the_sentence_states() -> None:
    assert asked_head("how long is the cover on the padding inserts") == ["cover"]
    # "within 3 days" is how long a helmet can be swapped, not how long the inserts are covered.
    answer = await compose("how long is the cover on the padding inserts", HELMETS, FARES)
    assert answer.used == []


BATTERY = """# Rider help

## My e-bike battery runs out fast

Lower the assist level in the app. If the battery lasts less than an hour after these changes, the bike may be
covered by the parts cover: open a case with the frame number.

## What the cover excludes

The cover does not include crash damage, water damage beyond the bike's rating, or theft."""


def test_a_sentence_under_another_condition_is_governed_elsewhere() -> None:
    text = "If the battery lasts less than an hour after these changes, the bike may be covered by the parts cover."
    assert governed_elsewhere(text, frozenset({"bike", "lake", "cover"}))
    assert not governed_elsewhere(text, frozenset({"battery", "cover"}))
    assert not governed_elsewhere("The bike may be covered.", frozenset({"lake"}))


async def test_covered_is_not_answered_by_a_rule_for_another_case() -> None:
    # The drop in a lake is not the battery case the "If ..." sentence is about.
    answer = await compose("rider rode the e-bike into a lake. covered by the parts cover??", BATTERY)
    assert "less than an hour" not in answer.text
    answer = await compose("my e-bike battery dies in 40 minutes, is it covered", BATTERY)
    assert "less than an hour" in answer.text


async def test_a_package_that_arrives_is_a_delivered_parcel() -> None:
    parcels = """# Parcels

## Regions

Riders there buy more helmets, partly because import duties make expensive bikes costlier.

## Duties

Import duties are collected at checkout, so the rider pays nothing on delivery."""
    answer = await compose("do riders pay import duties when the package arrives", parcels)
    assert answer.text.startswith("Import duties are collected at checkout")


def test_how_to_and_may_i_questions_ask_a_procedure() -> None:
    assert asks_procedure("how do i unlock my bike myself")
    assert asks_procedure("Can we waive 10% on our own?")
    assert asks_procedure("do I have to call someone")
    assert asks_procedure("what should we do if a bike is stolen")
    assert not asks_procedure("what do I ride on weekends")
    assert not asks_procedure("where do I live")


async def test_a_how_to_question_in_the_first_person_is_answered_from_the_documents() -> None:
    locks = """# Bike locks

Riders change their own lock pin in the app after confirming a code sent to their phone."""
    answer = await compose("how do i change my pin myself", locks)
    assert "confirming a code" in answer.text


async def test_a_price_is_answered_by_money_never_by_a_count_or_a_year() -> None:
    pricing = """# Saddle pricing

## Changes

This playbook tells staff how saddles are priced. It replaced all regional saddle rules in September 2024."""
    # "September 2024" is a count, not what a replacement saddle costs.
    answer = await compose("how much does a replacement saddle cost", pricing)
    assert answer.used == []
    answer = await compose("how much does express delivery cost", pricing, "# Express\n\nExpress delivery costs EUR 9.")
    assert "EUR 9" in answer.text


async def test_an_opposite_is_no_paraphrase_unused_is_not_used() -> None:
    # "unopened" must not stand for "opened": the general window of unopened bikes does not answer for opened helmets.
    rules = """# Hire returns

## Return window

Riders can return any booking within 10 days for a full refund, as long as the bike is unopened in its box.

## Opened helmets

Opened helmets can be returned within 3 days, with the padding included."""
    answer = await compose("whats the return window for opened helmets", rules)
    assert answer.text.startswith("Opened helmets can be returned within 3 days")


async def test_a_placeholder_noun_says_nothing_of_the_topic() -> None:
    # "item" in the question is a placeholder; a passage that happens to say "item" is not about the fee asked.
    opened = """# Opened helmets

Opened helmets can be returned too. A 10% cleaning fee applies to opened helmets unless the helmet is faulty."""
    refunds = """# Refunds

Refunds reach the rider within 5 days. Original delivery costs are not refunded to the rider, except when we
sent the wrong item."""
    answer = await compose("What fee do we charge when a rider sends back an opened item?", refunds, opened)
    assert "10% cleaning fee" in answer.text.split("[")[0]


async def test_how_many_things_is_not_answered_by_a_time() -> None:
    locks = """# Bike locks

A locked bike unlocks itself after 30 minutes. Riders change their lock code in the app."""
    phones = """# Rider app

Each rider may register up to three phones in the app."""
    answer = await compose("how many wrong codes lock a bike", locks)
    assert answer.used == []  # "after 30 minutes" counts minutes, not codes
    answer = await compose("how many phones can a rider register", phones)
    assert "three phones" in answer.text


def test_an_obligation_is_a_procedure_wherever_it_is_asked() -> None:
    assert asks_procedure("how many days do I have to bring the bike back")
    assert not asks_procedure("how many days did I ride")


def test_the_action_a_yes_no_question_asks_about() -> None:
    assert asked_action("can a booking be bumped up to express later") == "bumped"
    assert asked_action("Is a helmet required when a rider is under 16?") is None  # a state, said in other words
    assert asked_action("is my manager involved when i need an unlock") is None
    assert asked_action("can opened helmets be swapped") == "swapped"
    assert asked_action("can i return an opened helmet") is None
    assert asked_action("how is a helmet fitted") is None


async def test_a_yes_no_action_no_document_states_is_not_answered_by_its_neighbours() -> None:
    # The tiers are stated, moving a booking between them is not.
    tiers = """# Booking tiers

Standard bookings are confirmed within 24 hours and express bookings within 2 hours."""
    answer = await compose("can a standard booking be bumped up to express later", tiers)
    assert answer.used == []
    answer = await compose(
        "Is a helmet required for riders under 16?", HELMETS, "# Safety\n\nRiders under 16 need a helmet."
    )
    assert "need a helmet" in answer.text


async def test_a_sentence_about_the_document_itself_is_no_fact() -> None:
    dictionary = """# Hire data dictionary

This dictionary explains the tables, the columns and how the fares are calculated.

## Columns

The fare column holds the price of one hire, in euros, after any waiver."""
    answer = await compose("what does the fare column mean in the hire data", dictionary)
    assert answer.text.startswith("The fare column holds the price of one hire")


def test_a_where_answer_names_a_place_the_question_does_not() -> None:
    text = "Late bookings go to the shop manager at once; late helmets are checked in the weekly depot meeting."
    assert not gives_place(text, "where does a late helmet go after the weekly meeting")
    assert gives_place(text, "where do late bookings go")
    assert gives_place("Anything, anywhere.", "how long is the cover")  # not a "where" question


async def test_where_after_an_event_is_not_answered_by_the_event() -> None:
    rules = """# Late returns

Late bookings go to the shop manager at once; late helmets are checked in the weekly depot meeting."""
    answer = await compose("where does a late helmet go after the weekly meeting", rules)
    assert answer.used == []


@pytest.mark.parametrize(
    ("sentence", "head", "expected"),
    [
        ("If the battery dies within a day, the watch may be covered by the 2-year warranty.", ["warranty"], True),
        ("Bikes come with a 3 month limited warranty.", ["warranty"], True),
        ("If the frame cracks in a crash, the warranty does not apply.", ["warranty"], False),
        ("If the frame cracks, call us within 2 days about the warranty.", ["warranty"], False),
        ("If the frame cracks, the 2-year warranty applies.", [], False),
    ],
)
def test_a_figure_of_the_asked_thing_holds_whatever_the_condition(
    sentence: str, head: list[str], expected: bool
) -> None:
    """ "how long is the warranty": "the 2-year warranty" states its length even inside another case's sentence."""
    assert measures_head(sentence, head) is expected
