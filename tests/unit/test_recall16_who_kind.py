"""A "who" question about the asker is not answered by a fact that names no one but the asker ("The user reports
March", read from "... until she's back in March"): the fact's own subject is no person for it."""

from __future__ import annotations

from cognicore.subagents._memory_kind import wrong_kind


def test_the_asker_is_no_answer_to_who_they_report_to() -> None:
    assert wrong_kind("who do I answer to these days?", "The user answers to April") == "it does not say who"
    assert wrong_kind("who am I paired with this sprint?", "The user is paired up from Monday") == "it does not say who"


def test_a_named_person_or_role_still_answers() -> None:
    assert wrong_kind("who do I answer to these days?", "The user answers to Ines Duarte") is None
    assert wrong_kind("who's my line manager?", "The user's line manager is the regional director") is None
    assert wrong_kind("who is on the rota on Fridays?", "I am on the rota on Fridays") is None  # not about the asker
