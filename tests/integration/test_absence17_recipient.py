"""Checked misses of round 17 (KA): "do we give <recipient> a <thing> on <subject>?" asks whether a rule is for those
people; when no chunk names them in any form, no rule of the documents is for them: said plainly, even beside a named
subject whose passages do give the thing (a discount) to others."""

from __future__ import annotations

import pytest

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture

RATES = (
    "# Ferry fares\n\n## Kestrel Crossing\n\nThe Kestrel Crossing costs $30. Islanders get a 20% discount on the "
    "Kestrel Crossing.\n\n## Plover Crossing\n\nThe Plover Crossing costs $45 and has no discount.\n"
)


knowledge = knowledge_fixture({"fares.md": RATES})


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("Do we give pensioners a discount on the Kestrel Crossing?", "pensioners"),
        ("does the company offer cyclists a reduction on the Plover Crossing", "cyclists"),
    ],
)
async def test_a_recipient_no_document_names_is_said_missing(
    knowledge: KnowledgeBase, question: str, word: str
) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and f"no document mentions {word}" in absent.text, absent


async def test_a_recipient_the_documents_name_makes_no_such_claim(knowledge: KnowledgeBase) -> None:
    absent = await documented_absence(knowledge, "Do we give islanders a discount on the Kestrel Crossing?")
    assert absent is None or "islanders" not in absent.text, absent


@pytest.mark.parametrize("statement", ["I need to book 2 days off before the summer.", "we must sell 3 kayaks today"])
async def test_a_verb_and_a_count_is_no_member_of_a_series(knowledge: KnowledgeBase, statement: str) -> None:
    # "book 2" is no "Book 2" of a series; the documents' "book a fitting" has an article, no member.
    absent = await documented_absence(knowledge, statement)
    assert absent is None or "never" not in absent.text, absent
