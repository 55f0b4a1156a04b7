"""A thing the question sets aside ("not the first reply", "rather than the acknowledgement") is never the answer
(round 17, unseen measure): a passage that only answers the set-aside thing gives a checked miss, not its quote."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.rag_query import RagQueryAgent
from cognicore.subagents.types import AgentContext, StepInput
from tests.agents import agent_services
from tests.integration.knowledge_docs import knowledge_of

DOCS = {
    "outages.md": "# Outage rules\n\nEvery outage gets a tier when it is reported. The first reply is due within "
    "the target time of its tier: T1 within 2 hours, T2 within 6 hours, T3 within 2 days.\n",
    "faults.md": "# Hardware faults\n\nThe first reply to an H1 fault is due within 1 hour, and every H1 fault must be "
    "fixed within 3 days.\n",
}


async def _answer(pool: AsyncConnectionPool, tmp_path: Path, question: str) -> str:
    knowledge = await knowledge_of(pool, tmp_path, DOCS)
    ctx = AgentContext(user_id="u1", session_id="s1", run_id="r1", output_dir=tmp_path, engine="offline")
    out = await RagQueryAgent(agent_services(pool, knowledge)).run(StepInput(step_id="s1", instruction=question), ctx)
    return out.summary


@pytest.mark.parametrize(
    "question",
    [
        "What's the target for fully closing a T1 outage - not the first reply, the real fix?",
        "How long do we get to clear a T2 outage for good, rather than the first reply?",
    ],
)
async def test_a_passage_answering_only_the_set_aside_thing_is_no_answer(
    pool: AsyncConnectionPool, tmp_path: Path, question: str
) -> None:
    said = await _answer(pool, tmp_path, question)
    assert "within 2 hours" not in said and "within 6 hours" not in said, said


async def test_a_passage_answering_the_asked_thing_beside_the_set_aside_one_still_answers(
    pool: AsyncConnectionPool, tmp_path: Path
) -> None:
    said = await _answer(pool, tmp_path, "how long to fix an H1 fault, not the first reply?")
    assert "3 days" in said, said
