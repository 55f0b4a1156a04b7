"""A checked "the documents do not say" (issue 9 point 2, round 12, engineer K9's own wordings).

A question about a named thing the documents describe, asking for something no passage naming it mentions, is
answered plainly (outcome succeeded); anything the whole-corpus check cannot settle stays an honest `unsure`.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence


async def test_a_property_no_passage_gives_for_a_named_product_is_said_plainly(app: App) -> None:
    result = await app.runner.ask("What colours does the Orbit Smartwatch come in?", session_id="a1", user_id="kai")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert "does not say" in result.answer and "Orbit Smartwatch" in result.answer, result.answer
    assert "colours" in result.answer and result.citations


async def test_a_headcount_of_a_named_place_is_said_plainly(app: App) -> None:
    result = await app.runner.ask("How many staff work in the Rotterdam warehouse?", session_id="a2", user_id="kai")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert "does not say" in result.answer and "staff" in result.answer, result.answer


async def test_the_check_claims_nothing_the_documents_do_say(pool: AsyncConnectionPool) -> None:
    knowledge = KnowledgeBase(pool, OfflineEmbeddings())
    # A passage names the product with the asked thing (the doorbell is "battery or wired"): no claim.
    assert await documented_absence(knowledge, "does the Haven Video Doorbell run on a battery?") is None
    assert await documented_absence(knowledge, "What's the full return window for the Aurora Studio Headphones") is None
    # A general passage (shipping to Latin America) may cover the country asked about: no claim.
    assert await documented_absence(knowledge, "Is delivery free for shoppers in Brazil?") is None
    # A company-wide headcount may include the office asked about: no claim.
    assert await documented_absence(knowledge, "How many employees are based in Rotterdam?") is None
    # The subject is nowhere in the documents: no claim. An asked word no document uses may be said otherwise
    # beside the subject ("waterproof (IP67)" for the speaker's water resistance rating): no claim either (round 16
    # claims it only when no passage holds the subject with a known word of the thing: test_absence16_unknown).
    assert await documented_absence(knowledge, "What is the battery life of the Zephyr Kettle?") is None
    assert await documented_absence(knowledge, "what's the water resistance rating of the Pulse Mini Speaker") is None
    # Nothing named: nothing to check the asked thing against.
    assert await documented_absence(knowledge, "what colours does the watch come in?") is None


async def test_the_check_shows_the_section_of_the_subject(pool: AsyncConnectionPool) -> None:
    knowledge = KnowledgeBase(pool, OfflineEmbeddings())
    absent = await documented_absence(knowledge, "Does the Pulse Mini Speaker come in different colours?")
    assert absent is not None and "different colours" in absent.text, absent
    assert "### AUD-300 Pulse Mini Speaker" in absent.passages[0].content, absent.passages[0].content
