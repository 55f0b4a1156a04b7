"""The checked "the documents do not give it" by the kind of value asked (round 16, KA): a phone number, an email or
web address no document writes, and how long a named thing lasts when no section of it gives a duration."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture, knowledge_of

GADGETS = (
    "# Gadget range\n\n## Zed Lamp\n\nThe Zed Lamp runs on a battery or on mains power and has a dimmer.\n\n"
    "## Kilo Fan\n\nThe Kilo Fan has a 9-hour battery and three speeds.\n\n## Mira Clock\n\n"
    "The Mira Clock shows the time in two zones. It can be returned within 30 days.\n\n## Nova Radio\n\nThe Nova "
    "Radio plays for 20 hours on a charge.\n"
)
HELP = "# Help desk\n\nThe help desk answers by phone and by chat on weekdays. Call it when a gadget will not start.\n"


knowledge = knowledge_fixture({"gadgets.md": GADGETS, "help.md": HELP})


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Which number do I give a client who wants to ring the help desk? what's the hotline", "a phone number"),
        ("what is the help desk's telephone number", "a phone number"),
        ("what's the email address of the help desk", "an email address"),
        ("Which website do we send clients to for the help desk?", "a web address"),
    ],
)
async def test_a_contact_no_document_writes_is_said_missing(knowledge: KnowledgeBase, question: str, said: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and f"no document gives {said}" in absent.text, absent


async def test_a_written_phone_number_makes_no_claim(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    knowledge = await knowledge_of(pool, tmp_path, {"help.md": HELP + "\nThe line is +1 555 010 0200.\n"})
    assert await documented_absence(knowledge, "what is the help desk's telephone number") is None


async def test_a_question_about_the_asker_is_left_to_memory(knowledge: KnowledgeBase) -> None:
    # "reach me": the user may have told it; the documents' silence proves nothing.
    assert await documented_absence(knowledge, "which number should people ring to reach me") is None


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # The lamp's section says "battery" but gives no duration.
        ("How long does the Zed Lamp's battery last on one charge?", "mention its battery but never give a duration"),
        # The clock's section never says "battery"; the documents give a battery's hours for another gadget.
        ("what's the battery life of the Mira Clock", "never mention battery"),
    ],
)
async def test_no_duration_of_the_named_thing_is_said_plainly(
    knowledge: KnowledgeBase, question: str, said: str
) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and "does not say how long" in absent.text and said in absent.text, absent


async def test_a_duration_given_for_the_thing_or_for_everything_makes_no_claim(
    pool: AsyncConnectionPool, tmp_path: Path
) -> None:
    rule = "# Batteries\n\nEvery gadget battery lasts about 6 hours on one charge.\n"
    knowledge = await knowledge_of(pool, tmp_path, {"gadgets.md": GADGETS, "batteries.md": rule})
    assert await documented_absence(knowledge, "how many hours does the Kilo Fan battery run for?") is None
    assert await documented_absence(knowledge, "How long does the Zed Lamp's battery last on one charge?") is None


async def test_a_duration_of_use_in_other_words_makes_no_claim(knowledge: KnowledgeBase) -> None:
    # "plays for 20 hours on a charge" never says "battery" but says how long it lasts.
    assert await documented_absence(knowledge, "what's the battery life of the Nova Radio") is None


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("whats the battery life on the zed lamp", "mention its battery but never give a duration"),
        ("how many colours does the kilo fan come in", "never mention colours"),
    ],
)
async def test_a_section_name_in_lower_case_is_a_subject(knowledge: KnowledgeBase, question: str, said: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and said in absent.text, absent


async def test_a_kind_word_of_a_name_alone_is_no_subject(knowledge: KnowledgeBase) -> None:
    # "fan" is the Kilo Fan's kind, not its name: "the fan" may be any of them.
    assert await documented_absence(knowledge, "how many colours does the fan come in") is None


async def test_an_act_no_document_writes_in_any_wording(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    outages = "# Outage rules\n\nEvery outage gets a tier. The first reply is due within 2 hours for T1 outages.\n"
    async with pool.connection() as conn:  # this test's own corpus only: the demo's documents say "completed"
        await conn.execute("DELETE FROM kb_documents")
    knowledge = await knowledge_of(pool, tmp_path, {"outages.md": outages})
    # Nothing says resolving, fixing, closing or completing: the first reply's 2 hours is not the answer.
    absent = await documented_absence(knowledge, "how many hours do we have to fully resolve a T1?")
    assert absent is not None and "does not say how long" in absent.text and "resolve" in absent.text, absent
    # "reply" is written: the question is answered elsewhere, no such claim.
    replied = await documented_absence(knowledge, "how long do we have to reply to a T1")
    assert replied is None or "in any wording" not in replied.text, replied
