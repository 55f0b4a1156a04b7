"""A question about what a person of the asker's does, with nothing told about that person, on the demo corpus: the
documents name roles ("the four regional sales managers"), never which holder is the asker's: unsure, not a passage."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.rag_query import RagQueryAgent
from tests.integration.test_rag_query import context, services, step


@pytest.mark.parametrize(
    "question",
    [
        "which region does my manager look after?",  # was the QBR's "Attendees: ..." line
        "Which region does my lead cover?",  # was "Strategy: lead with Audio ..."
        "Which products does my team lead handle?",
    ],
)
async def test_what_a_person_of_the_askers_does_is_not_in_the_documents(
    pool: AsyncConnectionPool, tmp_path: Path, question: str
) -> None:
    with pytest.raises(Unsure):
        await RagQueryAgent(services(pool)).run(step(question), context(tmp_path))


async def test_a_rule_of_the_role_is_still_answered(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    out = await RagQueryAgent(services(pool)).run(step("What discount can my manager approve?"), context(tmp_path))
    assert "regional sales manager" in out.data["answer"]
