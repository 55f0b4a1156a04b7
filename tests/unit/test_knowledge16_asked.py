"""Knowledge answers of round 16 (KB): a question wrapped in conversation (a reported question, a closing "what do I
tell them?", thanks, the reason for asking) is read from the part that asks; a qualifier said in another word of its
("delivery" for the documents' "shipping") is the same kind of thing."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.telling import is_question
from cognicore.subagents._answer_checks import bigrams, other_kind
from cognicore.subagents._answer_head import asked_head
from cognicore.subagents._question_asked import asked_question, asks_amid_conversation
from cognicore.subagents._question_terms import SYNONYMS
from cognicore.subagents.compose import OfflineAnswerComposer

_GYM = (
    "# Membership rules\n\nA day pass costs $12. Members may bring one guest per visit; guests pay $8. The pool closes "
    "at 9 pm on weekdays. Lockers are emptied every night, and items left behind are kept for 14 days."
)
_POST = (
    "# Posting parcels\n\nStandard shipping takes 4 to 6 days. Express shipping takes 1 day and costs $20. Parcels "
    "over 30 kg go by freight."
)


def _passages(content: str) -> list[dict[str, object]]:
    return [{"index": 1, "title": "Rules", "source": "rules.md", "content": content}]


@pytest.mark.parametrize(
    ("message", "alone"),
    [
        ("A visitor asks what a guest pays. What should I say?", "What a guest pays."),
        ("my supervisor wonders whether the pool closes early on weekdays", "The pool closes early on weekdays"),
        ("Someone asked me for how long lost items are kept - any idea?", "For how long lost items are kept"),
        ("thanks so much - when does the pool close?", "when does the pool close?"),
    ],
)
def test_the_asking_part_of_a_message(message: str, alone: str) -> None:
    assert asked_question(message).alone == alone


def test_a_sentence_that_tells_stays_as_context_and_a_bare_who_still_asks() -> None:
    asked = asked_question("I left my towel in a locker yesterday. Who should I ask?")
    assert asked.in_context == "I left my towel in a locker yesterday. Who should I ask?"
    assert asked.alone == "Who should I ask?" and not asked.stands_alone
    # A message of nothing but conversation is asked as it is.
    assert asked_question("thanks!").alone == "thanks!"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("A new member asks how long left items are kept once lockers are emptied. What do I tell her?", "14 days"),
        ("Just checking: what does a day pass cost? Asking because my cousin is visiting.", "$12"),
        ("my colleague wants to know how much a guest pays per visit", "$8"),
    ],
)
async def test_a_question_in_conversation_is_answered(message: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=message, passages=_passages(_GYM))
    assert answer.used == [1] and expected in answer.text, answer.text


async def test_conversation_alone_around_an_unanswered_question_stays_unanswered() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="A member asks whether the sauna is open on Sundays. What do I tell him?", passages=_passages(_GYM)
    )
    assert answer.used == [], answer.text


def test_a_synonym_of_the_asked_qualifier_is_the_same_kind() -> None:
    phrases = bigrams(_POST) | {("delivery", "take")}
    text = "Express shipping takes 1 day and costs $20."
    assert not other_kind(text, "how long does delivery take by express?", phrases, SYNONYMS)
    # another qualifier of the thing is still another kind ("standard" is no synonym of "express")
    assert other_kind("Standard shipping takes 4 to 6 days.", "how long does express shipping take?", bigrams(_POST))


async def test_a_duration_asked_with_the_asker_s_word_for_the_documents_one() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="How many days does express delivery take?", passages=_passages(_POST)
    )
    assert answer.used == [1] and "1 day" in answer.text, answer.text


@pytest.mark.parametrize(
    "message",
    [
        "My team lead wonders which locker rooms get cleaned at night.",
        "is the pool open on weekdays after 8? cheers!",
        "A member is asking how much a guest pays",
    ],
)
def test_a_question_amid_conversation_asks(message: str) -> None:
    assert asks_amid_conversation(message) and is_question(message)


@pytest.mark.parametrize(
    "message",
    ["She asked how many laps I swam.", "My coach wants to know if it was really that hard. thanks!", "thanks!"],
)
def test_a_story_of_asking_or_thanks_alone_asks_nothing(message: str) -> None:
    assert not asks_amid_conversation(message)


_LIBRARY = (
    "# Holds\n\nBooks on hold are kept for 7 days. Requests placed before 11 am are ready the same afternoon. "
    "Members may keep at most five holds at a time."
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's the latest time members can put in a request to have it ready that afternoon?", "11 am"),
        ("what is the cutoff time for a request to be ready the same afternoon?", "11 am"),
    ],
)
async def test_the_extreme_of_the_asked_thing_is_said_by_a_limit(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_LIBRARY))
    assert answer.used == [1] and expected in answer.text, answer.text


def test_a_relative_clause_ends_the_thing_asked() -> None:
    assert asked_head("what's the latest date we recommend ordering for the sale?") == ["latest", "date"]


_SHOP = (
    "# Catalog\n\n## Trail Kettle\n\nA 1 litre camping kettle. List price: $45 (it launched at $60 in 2019; the price "
    "was cut in 2023). Campers in the north buy about 30% more of it than elsewhere."
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What did the Trail Kettle retail for when it first hit the shelves?", "$60"),
        ("what does the Trail Kettle go for nowadays?", "$45"),
    ],
)
async def test_the_amount_a_thing_sells_for_is_its_price(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_SHOP))
    assert answer.used == [1] and expected in answer.text, answer.text
    assert "30% more" not in answer.text.split(".")[0]


_KITS = (
    "# Catalog\n\n## Trail Kettle\n\nList price: $45.\n\n## Trail Stove\n\nList price: $80.\n\n## Kits\n\n"
    'The "Trail Brew" kit pairs the Trail Kettle with the Trail Stove. Kits are sold at 10% off the sum of list prices.'
)


async def test_a_kit_s_price_is_never_one_of_its_products_prices() -> None:
    question = "How much is the Trail Brew kit?"
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_KITS))
    assert "$45" not in answer.text and "$80" not in answer.text, answer.text


_FERRY = (
    "# Ferry fares\n\n- **Mainland** routes take 40 minutes. Bikes ride free on tickets of $20 or more.\n"
    "- **Island hopper** routes take 2 hours. Bikes cost $4 and ride free on tickets of $50 or more."
)


@pytest.mark.parametrize(
    ("question", "expected", "not_said"),
    [
        ("Does my bike ride free on a $30 ticket for the Island hopper?", "$50 or more", "$20 or more"),
        ("is a bike free on a $25 Mainland ticket?", "$20 or more", "$50 or more"),
    ],
)
async def test_a_limit_of_another_labelled_subject_does_not_decide(question: str, expected: str, not_said: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_FERRY))
    assert expected in answer.text and not_said not in answer.text, answer.text


_RETURNS = (
    "# Returns desk\n\nA return is acknowledged within 2 days and refunded within 10 days. Returns of damaged "
    "goods go to the quality team."
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's the acknowledgement target for a return?", "2 days"),
        ("what is the refund goal for a return?", "10 days"),
    ],
)
async def test_the_asker_s_word_for_a_required_value_is_not_the_thing_asked(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_RETURNS))
    assert answer.used == [1] and expected in answer.text, answer.text


async def test_a_value_word_without_its_thing_in_the_documents_stays_unanswered() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What's the resolution target for a damaged return?", passages=_passages(_RETURNS)
    )
    assert answer.used == [], answer.text


_COURIER = (
    "# Deliveries\n\nParcels over 2 kg need a signature on delivery. Couriers respond to missed-delivery notes "
    "within 1 day."
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which parcels does someone have to sign for on delivery?", "2 kg"),
        ("how soon do we hear back from the courier after a missed-delivery note?", "1 day"),
    ],
)
async def test_phrasal_verbs_read_as_the_documents_words(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_COURIER))
    assert answer.used == [1] and expected in answer.text, answer.text


_TIERS = (
    "# Refund approvals\n\nClerks may refund up to $50 on their own. Refunds above $50 need a supervisor, and refunds "
    "above $500 are never allowed. Members get a fixed 5% off every rental."
)


async def test_the_maximum_of_one_case_is_not_another_case_s_limit() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What's the maximum refund a clerk may give on their own?", passages=_passages(_TIERS)
    )
    assert "$500" not in answer.text, answer.text


async def test_a_percentage_off_is_a_discount() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What percentage off do members get on a rental?", passages=_passages(_TIERS)
    )
    assert answer.used == [1] and "5% off" in answer.text, answer.text


_HELPDESK = (
    "# Help desk\n\nThe first reply is due within the time of its level: L1 within 2 hours, L2 within 6 hours and L3 "
    "within 30 hours. Misses of L1 tickets go to the shift lead at once; L3 misses are reviewed on Fridays."
)


async def test_a_unit_asked_for_does_not_drop_the_sentence_that_holds_the_value() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What's the L3 first-reply deadline?", passages=_passages(_HELPDESK)
    )
    assert "30 hours" in answer.text, answer.text


_FERRIES = (
    "# Crossings\n\nThe standard crossing takes 40 minutes to Northport and Eastholm. Crossings to Westray run only "
    "on weekends."
)


async def test_a_name_the_context_sets_must_be_in_the_answer_of_the_asking_sentence_alone() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="This is about the Westray route. How long does the standard crossing take?",
        passages=_passages(_FERRIES),
    )
    assert "40 minutes" not in answer.text, answer.text
