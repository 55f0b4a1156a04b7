"""Knowledge honesty of round 17 (KA): a quoted passage must hold a value of the kind the question asks (a weight, a
time of day, the days something is open, a place, a date, an amount, a figure, a name of the thing used, a phone
line); a passage that only shares the question's words is no answer, and the miss stays unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents._absence_kinds import asked_value_kind
from cognicore.subagents.compose import OfflineAnswerComposer

_MARINA = (
    "# Harbour marina handbook\n\nThe marina office is run from a floating pontoon beside the fuel dock. Berth holders "
    "get a reply from the office within 6 hours. The winter haul-out pilot saved less than expected (under 3% of "
    "berths). Skippers of the Tern Dinghy fleet sign out of the launch app and sign in again when the gate code "
    "fails. Moorings rose in price in 2023. Visiting yachts pay per night. Sail covers are kept by a local sailmaker "
    "for 14 days."
)
_MARINA_FULL = (
    "# Harbour marina handbook\n\nThe marina office is in Falmouth, by the fuel dock. It is open Monday to Saturday, "
    "7 am to 7 pm. The Tern Dinghy weighs 45 kg. The haul-out pilot cost $1,200. Skippers use the Ropewise launch "
    "app. Winter berths can be booked until October 15. Visiting yachts may stay at most 5 nights."
)


def _passages(content: str) -> list[dict[str, object]]:
    return [{"index": 1, "title": "Marina handbook", "source": "marina.md", "content": content}]


# Wordings of my own (none in a held-out or dev set), two or more per kind.
_QUESTIONS = [
    "How heavy is the Tern Dinghy?",
    "what does a Tern Dinghy weigh, roughly",
    "What hours is the marina office staffed?",
    "At what time does the marina office open?",
    "Is the marina office open on Sundays?",
    "does anyone work at the marina office at the weekend?",
    "Which town is the marina office in?",
    "In which city is the marina?",
    "What's the last date to book a winter berth?",
    "How much did the winter haul-out pilot cost?",
    "What's the price of a mooring?",
    "What's the maximum stay for visiting yachts?",
    "Which launch app do skippers use?",
    "which sailmaker do we use for sail covers?",
    "Is there an out-of-hours line for the marina office?",
]


@pytest.mark.parametrize("question", _QUESTIONS)
async def test_a_passage_without_a_value_of_the_asked_kind_is_not_quoted(question: str) -> None:
    assert asked_value_kind(question) is not None
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_MARINA))
    assert answer.used == [], answer.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How much does the Tern Dinghy weigh?", "45 kg"),
        ("At what time does the marina office open?", "7 am"),
        ("Is the marina office open on Saturdays?", "Monday to Saturday"),
        ("Which town is the marina office in?", "Falmouth"),
        ("Until what date can winter berths be booked?", "October 15"),
        ("How much did the haul-out pilot cost?", "$1,200"),
        ("Which launch app do skippers use?", "Ropewise"),
    ],
)
async def test_a_passage_with_a_value_of_the_asked_kind_is_still_quoted(question: str, expected: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_MARINA_FULL))
    assert answer.used == [1] and expected in answer.text, answer.text


@pytest.mark.parametrize(
    "question",
    [
        "How many hours does the office take to reply?",  # a length of time, not a time of day
        "What time frame do berth holders get a reply in?",
        "Which region sells the most berths?",  # a region is named without a preposition ("Europe leads")
        "What's the restocking fee?",  # a fee may be a share: no kind forced on it
    ],
)
def test_questions_of_other_kinds_get_no_kind(question: str) -> None:
    assert asked_value_kind(question) is None


def test_a_year_or_a_citation_is_no_figure_and_no_date() -> None:
    figure = asked_value_kind("What's the maximum mooring fee?")
    assert figure is not None and not figure.written.search("Moorings rose in price in 2023. [1]")
    date = asked_value_kind("what's the earliest date the gate reopens?")
    assert date is not None and not date.written.search("The gate was rebuilt in the 2023 pilot.")
    assert date.written.search("The gate reopens on March 3.")


_LOCKERS = (
    "# Locker PIN reset\n\nMembers reset their own locker PIN at the kiosk after confirming a code sent to their "
    "phone. Staff never ask for a PIN. A jammed locker unlocks itself after 20 minutes; for an urgent unlock, staff "
    "check the member's card first. Lost property is kept at the front desk for 14 days."
)


@pytest.mark.parametrize(
    "question",
    [
        "How long does the code for a locker PIN reset stay valid?",
        "for how many minutes is the reset code we text to members good",
    ],
)
async def test_a_duration_of_another_thing_is_no_answer_to_how_long_a_thing_stays_valid(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_LOCKERS))
    assert answer.used == [] and "20 minutes" not in answer.text, answer.text


async def test_a_duration_of_the_kept_thing_is_still_quoted() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="How long is lost property kept at the front desk?", passages=_passages(_LOCKERS)
    )
    assert answer.used == [1] and "14 days" in answer.text, answer.text


_FERRY = (
    "# Ferry rules\n\nTickets can be refunded within 14 days if unused. The EU passenger rights guarantee applies to "
    "every crossing. Boarding closes 30 minutes before departure. The cargo deck takes cars and vans up to 3.5 tonnes. "
    "The ferry's shop sells snacks at 10% off for members."
)


@pytest.mark.parametrize(
    "question",
    [
        "Is there a money-back guarantee on ferry tickets?",
        "do we offer a walk-on discount for the ferry",
        "How much cargo does the ferry hold?",
        "what's the storage capacity of the cargo deck?",
    ],
)
async def test_a_sentence_about_another_thing_of_the_kind_is_no_answer(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages(_FERRY))
    assert answer.used == [], answer.text


async def test_a_sentence_saying_the_qualifier_is_still_quoted() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="Is there a 14-day refund window for unused ferry tickets?", passages=_passages(_FERRY)
    )
    assert answer.used == [1] and "14 days" in answer.text, answer.text
