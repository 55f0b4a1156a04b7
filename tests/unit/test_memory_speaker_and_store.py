"""Pure parts of issue 12: speaker attribution of facts, query words, and the store's namespace matching."""

from __future__ import annotations

import pytest

from cognicore.memory.errors import MemoryStoreError
from cognicore.memory.extraction import FactCandidate
from cognicore.memory.facts import about_speaker
from cognicore.memory.retrieval import MAX_QUERY_TERMS, query_words
from cognicore.memory.store import _equalities, _matches, _prefixes, _text


def fact(subject: str, statement: str) -> FactCandidate:
    return FactCandidate(
        subject=subject,
        predicate="lives_in",
        object="Lyon",
        kind="fact",
        confidence=0.9,
        category="personal",
        statement=statement,
    )


def test_facts_about_the_user_become_facts_about_the_speaker() -> None:
    moved = about_speaker(fact("user", "The user lives in Lyon; the user's flat is small."), "Maria")
    assert moved.subject == "Maria" and moved.statement == "Maria lives in Lyon; Maria's flat is small."
    team = fact("we", "We chose Lyon for the offsite.")
    assert about_speaker(team, "Maria") is team  # only facts about the speaker themself are re-attributed


def test_query_words_are_distinct_safe_and_bounded() -> None:
    assert query_words("Where's Maria living -- living? 'x' & | !") == ["where", "s", "maria", "living", "x"]
    assert len(query_words(" ".join(f"w{i}" for i in range(200)))) == MAX_QUERY_TERMS


def test_store_namespaces_prefixes_filters_and_text() -> None:
    assert _prefixes(["a", "b"]) == ["[]", '["a"]', '["a", "b"]']
    assert _matches(("alice", "prefs", "food"), ("alice", "*"), "prefix")
    assert _matches(("alice", "prefs", "food"), ("food",), "suffix")
    assert not _matches(("alice",), ("alice", "prefs"), "prefix")
    assert _equalities({"kind": {"$eq": "team"}, "n": 3}) == {"kind": "team", "n": 3}
    with pytest.raises(MemoryStoreError, match="equality only"):
        _equalities({"n": {"$gt": 3}})
    value = {"content": "Standup at 9:30", "meta": {"room": "Blue"}}
    assert _text(value, ["content", "meta.room"], "k") == "Standup at 9:30 Blue"
    assert _text({"content": "  "}, ["content"], "fallback-key") == "fallback-key"
