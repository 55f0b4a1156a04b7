"""The checked "the documents do not say" of round 15 (K12): what it may claim and what it must not."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence


async def test_a_place_asked_by_its_kind_is_never_claimed_missing(pool: AsyncConnectionPool) -> None:
    knowledge = KnowledgeBase(pool, OfflineEmbeddings())
    # "Singapore" and "Rotterdam" say the place; that no passage writes "country" or "town" proves nothing.
    assert await documented_absence(knowledge, "What country is the Asia Pacific hub in?") is None
    assert await documented_absence(knowledge, "which town is the European office of Aurora Devices located in") is None


async def test_no_claim_when_the_section_holds_the_asked_kind_otherwise(pool: AsyncConnectionPool) -> None:
    knowledge = KnowledgeBase(pool, OfflineEmbeddings())
    # "Decided by: ..." says who signed off the price cut.
    assert await documented_absence(knowledge, "Who gave the go-ahead for the Orbit Fitness Band price cut?") is None
    # A section stating the rule for every product ("Opened products") may cover the region asked about.
    assert await documented_absence(knowledge, "whats the EU return window on opened products") is None


async def test_a_who_question_still_claims_when_no_section_says_by_whom(pool: AsyncConnectionPool) -> None:
    knowledge = KnowledgeBase(pool, OfflineEmbeddings())
    # The Rotterdam sections name products and places, never who runs it: the plain "does not say" stands.
    absent = await documented_absence(knowledge, "who runs the Rotterdam office these days?")
    assert absent is not None and "does not say" in absent.text, absent
