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
