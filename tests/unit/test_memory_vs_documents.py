"""Reading a question against what the user told (issue 9.4, R6): told words are not typos, abbreviations match."""

from __future__ import annotations

from cognicore.orchestrator.spelling import Speller, told_words
from cognicore.subagents.memory_evidence import abbreviated


def test_a_word_the_user_told_is_not_corrected_to_a_documents_word() -> None:
    speller = Speller(["office", "warehouse", "nothing"])
    memory = "- fact: Our team offsite this year is in Porto.\n- earlier request: wheres the ofice"
    keep = told_words(memory)
    assert "offsite" in keep and "ofice" not in keep  # an earlier request may hold a typo: not kept
    assert speller.correct("wheres the offsite again", keep=keep)[0] == "wheres the offsite again"
    assert speller.correct("wheres the offsite again")[0] != "wheres the offsite again"


def test_a_consonant_abbreviation_matches_the_word_it_shortens() -> None:
    assert abbreviated(frozenset({"mtg"}), "Our weekly support meeting is on Thursdays.")
    assert abbreviated(frozenset({"mgr"}), "My manager is Tobias.")
    assert not abbreviated(frozenset({"mtg"}), "The weekly sync is on Thursdays.")
    assert not abbreviated(frozenset({"meet"}), "Our weekly support meeting is on Thursdays.")  # has vowels
