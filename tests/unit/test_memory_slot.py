"""Calibration of answers from memory: a near memory (another kind of the thing, someone else's) is never the answer."""

from __future__ import annotations

from typing import Any

import pytest

from cognicore.memory.text import asks
from cognicore.subagents.answer_text import closest_miss
from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_slot import other_kind, someone_else


def _memory(index: int, statement: str, status: str = "active") -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: work (fact)", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": status, "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


async def _answer(question: str, *memories: str) -> tuple[str, list[int]]:
    composed = await OfflineAnswerComposer().compose(
        question=question, passages=[_memory(i, m) for i, m in enumerate(memories, 1)]
    )
    return composed.text, composed.used


@pytest.mark.parametrize(
    ("question", "memory", "near"),
    [
        ("what's our travel budget?", "Our events budget is $20,000.", "events budget"),
        ("what's our software budget", "Our laptop budget is 30k this year.", "laptop budget"),
        ("when does the early shift begin?", "The early shift starts at 7am.", None),  # the asked kind: answers
        ("when does our early shift begin?", "Our night shift starts at 10pm.", "night shift"),
        ("who approves discounts for the retail team?", "Marta approves discounts for the online team.", "online team"),
        ("who is our VPN vendor?", "Our wi-fi vendor is Aruba.", "wi-fi vendor"),  # a hyphenated kind
        ("whats my budget", "The marketing team's budget is 50k.", "marketing team's budget, not your budget"),
    ],
)
async def test_another_kind_of_the_thing_is_unsure_and_named(question: str, memory: str, near: str | None) -> None:
    text, used = await _answer(question, memory)
    if near is None:
        assert used == [1] and "not sure" not in text, text
        return
    assert used == [] and "I am not sure" in text, text
    assert near in closest_miss(text), text  # the answer node keeps this sentence: what memory holds that is near


@pytest.mark.parametrize(
    ("question", "memory", "holder"),
    [
        ("where do I live?", "My sister lives in Oslo.", "your sister"),
        ("which floor do I sit on?", "My colleague Tom sits on the 4th floor.", "your colleague"),  # a name between
    ],
)
async def test_someone_elses_attribute_is_not_the_users(question: str, memory: str, holder: str) -> None:
    text, used = await _answer(question, memory)
    assert used == [] and f"{holder}, not about you" in text, text


@pytest.mark.parametrize(
    ("question", "memory", "expected"),
    [
        ("remind me which printer we have on the 2nd floor", "The printer on the second floor is a Ricoh.", "Ricoh"),
        ("remind me what my fav colour is", "My favourite colour is teal.", "teal"),
        ("what's my favorite colour", "My favourite colour is teal.", "teal"),
        ("what day is the pipeline review these days", "Our weekly pipeline review is on Thursdays.", "Thursdays"),
        ("where do we sit", "Our team sits on the 3rd floor of building B.", "3rd floor"),
        ("where do I live?", "The user lives in Porto with their sister.", "Porto"),
        ("how many deals does my team close monthly", "My team closes about 40 deals a month.", "40"),
        ("What time do I start work?", "The user's shift starts at 9am.", "9am"),  # the user's own shift
        ("How do I want to receive alerts?", "The user prefers to get alerts on Slack over email.", "Slack"),  # verbs
        ("Who do I escalate db outages to?", "Escalate database outages to Hannah Berg.", "Hannah"),  # "db"
        ("what's our budget", "The team's budget is 50k.", "50k"),  # the user's own team
        ("when did I tell you about my wife's birthday?", "My wife's birthday is on 12 May.", "12 May"),
        ("how big is the first line team", "The first-line team is 11 people.", "11"),
        ("which vendor do I like best", "I prefer Aruba as our vendor.", "Aruba"),  # like / prefer
        ("what format do I like reports in?", "I prefer my reports as PDF.", "PDF"),  # "reports" is no artefact here
    ],
)
async def test_the_asked_thing_in_other_words_still_answers(question: str, memory: str, expected: str) -> None:
    text, used = await _answer(question, memory)
    assert used == [1] and expected in text and "not sure" not in text, text


async def test_another_kind_answers_a_yes_no_question() -> None:
    text, used = await _answer("am i still on the hardware team?", "The user is on the identity team.")
    assert used == [1] and "identity team" in text and "not sure" not in text, text
    text, used = await _answer("do I live in Oslo?", "My sister lives in Oslo.")
    assert used == [] and "your sister, not about you" in text, text  # someone else's is still no answer


async def test_the_asked_kind_wins_over_a_near_one() -> None:
    text, used = await _answer("what's our travel budget?", "Our events budget is $20,000.", "Our travel budget is 8k.")
    assert used == [2] and "8k" in text and "20,000" not in text, text


def test_kinds_and_holders_are_read_from_word_order() -> None:
    assert other_kind("what's our travel budget", "our budget for events is 20k") is None  # not side by side
    assert other_kind("travel budget?", "The travel budget is 8k") is None
    assert someone_else("where does my sister live", "My brother lives in Oslo", lambda w: w == "live") is None


@pytest.mark.parametrize(
    ("text", "asking"),
    [
        ("what's my budget", True),
        ("and so am I still vegetarian", False),  # "and so" is not one lead-in word
        ("so am I still vegetarian", True),
        ("remind me of the sla", True),
        ("have we moved the sync", True),
        ("Have a look at the new office, it is on the 1st floor.", False),
        ("The offsite is in Lisbon?", True),
        ("Leon is covering the pager this week.", False),
    ],
)
def test_one_question_opener_for_routing_and_memory_evidence(text: str, asking: bool) -> None:
    assert asks(text) is asking
