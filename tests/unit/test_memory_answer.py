"""The offline composer on memory passages (dated, newest first, past first for 'before'), noise words, markers."""

from __future__ import annotations

from typing import Any

from cognicore.subagents.compose import OfflineAnswerComposer, cite_in_order


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
