"""Checked misses of round 17 (KA), against a real knowledge base: a value of the asked kind that no passage of the
named subject gives (a weight, a name of the thing used) is said missing plainly."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture, knowledge_of

BOATS = (
    "# Boat range\n\n## Tern Dinghy\n\nThe Tern Dinghy is a sailing dinghy for two with a rated (IPX4) light mast.\n\n"
    "## Skua Kayak\n\nThe Skua Kayak is a sea kayak for one. It ships with a spray deck.\n\n"
    "## Gannet Tender\n\nThe Gannet Tender weighs 38 kg and folds flat.\n"
)
LAUNCH = (
    "# Launch troubleshooting\n\nWhen the Slipway gate will not open, first check the launch app is signed in. "
    "Then sign out of the launch app and sign in again. If it still fails, open an S2 request for the harbour team.\n"
)


knowledge = knowledge_fixture({"boats.md": BOATS, "launch.md": LAUNCH})


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How much does the Skua Kayak weigh?", "never give a weight"),
        ("what's the weight of a Skua Kayak", "never give a weight"),
        ("Which launch app do we use for the Slipway gate?", "never give a name"),
    ],
)
async def test_a_value_of_the_asked_kind_no_passage_of_the_subject_gives_is_said_missing(
    knowledge: KnowledgeBase, question: str, said: str
) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and said in absent.text, absent


async def test_another_sections_value_in_the_same_chunk_does_not_hide_the_miss(
    pool: AsyncConnectionPool, tmp_path: Path
) -> None:
    # One chunk holds both gadgets; the lamp's section gives no weight, the fan's does.
    catalog = (
        "# Gadgets\n\n## Zed Lamp\n\nThe Zed Lamp has a dimmer and a linen shade.\n\n## Kilo Fan\n\n"
        "The Kilo Fan weighs 2.5 kg and has three speeds.\n"
    )
    knowledge = await knowledge_of(pool, tmp_path, {"gadgets.md": catalog})
    for question in ("How heavy is the Zed Lamp?", "what does the zed lamp weigh"):
        absent = await documented_absence(knowledge, question)
        assert absent is not None and "never give a weight" in absent.text, absent
    assert await documented_absence(knowledge, "How heavy is the Kilo Fan?") is None


@pytest.mark.parametrize(
    "question",
    ["Which number do skippers dial to reach the harbour team?", "what number should a visitor ring for a berth"],
)
async def test_which_number_to_dial_is_a_phone_number_no_document_gives(
    pool: AsyncConnectionPool, tmp_path: Path, question: str
) -> None:
    desk = "# Harbour desk\n\nThe harbour team answers by phone and by radio from 7 am to 7 pm.\n"
    knowledge = await knowledge_of(pool, tmp_path, {"desk.md": desk})
    absent = await documented_absence(knowledge, question)
    assert absent is not None and "no document gives a phone number" in absent.text, absent
