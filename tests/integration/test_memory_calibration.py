"""Answers from memory through the graph: confident only when the recalled fact is the asked one, "before" from the
fact a change superseded, and the recall's later reads made at once.

Each statement and each question runs in a session of its own; wordings are our own.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cognicore.app import App, process_memory


async def _ask(app: App, text: str, *, user: str, session: str) -> tuple[str, str]:
    result = await app.runner.ask(text, session_id=session, user_id=user)
    await process_memory(app, user_id=user)  # what the CLI does once the reply is shown
    return result.outcome, result.answer


@pytest.mark.parametrize(
    ("statement", "question", "near"),
    [
        ("Our events budget is $20,000.", "what's our travel budget?", "events budget"),
        ("My sister lives in Oslo.", "where do I live?", "your sister"),
    ],
)
async def test_a_near_fact_is_not_the_answer(app: App, statement: str, question: str, near: str) -> None:
    outcome, answer = await _ask(app, statement, user="cal", session="s1")
    assert outcome == "succeeded", answer
    outcome, answer = await _ask(app, question, user="cal", session="s2")
    assert outcome == "unsure", answer
    assert near in answer and "not what you asked" in answer, answer  # says what memory holds that is near


async def test_what_it_was_before_is_the_fact_the_change_superseded(app: App) -> None:
    for i, text in enumerate(["I work from the Paris office.", "I moved to the Madrid office."]):
        outcome, answer = await _ask(app, text, user="fay", session=f"t{i}")
        assert outcome == "succeeded", answer
    outcome, answer = await _ask(app, "which office was i in before", user="fay", session="q")
    assert outcome == "succeeded" and "Paris" in answer and "Madrid" in answer, answer
    assert answer.index("Paris") < answer.index("Madrid"), answer  # what it was, then what it is now


async def test_the_recall_asks_which_sayings_were_read_while_it_searches_later_ones(app: App) -> None:
    await _ask(app, "My favourite colour is teal.", user="ann", session="s1")
    memory: Any = app.memory
    events: list[str] = []
    search, read_turns = memory.stream.search, memory.facts.read_turns

    async def logged_search(*args: Any, **kwargs: Any) -> Any:
        name = "since" if kwargs.get("since") is not None else "search"
        events.append(f"{name} start")
        try:
            return await search(*args, **kwargs)
        finally:
            events.append(f"{name} end")

    async def logged_read(*args: Any, **kwargs: Any) -> Any:
        events.append("read start")
        await asyncio.sleep(0)
        try:
            return await read_turns(*args, **kwargs)
        finally:
            events.append("read end")

    memory.stream.search, memory.facts.read_turns = logged_search, logged_read
    try:
        outcome, answer = await _ask(app, "remind me, what's my favourite colour?", user="ann", session="s2")
    finally:
        memory.stream.search, memory.facts.read_turns = search, read_turns
    assert outcome == "succeeded" and "teal" in answer, answer
    assert "since start" in events and "read start" in events, events
    # Both reads are under way together: the read of the turns starts before the later sayings' search ends.
    assert events.index("read start") < events.index("since end"), events
    assert events.count("read start") == 1, events  # the search found no saying the first reads had not
