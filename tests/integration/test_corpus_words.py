"""One corpus vocabulary: read on first use, shared by retrieval and the classifier, refreshed by ingest or TTL."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.memory.corpus_words import CorpusVocabulary
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.orchestrator.intent import OfflineClassifier
from tests.integration.conftest import AppFactory

HANDBOOK = """# Glacier Handbook

## Ropes

Every climber carries a dynamic rope of 60 metres and two ice screws on the Wi-Fi-free glacier.
"""


async def test_words_are_read_once_on_first_use_and_again_after_an_ingest(pool: AsyncConnectionPool) -> None:
    kb = KnowledgeBase(pool, OfflineEmbeddings())
    assert kb.vocabulary.reads == 0, "nothing is read when the knowledge base is built"
    first = await kb.vocabulary.words()
    assert kb.vocabulary.reads == 1 and "climber" not in first.plain
    assert await kb.vocabulary.words() is first and kb.vocabulary.reads == 1, "cached"
    await kb.ingest_text("handbook.md", HANDBOOK)
    after = await kb.vocabulary.words()
    assert kb.vocabulary.reads == 2, "an ingest drops the cache"
    assert "climber" in after.plain, "words as written"
    assert "climber" in after.lexemes and "screw" in after.lexemes, "stems as the English full-text index stores them"
    assert "wifi" in after.plain, "a hyphenated word is also known joined ('Wi-Fi' as 'wifi')"


async def test_words_are_read_again_after_the_ttl(pool: AsyncConnectionPool) -> None:
    now = [0.0]
    vocabulary = CorpusVocabulary(pool, ttl_s=60.0, clock=lambda: now[0])
    first = await vocabulary.words()
    now[0] = 59.0
    assert await vocabulary.words() is first
    now[0] = 61.0
    await vocabulary.words()
    assert vocabulary.reads == 2, "another process's ingest is seen after the TTL"


async def test_retrieval_and_the_classifier_share_one_read(pool: AsyncConnectionPool) -> None:
    kb = KnowledgeBase(pool, OfflineEmbeddings())
    await kb.ingest_text("handbook.md", HANDBOOK)
    classifier = OfflineClassifier(corpus=kb.vocabulary)
    assert kb.vocabulary.reads == 0
    hits = await kb.search("how many ice scrwes does a climbr carry?", k=2)
    assert hits and "ice screws" in hits[0].content, "the typo is corrected against the corpus' lexemes"
    decision = await classifier.classify(request="How many ice scrwes does a climber carry?", history=[])
    assert decision.read_as == ["'scrwes' as 'screws'"], "the speller knows the documents' words"
    assert kb.vocabulary.reads == 1, "one scan of the corpus serves both"
    await kb.ingest_text("more.md", "# Boots\n\nCrampons are fitted to stiff mountaineering boots.")
    decision = await classifier.classify(request="Which bots take crampns?", history=[])
    assert "'crampns' as 'crampons'" in decision.read_as, "the classifier sees the new document's words"
    assert kb.vocabulary.reads == 2


async def test_opening_the_application_does_not_read_the_corpus(make_app: AppFactory) -> None:
    async with make_app() as app:
        assert app.knowledge.vocabulary.reads == 0, "the corpus is read on the first question, not at start-up"
        await app.knowledge.ingest_text("handbook.md", HANDBOOK)
        question = "how many ice scrwes does a climber carry?"
        result = await app.runner.ask(question, session_id="s1", user_id="corpus-words")
        assert "60 metres" in result.answer or "two ice screws" in result.answer, result.answer
        assert app.knowledge.vocabulary.reads == 1, "the classifier and retrieval shared one read"


PARCELS = """# Parcel help

## Damaged parcels

If a parcel arrives damaged, report it within 7 days with a photo; a replacement ships at no cost.

## Lost parcels

A lost parcel is replaced or refunded after a carrier investigation of 5 business days.
"""


async def test_a_word_the_corpus_never_uses_is_searched_by_its_paraphrases(pool: AsyncConnectionPool) -> None:
    kb = KnowledgeBase(pool, OfflineEmbeddings())
    await kb.ingest_text("parcels.md", PARCELS)
    await kb.ingest_text("handbook.md", HANDBOOK)
    question = "what now, my thing came broken"
    plain = [p for p in await kb.search(question, k=10) if p.source == "parcels.md"]
    assert all(p.text_rank is None for p in plain), "no word of the question is in the parcel help"
    widened = await kb.search(question, k=10, alternatives={"broken": ["damaged"]})
    found = [p for p in widened if p.source == "parcels.md"]
    assert found and found[0].text_rank is not None and "arrives damaged" in found[0].content
