"""The "which version" kind of the checked "the documents do not say" (review B of round 13): a product's release
("which release of ours was ...", "what release year ...") is its launch, which the documents give as a date, not a
version; a month or a year is never the question's subject; a version picked out by a date a passage on the
subject gives ("in force since September 2024") may be that passage's. None of these is claimed absent (they were
confident "does not say which version" at 4a7f575); a version of software still is."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from cognicore.memory.embeddings import OfflineEmbeddings
from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import _name_runs, documented_absence

REVIEWED = [
    "What release year was the Lumen Smart Bulbs 4-pack?",
    "Which release of ours was the Lumen Smart Bulb 4-Pack?",
    "Which release of ours was the Haven Video Doorbell?",
    "Which release of ours was the Orbit Smartwatch?",
    "Which version of the discount policy is in force since September 2024?",
]
OWN = [
    "which release of ours is the Aurora Studio Headphones",
    "What release month was the Volt Charging Dock?",
    "Which version of the pricing policy has applied since September 2024?",
    "what version of the discount policy came in during 2024",
]


@pytest.mark.parametrize("question", REVIEWED + OWN)
async def test_a_launch_or_a_dated_version_is_never_said_absent(pool: AsyncConnectionPool, question: str) -> None:
    absent = await documented_absence(KnowledgeBase(pool, OfflineEmbeddings()), question)
    assert absent is None, absent


@pytest.mark.parametrize("question", [*REVIEWED[1:3], REVIEWED[4]])
async def test_through_the_graph_no_version_is_said_missing(app: App, question: str) -> None:
    result = await app.runner.ask(question, session_id="r1", user_id="kim")
    assert "does not say which version" not in result.answer, result.answer


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Which version of the discount policy is in force since September 2024?", []),
        ("What changed for the Orbit Smartwatch in March?", [["Orbit", "Smartwatch"]]),
        ("Which tickets came in on Monday or in Q3 for the Haven Video Doorbell?", [["Haven", "Video", "Doorbell"]]),
        ("what did Sep-24 bring for the Lobby app", [["Lobby"]]),
    ],
)
def test_a_calendar_word_is_never_the_subject(question: str, subject: list[list[str]]) -> None:
    assert _name_runs(question) == subject
