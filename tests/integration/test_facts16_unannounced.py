"""A turn answered as a request or a question ends no known fact (issue 9, M25 round 16): the reply never said
"that replaces ...", so the extraction job keeps the known fact; the same words told as news do replace it."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory import jobs
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.extraction import OfflineFactExtractor
from cognicore.memory.facts import FactStore


async def _said(pool: AsyncConnectionPool, user: str, text: str, round: int, *, told: bool) -> None:
    await jobs.enqueue_turn(
        pool, user_id=user, session_id="s1", round=round, user_message=text, assistant_message="", told=told
    )
    facts = FactStore(pool, OfflineEmbeddings())
    await jobs.process(pool, {jobs.EXTRACT_TURN: jobs.make_extract_handler(OfflineFactExtractor(), facts)})


async def test_a_change_in_a_turn_not_read_as_news_ends_nothing(pool: AsyncConnectionPool) -> None:
    facts = FactStore(pool, OfflineEmbeddings())
    change = "My pager number changed to 6012."
    await _said(pool, "m25-asked", "My pager number is 6004.", 1, told=True)
    await _said(pool, "m25-asked", change, 2, told=False)
    assert "6004" in " ".join(f.statement for f in await facts.active("m25-asked"))
    await _said(pool, "m25-told", "My pager number is 6004.", 1, told=True)
    await _said(pool, "m25-told", change, 2, told=True)
    held = " ".join(f.statement for f in await facts.active("m25-told"))
    assert "6012" in held and "6004" not in held
