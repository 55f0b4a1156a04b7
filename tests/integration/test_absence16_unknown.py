"""The checked "no document mentions it" of round 16 (KA): the noun phrase a question asks for holds a word no
document uses in any form; the claim is not made when a passage may say it otherwise, or for a possible typo."""

from __future__ import annotations

from pathlib import Path

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.memory.knowledge import KnowledgeBase
from cognicore.subagents._absence_unknown import asked_phrase
from cognicore.subagents._answer_absence import documented_absence
from tests.integration.knowledge_docs import knowledge_fixture, knowledge_of

DOCS = {
    "canteen.md": "# Canteen\n\nThe canteen serves lunch from noon to 2 pm on weekdays. Staff pay with their badge; "
    "visitors pay at the till.\n\n## Does the canteen need a booking?\n\nNo. Tables are not reserved; groups of more "
    "than ten eat in the meeting room.\n",
    "lockers.md": "# Lockers\n\nEvery member of staff gets one locker on the second floor. A lost locker key is "
    "replaced by facilities within two days for a fee of $15.\n",
    "printers.md": "# Printers\n\nThe Quill Printer on each floor prints in colour. Jams are cleared by facilities; "
    "toner is ordered when the light turns orange.\n",
}


knowledge = knowledge_fixture(DOCS)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Is there a vegan menu in the canteen?", "vegan"),
        ("do we offer a gym membership, and if so what does it cost", "gym"),
        ("Does the Quill Printer have a duplexer?", "duplexer"),
        ("which scanner brand does the canteen use?", "scanner"),
        ("is there a parking garage for the canteen", "parking"),
        ("which stapler brand does the Quill Printer use?", "stapler"),
    ],
)
async def test_a_thing_no_document_names_is_said_missing(knowledge: KnowledgeBase, question: str, said: str) -> None:
    absent = await documented_absence(knowledge, question)
    assert absent is not None and "does not say" in absent.text and said in absent.text, absent


@pytest.mark.parametrize(
    "question",
    [
        # "booking" is no corpus word, but a passage holds the canteen with "need": it may say it otherwise.
        "does the canteen need some sort of booking",
        # A typo of a corpus word ("lockr") is not a thing the documents never name.
        "what's the fee for a lost lockr key",
        # "which team ..." asks for an agent of that kind: "team" named nowhere proves nothing.
        "Which crew clears printer jams?",
        # A known word of the thing beside the subject ("prints in colour") may be the thing said otherwise.
        "what's the ink colour palette of the Quill Printer",
        # Nothing the documents hold is named: out of their scope, not a miss in them.
        "what's the tide forecast for Lisbon",
        # A value of a thing the documents may state in other words: "what's the X" and "how many X" are not checked.
        "what's the canteen's lunchtime turnaround?",
        "how many lockers per staffer are there",
        # A known kind of thing qualified by an unknown word: "a jam-clearing step", beside a subject "a smudge rating".
        "Is there a jam-clearing step for the printers?",
        "does the Quill Printer have a smudge-proof rating",
        # The frame alone ("the maximum wait") may be said in any words.
        "what's the maximum wait for a new locker key",
    ],
)
async def test_no_claim_when_a_passage_may_say_it_otherwise(knowledge: KnowledgeBase, question: str) -> None:
    assert await documented_absence(knowledge, question) is None


@pytest.mark.parametrize(
    ("question", "phrase"),
    [
        ("Do we run a cycle scheme, and who pays?", ["cycle", "scheme"]),
        ("is there a minimum number of stamps on a loyalty card?", ["minimum", "number", "stamps"]),
        ("which badge printer model do we use", ["badge", "printer", "model"]),
    ],
)
def test_the_asked_noun_phrase_follows_the_question_shape(question: str, phrase: list[str]) -> None:
    found = asked_phrase(question)
    assert found is not None and found[0] == phrase, found


async def test_a_member_of_a_series_the_documents_never_name(pool: AsyncConnectionPool, tmp_path: Path) -> None:
    grants = "# Grants\n\nThe studio won a Tier 1 grant in 2019 and a Tier 3 grant in 2022 for its archive.\n"
    knowledge = await knowledge_of(pool, tmp_path, {"grants.md": grants})
    absent = await documented_absence(knowledge, "How much was the studio's Tier 2 grant?")
    assert absent is not None and "does not say" in absent.text and "never Tier 2" in absent.text, absent
    # A member the documents name, or a date written like one, makes no claim of this kind.
    named = await documented_absence(knowledge, "what was the tier 3 grant for")
    assert named is None or "never" not in named.text, named
    assert await documented_absence(knowledge, "did anything happen on march 20 at the archive") is None
