"""Reading a question against what the user told (issue 9.4, R6): told words are not typos, abbreviations match."""

from __future__ import annotations

from typing import Any

from cognicore.orchestrator.recollection import told_words
from cognicore.orchestrator.spelling import Speller
from cognicore.subagents.compose import OfflineAnswerComposer
from cognicore.subagents.memory_evidence import abbreviated


def test_a_word_the_user_told_is_not_corrected_to_a_documents_word() -> None:
    speller = Speller(["office", "warehouse", "nothing"])
    recalled = {
        "facts": [{"text": "Our team offsite this year is in Porto (current, since 2031-03-17 09:00)",
                   "statement": "Our team offsite this year is in Porto."}],
        "episodes": [{"kind": "observation", "text": "wheres the ofice"}],
    }  # fmt: skip
    keep = frozenset(told_words(recalled))
    assert "offsite" in keep and "ofice" not in keep  # an earlier request may hold a typo: not kept
    assert "current" not in keep  # read from the fact itself, not from its rendered line
    assert speller.correct("wheres the offsite again", keep=keep)[0] == "wheres the offsite again"
    assert speller.correct("wheres the offsite again")[0] != "wheres the offsite again"


def test_a_name_the_user_wrote_in_an_earlier_saying_is_not_corrected() -> None:
    speller = Speller(["counts", "account"])
    recalled = {
        "facts": [],
        "episodes": [
            {"kind": "observation", "text": "Tomasz is the key account manager for Contoso."},
            {"kind": "observation", "text": "I cant spel"},
        ],
    }
    keep = frozenset(told_words(recalled))
    assert "contoso" in keep and "spel" not in keep  # no fact was read from it; its names are still the user's
    assert speller.correct("who's got the contoso account", keep=keep)[0] == "who's got the contoso account"


def test_a_consonant_abbreviation_matches_the_word_it_shortens() -> None:
    assert abbreviated(frozenset({"mtg"}), "Our weekly support meeting is on Thursdays.")
    assert abbreviated(frozenset({"mgr"}), "My manager is Tobias.")
    assert not abbreviated(frozenset({"mtg"}), "The weekly sync is on Thursdays.")
    assert not abbreviated(frozenset({"meet"}), "Our weekly support meeting is on Thursdays.")  # has vowels


def _fact(index: int, statement: str) -> dict[str, Any]:
    return {
        "index": index, "title": "Memory: team", "source": f"memory:fact:{index}", "content": statement,
        "statement": statement, "status": "active", "since": "2031-03-17 09:00", "until": None,
    }  # fmt: skip


PORTAL_DOC = {
    "index": 2, "title": "Password reset", "source": "/kb/reset.md",
    "content": "Users reset their own password on the self-service portal after confirming a code sent to their phone.",
}  # fmt: skip


async def test_an_address_question_is_answered_by_a_told_web_address_only() -> None:
    question = "what's the address of the self service portal"
    told = await OfflineAnswerComposer().compose(
        question=question, passages=[_fact(1, "Our self-service portal is at reset.example.org."), PORTAL_DOC]
    )
    assert told.used == [1] and "reset.example.org" in told.text
    # A fact about the portal that holds no address does not answer: unsure, nothing cited.
    other = await OfflineAnswerComposer().compose(
        question=question, passages=[_fact(1, "Our self-service portal is run by Anna."), PORTAL_DOC]
    )
    assert other.used == []


async def test_how_much_is_answered_by_a_told_percentage() -> None:
    docs = [{"index": 2, "title": "Pricing", "source": "/kb/p.md", "content": "Promotions use tiers of 5%, 10%."}]
    answer = await OfflineAnswerComposer().compose(
        question="how much discount am i allowed to give", passages=[_fact(1, "Our discount limit is 18%."), *docs]
    )
    assert answer.used[0] == 1 and "18%" in answer.text


LOCK_DOC = {
    "index": 2, "title": "Password reset", "source": "/kb/reset.md",
    "content": "A locked account unlocks itself after 30 minutes; for an urgent unlock, the desk verifies the caller.",
}  # fmt: skip


async def test_a_told_saying_no_fact_was_read_from_leads_a_document_that_disagrees() -> None:
    # The extractor read no fact from it: what the user said is still theirs, said first, then the document.
    saying = {**_fact(1, "On our desk locked accounts unlock after 15 minutes."), "source": "memory:7"}
    saying |= {"status": "said", "read": False}
    answer = await OfflineAnswerComposer().compose(
        question="how long till a locked account unlocks by itself", passages=[saying, LOCK_DOC]
    )
    assert answer.used == [1, 2], answer.text
    assert answer.text.index("15 minutes") < answer.text.index("30 minutes"), answer.text


async def test_a_duration_answers_how_long_and_a_frequency_how_often() -> None:
    long = await OfflineAnswerComposer().compose(
        question="how long till a locked account unlocks", passages=[_fact(1, "Locked accounts unlock after 15 mins.")]
    )
    often = await OfflineAnswerComposer().compose(
        question="how often do we refresh laptops", passages=[_fact(1, "Our laptops are refreshed every 3 years.")]
    )
    assert long.used == [1] and often.used == [1], (long.text, often.text)


async def test_where_a_thing_is_held_is_answered_by_the_told_place_before_a_dated_document() -> None:
    # "held" only says the review is somewhere: the told place covers the question; the notes say when, not where.
    notes = {"index": 2, "title": "Review notes", "source": "/kb/review.md",
             "content": "Notes from the quarterly review of the third quarter, held on October 8."}  # fmt: skip
    answer = await OfflineAnswerComposer().compose(
        question="where's the quarterly review held",
        passages=[_fact(1, "Our quarterly review is in the Oslo office."), notes],
    )
    assert answer.used[0] == 1 and "Oslo" in answer.text.split("[1]")[0], answer.text  # the told place first
