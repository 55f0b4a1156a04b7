"""A checked "the documents do not say" for a question asking a kind of value (K10, round 13): "how often" asks a
frequency and "which version" a version, however the documents would word it; when no passage naming the subject
(a capitalised name, or a word of a document's title) holds a value of that kind, the miss is said plainly. A
passage holding one, or a general rule of that kind, leaves it to the composer or `unsure`."""

from __future__ import annotations

import pytest

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture

DOCS = {
    "badges.md": "# Visitor badges\n\nVisitor badges are printed at reception after the host confirms the visit. "
    "A lost badge is blocked within 10 minutes of the report.\n",
    "kiosk.md": "# Lobby kiosk\n\nThe kiosk runs the Lobby app, installed in March 2023. When the screen freezes, "
    "restart the Lobby app and call facilities if it freezes again.\n",
    "doors.md": "# Door codes\n\nDoor codes change every 30 days and are sent to staff by email.\n",
    "outages.md": "# Outage rules\n\nEvery outage gets a tier when it is reported. The first reply is due within 2 "
    "hours for T1 outages and within 6 hours for T2 outages.\n",
    "faults.md": "# Hardware faults\n\nThe first reply to an H1 fault is due within 1 hour, and every H1 fault must be "
    "fixed within 3 days.\n",
}


knowledge = knowledge_fixture(DOCS)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("how often do visitor badges have to be renewed?", "how often"),
        ("How frequently must we reprint the badges", "how often"),
        ("which version of the Lobby app should the kiosk run?", "which version"),
        ("what release of the Lobby app is current", "which version"),
        ("What release number is the Lobby app on?", "which version"),
        ("which app release does the Lobby kiosk need", "which version"),
    ],
)
async def test_a_kind_of_value_no_passage_on_the_subject_holds_is_said_plainly(
    knowledge: KnowledgeBase, question: str, said: str
) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and f"does not say {said}" in absent.text, absent


@pytest.mark.parametrize(
    "question", ["how often do the door codes get changed?", "How frequently are door codes reset"]
)
async def test_a_passage_holding_a_value_of_the_kind_makes_no_claim(knowledge: KnowledgeBase, question: str) -> None:
    assert await documented_absence(knowledge, question) is None


@pytest.mark.parametrize(
    "question", ["how many ppl are based at the Singapore hub?", "how many folks does the Singapore hub have"]
)
async def test_people_in_shorthand_ask_a_headcount(knowledge: KnowledgeBase, question: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and "does not say" in absent.text and "Singapore" in absent.text, absent


@pytest.mark.parametrize(
    "question",
    [
        "How long until a T1 outage must be fully fixed, not just replied to?",
        "by when must a T2 outage be solved (not just acknowledged)?",
    ],
)
async def test_what_the_question_sets_aside_is_all_the_documents_give(knowledge: KnowledgeBase, question: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and "does not say" in absent.text and "set aside" in absent.text, absent


@pytest.mark.parametrize(
    "question",
    ["how long to fix an H1 fault, not just reply to it?", "when must H1 faults be resolved (not only answered)"],
)
async def test_a_set_aside_question_the_documents_answer_makes_no_claim(
    knowledge: KnowledgeBase, question: str
) -> None:
    assert await documented_absence(knowledge, question) is None


async def test_a_version_picked_out_by_a_date_the_passage_gives_is_not_claimed(knowledge: KnowledgeBase) -> None:
    # Review B of round 13: the version asked is the one of a date a passage on the subject gives: it may be it.
    assert await documented_absence(knowledge, "Which version of the Lobby app was installed in March 2023?") is None
    assert await documented_absence(knowledge, "what release of the Lobby app came in during 2023") is None
