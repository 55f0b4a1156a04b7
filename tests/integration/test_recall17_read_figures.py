"""A saying the store recorded as read into a fact, though it names another figure, casts doubt on that fact (review 17,
W6 d5): after "I'm on call the week of March 3" and "Priya and I swapped, so I'm on call the week of March 10 instead"
(kept as a source of the March 3 fact), "which week am I on call?" quotes both and is not sure. The real graph and
stores; wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

from cognicore.app import App
from cognicore.subagents._question_terms import SYNONYMS, question_concepts
from cognicore.subagents.memory_answer import answer_from_memory
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_change_kept_only_as_a_source_is_not_hidden(app: App) -> None:
    user = "m28-read-figures"
    await tell_all(
        app,
        user,
        "I'm on call the week of March 3.",
        "Priya and I swapped, so I'm on call the week of March 10 instead.",
    )
    facts = [(f.statement, f.status, f.sources) for f in await app.memory.facts.history(user)]
    for _, result in await ask_each(app, user, ("which week am I on call?", "when's my on-call week?")):
        assert "10" in result.answer and "not sure" in result.answer, (result.answer, facts)


def test_a_saying_that_names_only_the_old_value_casts_no_doubt() -> None:
    fact = {"index": 1, "source": "memory:fact:1", "statement": "The user's parking bay is P14.", "status": "active",
            "since": "2031-05-02 09:00", "sources": ["s2#1"]}  # fmt: skip
    said = {"index": 2, "source": "memory:ep:2", "statement": "They moved my parking bay from P9 to P14.",
            "status": "said", "since": "2031-05-02 09:00", "turn": "s2#1", "read": True}  # fmt: skip
    found = answer_from_memory(
        "what's my parking bay?", question_concepts("what's my parking bay?", SYNONYMS), [fact, said]
    )
    assert found is not None and found.used == [1] and "not sure" not in found.text, found
