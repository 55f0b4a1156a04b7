"""The offline composer on memory passages (dated, newest first, past first for 'before'), noise words, markers."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.subagents.answer_text import closest_miss
from cognicore.subagents.compose import OfflineAnswerComposer, cite_in_order
from cognicore.subagents.memory_answer import asks_about_mine


def _fact(index: int, statement: str, status: str, since: str, until: str | None = None) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: food_drink (preference)", "source": f"memory:fact:{index}",
        "content": statement, "statement": statement, "status": status, "since": since, "until": until,
    }  # fmt: skip


def _doc(index: int, content: str) -> dict[str, Any]:
    return {"index": index, "title": "Doc", "source": f"/kb/doc{index}.md", "content": content}


MEMORY = [
    _fact(1, "The user prefers to drink oat lattes.", "active", "2031-03-17 09:00"),
    _fact(2, "The user prefers to drink espresso.", "superseded", "2031-03-10 09:00", "2031-03-17 09:00"),
    _fact(3, "Our hiring budget is $90,000 (cut).", "active", "2031-03-12 10:00"),
]
DOCS = [_doc(4, "Espresso machines are sold in the Home range. Every drink order ships in two days.")]


async def test_a_personal_question_is_answered_from_current_memory_with_its_date() -> None:
    answer = await OfflineAnswerComposer().compose(question="What do I drink these days?", passages=MEMORY + DOCS)
    assert answer.used == [1]
    assert answer.text == "The user prefers to drink oat lattes, current since 2031-03-17 09:00. [1]"


async def test_a_question_about_before_puts_the_ended_fact_first() -> None:
    answer = await OfflineAnswerComposer().compose(question="What did I drink before?", passages=MEMORY + DOCS)
    assert answer.used == [2, 1]
    assert answer.text.startswith("Until 2031-03-17 09:00: The user prefers to drink espresso (no longer true). [2]")


async def test_a_money_question_in_other_words_finds_the_budget() -> None:
    answer = await OfflineAnswerComposer().compose(question="How much can we spend on hiring?", passages=MEMORY)
    assert answer.used == [3] and "$90,000" in answer.text


async def test_a_personal_question_nothing_answers_cites_nothing() -> None:
    answer = await OfflineAnswerComposer().compose(question="Where was I born?", passages=MEMORY + DOCS)
    assert answer.used == []


async def test_code_like_words_no_passage_has_do_not_sink_a_good_answer() -> None:
    docs = [_doc(1, "# Returns\n\nOpened headphones can be returned within 15 days with a 10% restocking fee.")]
    plain = await OfflineAnswerComposer().compose(question="What is the return policy for opened headphones?",
                                                  passages=docs)  # fmt: skip
    noisy = await OfflineAnswerComposer().compose(
        question="What is the return policy for opened headphones? (p0 i0)", passages=docs
    )
    assert plain.used == noisy.used == [1] and "15 days" in noisy.text


def test_markers_are_renumbered_in_the_order_they_are_cited() -> None:
    text, order = cite_in_order("Within 15 days [7]. A fee applies [4], see also [7] and [9].", [4, 7, 8])
    assert text == "Within 15 days [1]. A fee applies [2], see also [1] and."
    assert order == [7, 4, 8]


def _m(index: int, statement: str, status: str = "active", until: str | None = None) -> dict[str, Any]:
    since = "2031-03-01 09:00" if status != "active" else "2031-03-17 09:00"
    return _fact(index, statement, status, since, until)


PEOPLE = [
    _m(1, "Ben is responsible for printer tickets."),
    _m(2, "Chloe is responsible for printer tickets.", "superseded", "2031-03-17 09:00"),
    _m(3, "The user lives in Berlin."),
    _m(4, "The user's manager is Lisa."),
    _m(5, "The user works as a data analyst."),
    _m(6, "Our team has 7 people."),
    _m(7, "The user's shift starts at 9am."),
    _m(8, "Our marketing budget is $52k (bumped)."),
    _m(9, "Our marketing budget is $40k.", "superseded", "2031-03-17 09:00"),
]
PEOPLE_DOCS = [_doc(20, "Printer tickets are triaged within two days. The marketing team owns the budget process.")]


@pytest.mark.parametrize(
    ("question", "used"),
    [
        ("Who handles printer tickets?", [1]),
        ("Who should I ask about printer tickets?", [1]),
        ("Who used to handle printer tickets?", [2, 1]),
        ("Which city am I based in?", [3]),
        ("Remind me where I live", [3]),
        ("Who's my boss?", [4]),
        ("What do I do for a living?", [5]),
        ("What's my current role?", [5]),
        ("How many people are on our team?", [6]),
        ("What time does my shift begin?", [7]),
        ("What did I say about the marketing budget?", [8]),
        ("What was the marketing budget before?", [9, 8]),
    ],
)
async def test_memory_questions_in_other_words_find_the_fact(question: str, used: list[int]) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=PEOPLE + PEOPLE_DOCS)
    assert answer.used == used, answer.text


async def test_what_the_user_told_us_is_never_answered_from_documents() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="What did I tell you about printer tickets and the budget process?", passages=PEOPLE_DOCS
    )
    assert answer.used == [] and "nothing" in answer.text


@pytest.mark.parametrize(
    ("question", "mine"),
    [
        ("What's my favourite colour?", True),
        ("Who is my manager?", True),
        ("Remind me, what is my budget?", True),
        ("How do I reset my password?", False),  # a procedure the documents describe
        ("What is our return policy?", False),  # the company's, in the documents
    ],
)
def test_a_question_about_the_users_own_attribute_is_for_memory_only(question: str, mine: bool) -> None:
    assert asks_about_mine(question) is mine


async def test_the_users_own_attribute_nothing_recalled_is_not_answered_from_documents() -> None:
    docs = [_doc(30, "Every watch strap comes in three colours: black, sand and my favourite colour, green.")]
    answer = await OfflineAnswerComposer().compose(question="What's my favourite colour?", passages=docs)
    assert answer.used == [] and "nothing" in answer.text


@pytest.mark.parametrize(
    "question",
    ["What was our hiring budget originally?", "What hiring budget did we have prior to the cut?",
     "How much could we spend on hiring before?"],
)  # fmt: skip
async def test_a_before_question_with_only_the_current_value_known_cites_nothing(question: str) -> None:
    # Only the current budget is known: quoting it would answer "what is it now" with confidence.
    answer = await OfflineAnswerComposer().compose(question=question, passages=MEMORY)
    assert answer.used == [], answer.text
    assert "not sure" in answer.text and "$90,000" in answer.text and "[3]" not in answer.text
    # the answer node keeps this sentence after its own "not sure" one
    assert closest_miss(answer.text).startswith("The closest passage is what you told me (Our hiring budget")


async def test_a_before_question_with_an_ended_fact_still_answers_it() -> None:
    answer = await OfflineAnswerComposer().compose(question="What did I drink originally?", passages=MEMORY)
    assert answer.used[0] == 2 and "espresso" in answer.text


async def test_a_before_question_answered_from_sayings_quotes_the_oldest_first() -> None:
    said = [
        {**_fact(1, "Management cut my maximum discount to 10%.", "said", "2031-03-20 09:00"), "title": "Episode"},
        {**_fact(2, "The maximum discount I can give is 15%.", "said", "2031-03-01 09:00"), "title": "Episode"},
    ]
    answer = await OfflineAnswerComposer().compose(question="What was my maximum discount originally?", passages=said)
    assert answer.used[0] == 2 and answer.text.startswith("On 2031-03-01 09:00 you said"), answer.text


async def test_a_before_question_answered_by_one_saying_alone_is_unsure() -> None:
    said = [{**_fact(1, "Management cut my maximum discount to 10%.", "said", "2031-03-20 09:00"), "title": "Episode"}]
    answer = await OfflineAnswerComposer().compose(question="What discount did I have before the cut?", passages=said)
    assert answer.used == [] and "not sure" in answer.text, answer.text


async def test_a_saying_whose_fact_has_ended_does_not_answer_what_is_true_now() -> None:
    passages = [
        {**_fact(1, "We agreed a 4 hour response SLA for P1 tickets.", "said", "2031-03-01 09:00"), "title": "Ep"},
        _fact(
            2, "We agreed a 4 hour response SLA for P1 tickets.", "superseded", "2031-03-01 09:00", "2031-03-05 09:00"
        ),
        _fact(3, "Our P1 response SLA is 2 hours.", "active", "2031-03-05 09:00"),
    ]
    answer = await OfflineAnswerComposer().compose(question="What response SLA did we agree for P1?", passages=passages)
    assert "4 hour" not in answer.text, answer.text
