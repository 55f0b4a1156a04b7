"""Checked misses of round 18 (GK), against a real knowledge base: no "the documents do not say" when the subject's
own section gives a value of the asked kind in other words (a date for "when did X join"), when a contact is only the
means of a yes/no question ("can customers reach us by phone on Sunday?"), or when a place after "take to" is read as
the act asked (reviewer findings K8, in wordings of my own)."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_of

TEAM = (
    "# About the Harbour Co-op\n\nThe co-op runs ferries from its Oban depot, opened in 2012.\n\n"
    "## Leadership\n\n- Ines Duarte, chief "
    "operating officer (COO, since 2019)\n- Tomas Berg, harbour master (since 2022)\n\n## Contact\n\nThe desk is open "
    "Monday to Friday, 9 am to 5 pm, by chat, email and phone.\n"
)
FERRIES = (
    "# Ferry guide\n\nCrews lease their boats by the season.\n\n"
    "## Where we sail\n\nWe sail from Oban to Mull, Islay, Port Ellen and New Quay.\n\n## Crossing "
    "times\n\nCrossings take 45 minutes to Mull and 2 hours to Islay.\n"
)


@pytest.fixture
async def knowledge(pool: AsyncConnectionPool, tmp_path: Path) -> KnowledgeBase:
    return await knowledge_of(pool, tmp_path, {"coop.md": TEAM, "ferries.md": FERRIES})


@pytest.mark.parametrize(
    "question",
    [
        "When did the COO come on board?",  # "(COO, since 2019)": a date in the subject's own section
        "In what year did the harbour master start with us?",
        "Can passengers get hold of the desk by phone on a Saturday?",  # the phone is the means, not the asked value
        "Could I call the desk by phone on Easter Monday?",
        "How long does a crossing take to New Quay?",  # "New" is the place's name, not the act asked
    ],
)
async def test_no_claim_when_the_asked_value_may_be_said_otherwise(knowledge: KnowledgeBase, question: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is None, absent


async def test_a_thing_named_with_its_article_is_still_checked(knowledge: KnowledgeBase) -> None:
    absent = await documented_absence(knowledge, "When will the lease of the Oban depot end?")
    assert absent is not None and "lease" in absent.text, absent


async def test_the_number_itself_is_still_checked(knowledge: KnowledgeBase) -> None:
    absent = await documented_absence(knowledge, "What phone number do passengers call for the desk?")
    assert absent is not None and "phone number" in absent.text, absent
