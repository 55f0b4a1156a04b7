"""A later saying about another person's thing casts no doubt on the user's own fact (round 13): "Priya's lunch
break is at 1pm" does not change "my lunch break is at 12:30"; a later saying about the user's own one still does."""

from __future__ import annotations

from typing import Any

from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_answer import NOT_SURE


def _fact(index: int, statement: str, at: str, turn: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: work (fact)", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": "active", "since": at[:16].replace("T", " "), "since_exact": at,
        "until": None, "until_exact": None, "sources": [turn],
    }  # fmt: skip


def _said(index: int, text: str, at: str, turn: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: earlier observation", "source": f"memory:{index}", "content": text,
        "statement": text, "status": "said", "since": at[:16].replace("T", " "), "since_exact": at, "until": None,
        "turn": turn, "read": False,
    }  # fmt: skip


MINE = _fact(1, "The user's lunch break is at 12:30.", "2031-05-02T10:15:03+00:00", "a#1")


async def _ask(question: str, later: str) -> str:
    passages = [MINE, _said(2, later, "2031-05-03T09:00:00+00:00", "b#1")]
    return (await OfflineAnswerComposer().compose(question=question, passages=passages, history="")).text


async def test_another_persons_thing_said_later_casts_no_doubt() -> None:
    for later in ("Priya's lunch break is at 1pm.", "Tom said his lunch break moved to 1:30 now."):
        text = await _ask("when is my lunch break?", later)
        assert NOT_SURE not in text and "12:30" in text, text


async def test_the_users_own_thing_said_later_still_casts_doubt() -> None:
    text = await _ask("when is my lunch break?", "my lunch break moved to 1pm this week")
    assert NOT_SURE in text and "12:30" in text, text


async def _ask_after(question: str, fact: str, later: str) -> str:
    passages = [_fact(1, fact, "2031-05-02T10:15:03+00:00", "a#1"), _said(2, later, "2031-05-03T09:00:00+00:00", "b#1")]
    return (await OfflineAnswerComposer().compose(question=question, passages=passages, history="")).text


async def test_the_same_noun_with_another_modifier_casts_no_doubt() -> None:
    fact = "Our guest network password rotates in April."
    for later in ("the staff network password rotates in October.", "The lab network password rotates in July"):
        text = await _ask_after("when does the guest network password rotate?", fact, later)
        assert NOT_SURE not in text and "April" in text, text


async def test_the_same_fact_said_again_casts_no_doubt_but_a_new_value_does() -> None:
    fact = "Expense claims go to the finance ops team."
    text = await _ask_after("who deals with expense claims?", fact, "the finance ops team handles expense claims")
    assert NOT_SURE not in text and "finance ops" in text, text
    text = await _ask_after("who deals with expense claims?", fact, "the payroll team handles expense claims")
    assert NOT_SURE in text, text


async def test_another_value_of_the_answers_kind_read_as_a_change_elsewhere_casts_doubt() -> None:
    # The later statement was read into a fact of another slot (no shared word): the old fact still reads as current.
    fact = _fact(1, "We track our bugs in Jira.", "2031-05-02T10:15:03+00:00", "a#1")
    for later in ("Our team is Linear since last sprint (switched).", "We use YouTrack now, the licence ran out."):
        passages = [fact, _fact(2, later, "2031-05-03T09:00:00+00:00", "b#1")]
        answer = await OfflineAnswerComposer().compose(question="where do we track bugs?", passages=passages)
        assert NOT_SURE in answer.text and "Jira" in answer.text and answer.used == [1, 2], answer.text


async def test_a_later_fact_without_a_value_of_that_kind_casts_no_doubt() -> None:
    fact = _fact(1, "We track our bugs in Jira.", "2031-05-02T10:15:03+00:00", "a#1")
    passages = [fact, _fact(2, "Our retro is at 4pm now.", "2031-05-03T09:00:00+00:00", "b#1")]
    answer = await OfflineAnswerComposer().compose(question="where do we track bugs?", passages=passages)
    assert NOT_SURE not in answer.text and "Jira" in answer.text, answer.text
