"""A relation told one way is no answer to it asked the other way (review 16, W11): after "I pass my weekly numbers to
Dmitri", "who passes their numbers to me?" is not Dmitri; it is said as the closest thing told and not sure, while
the relation asked the told way is still answered. The real graph and stores, and the rule alone; wordings are ours."""

from __future__ import annotations

import pytest

from cognicore.app import App
from cognicore.subagents._memory_direction import reversed_relation
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_relation_asked_the_other_way_round_is_not_answered_with_its_person(app: App) -> None:
    user = "m28-direction"
    await tell_all(app, user, "I pass my weekly numbers to Dmitri Volkov.")
    for _, result in await ask_each(
        app, user, ("who passes their weekly numbers to me?", "Who's passing weekly numbers on to me?")
    ):
        assert result.outcome == "unsure" and "not sure" in result.answer, result.answer
    result = await app.runner.ask("who do I pass my weekly numbers to?", session_id="d9", user_id=user)
    assert result.outcome == "succeeded" and "Dmitri" in result.answer, result.answer


@pytest.mark.parametrize(
    ("memory", "question", "reversed_"),
    [
        ("Tickets from me get escalated to Ingrid Sand.", "who escalates tickets to me?", True),
        ("Ingrid sends her overflow tickets to me.", "who do I send overflow tickets to?", True),
        ("The user reviews contracts for Omar.", "who reviews contracts for me?", True),
        ("Omar reviews contracts for the user.", "who reviews contracts for me?", False),
        ("The user reviews contracts for Omar.", "who do I review contracts for?", False),
        ("The user's reviewer is Omar.", "who reviews my contracts?", False),
        ("The user reviews contracts for Omar.", "remind me who I review contracts for", False),
        # a role held over the user, asked from the other end (review 17, W3)
        ("The user's supervisor is Wen Li.", "who reports to me these days?", True),
        ("The user's supervisor is Wen Li.", "who am I supervising?", True),
        ("Kofi Mensah is my deputy.", "whose deputy am I?", True),
        ("The user's supervisor is Wen Li.", "who do I answer to?", False),
        ("The user's supervisor is Wen Li.", "who supervises me?", False),
        ("The user covers for Ines when she is away.", "who covers for me when I'm away?", True),
        # "I manage Ines and Omar" stored as "The user is responsible for ..." (review 17, W3 s7)
        ("The user is responsible for Ines Varga and Omar Lind.", "who is managing me?", True),
        ("Wen Li is responsible for me.", "who manages me?", False),
    ],
)
def test_who_gives_and_who_receives_are_read_from_both(memory: str, question: str, reversed_: bool) -> None:
    assert (reversed_relation(memory, question) is not None) is reversed_
