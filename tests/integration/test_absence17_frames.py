"""Checked misses of round 17 (KA): a frame of the value asked ("the time limit", "the deadline") is never a thing the
documents must write; a rule states it as a value ("within 10 days"), so no "never mention time limit" is claimed."""

from __future__ import annotations

import pytest

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture

RETURNS = (
    "# Boat returns\n\n## Opened kayaks\n\nOpened kayaks (the Skua Kayak and the Petrel Kayak) must be sent back "
    "within 10 days of delivery, with the spray deck.\n\n## Catalog\n\nThe Skua Kayak is a sea kayak for one.\n"
)


knowledge = knowledge_fixture({"returns.md": RETURNS})


@pytest.mark.parametrize(
    "question",
    [
        "A paddler unwrapped the Skua three weeks after delivery, it isn't damaged. What's the time limit for sending "
        "back opened kayaks?",
        "The Petrel arrived a month ago and was opened but works. What is the deadline to return an opened kayak?",
    ],
)
async def test_a_frame_of_the_value_asked_is_never_claimed_unmentioned(knowledge: KnowledgeBase, question: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is None, absent.text
