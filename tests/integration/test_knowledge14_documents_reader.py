"""The offline planner's documents check (K11, round 14): `documents_reader` says the documents answer a request only
when the offline composer answers it from the retrieved passages, on a real knowledge base."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents.rag_query import RagQueryAgent, documents_reader
from cognicore.subagents.types import AgentContext, StepInput
from tests.agents import agent_services
from tests.integration.knowledge_docs import knowledge_fixture

DOCS = {
    "markdowns.md": "# Markdown rules\n\n## Approvals\n\nFloor staff may take up to 5% off a quote on their own. "
    "Markdowns between 5% and 15% need the approval of an area lead. Any markdown above 15% needs the approval of "
    "the Head of Commerce.\n",
    "postage.md": "# Postage\n\nParcels to the islands cost $7 and are free on baskets of $80 or more.\n",
    "lockers.md": "# Staff lockers\n\nStaff lockers open with the badge; a lost key is replaced by facilities.\n",
}


knowledge = knowledge_fixture(DOCS)


@pytest.mark.parametrize(
    "request_text",
    ["Who must sign off a markdown above 15 percent?", "from what basket value is postage to the islands free?"],
)
async def test_a_request_the_documents_answer(knowledge: KnowledgeBase, request_text: str) -> None:
    assert await documents_reader(knowledge, k=8)(request_text)


@pytest.mark.parametrize(
    "request_text", ["how many days does postage to the islands take?", "what is the average basket of island parcels"]
)
async def test_a_request_they_do_not_answer(knowledge: KnowledgeBase, request_text: str) -> None:
    assert not await documents_reader(knowledge, k=8)(request_text)


@pytest.mark.parametrize(
    "question", ["How often do staff lockers get emptied?", "how frequently are the lockers cleaned"]
)
async def test_a_checked_miss_is_said_plainly_by_the_knowledge_agent(
    knowledge: KnowledgeBase, pool: AsyncConnectionPool, tmp_path: Path, question: str
) -> None:
    assert await documents_reader(knowledge, k=8)(question)
    ctx = AgentContext(user_id="u1", session_id="s1", run_id="r1", output_dir=tmp_path, engine="offline")
    out = await RagQueryAgent(agent_services(pool, knowledge)).run(StepInput(step_id="s1", instruction=question), ctx)
    assert "does not say how often" in out.summary and out.citations, out.summary
