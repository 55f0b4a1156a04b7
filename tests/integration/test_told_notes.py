"""The router's reading of a turn travels with its queued extraction (issue 9.3/9.4).

A statement the router recognised but no fact rule reads ("Europe's my patch these days") is kept as a note in the
user's words, so "Noted. I will remember that." is true; a request the router read as data or a question never
becomes a note, even when it looks like a sentence ("tickets nobody is working on").
"""

from __future__ import annotations

import asyncio

import pytest

from cognicore.app import App, process_memory
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.tenancy import user_transaction


async def test_a_statement_no_rule_reads_is_kept_as_a_note_through_the_graph(app: App) -> None:
    user = "told-note"
    result = await app.runner.ask("Europe's my patch these days", session_id="tell", user_id=user)
    assert (result.outcome, result.intent, result.steps) == ("succeeded", "statement", []), result.answer
    await process_memory(app, user_id=user)
    facts = await app.memory.facts.active(user)
    assert [(f.subject, f.predicate) for f in facts] == [("user", "note")], facts
    assert "europe's my patch these days" in facts[0].statement.lower()


async def test_a_request_is_never_kept_as_a_note_through_the_graph(app: App) -> None:
    user = "asked-no-note"
    result = await app.runner.ask("How many orders did we get in 2025?", session_id="ask", user_id=user)
    assert result.intent != "statement", result.answer
    await process_memory(app, user_id=user)
    assert await app.memory.facts.active(user) == []


@pytest.mark.parametrize(
    ("told", "kept"), [(True, True), (None, False), (False, False)], ids=["statement", "unrouted", "request"]
)
def test_the_routers_reading_decides_a_note(told: bool | None, kept: bool) -> None:
    """A shape the note reader does not know ("Ana's the one who ...") is kept only when the router said statement."""
    extracted = asyncio.run(
        OfflineFactExtractor().extract(
            user_message="Ana's the one who patches the laptops", assistant_message="", known_facts=[], told=told
        )
    )
    assert bool(extracted.facts) is kept, extracted.facts


def test_a_turn_read_as_a_request_gives_no_note_even_when_it_reads_as_one() -> None:
    """Without the router the note reader keeps "tickets nobody is working on"; read as a request, nothing is kept."""
    extractor = OfflineFactExtractor()
    text = "tickets nobody is working on"
    unrouted = asyncio.run(extractor.extract(user_message=text, assistant_message="", known_facts=[]))
    routed = asyncio.run(extractor.extract(user_message=text, assistant_message="", known_facts=[], told=False))
    assert unrouted.facts and not routed.facts


async def test_facts_are_extracted_from_the_words_as_typed_not_as_corrected(app: App) -> None:
    """A request the speller corrected is answered as read, but memory extracts facts from what the user typed."""
    user = "typed-words"
    typed = "wht was revnue in march"
    result = await app.runner.ask(typed, session_id="typo", user_id=user)
    assert "'revnue' as 'revenue'" in result.answer, result.answer  # the correction was made and said
    async with user_transaction(app.pool, user) as conn:
        cur = await conn.execute("SELECT payload->>'user_message' AS said FROM memory_jobs WHERE kind = 'extract_turn'")
        queued = [row["said"] for row in await cur.fetchall()]
    assert queued == [typed]
