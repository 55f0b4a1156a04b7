"""The time elapsed in a story told before a question ("opened them about three weeks ago") is the case, not what is
asked (K11, round 14): the answer is the sentence about the asked thing, not one that shares the story's time."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.rag_query import passage_dicts, search_for


@pytest.mark.parametrize(
    "question",
    [
        "A shopper unboxed their Vista AR Glasses some 3 weeks ago and wants to send them back. What's the window for "
        "opened Vista glasses?",
        "my customer opened a pair of Vista AR Glasses two weeks ago. whats the return window on opened Vista glasses?",
    ],
)
async def test_the_story_time_does_not_pick_the_answer(pool: AsyncConnectionPool, question: str) -> None:
    knowledge = KnowledgeBase(pool, OfflineEmbeddings())  # the demo corpus of the test database
    passages = await search_for(knowledge, question, k=8)
    answer = await OfflineAnswerComposer().compose(question=question, passages=passage_dicts(passages))
    assert answer.used and "14 days" in answer.text.split(". ")[0], answer.text
