"""A memory of a compound thing that shares a word with the asked one is another thing (review 16, W7): "which desk
was mine before?" is not answered by the old desk PHONE, nor "what was my pager rota before?" by the old pager
NUMBER; a word that only names the kind of value ("pager number" for "pager") keeps them one thing. The real graph and
stores, and the rule alone; wordings are our own, not in any held-out or dev set."""

from __future__ import annotations

import pytest

from cognicore.app import App
from cognicore.subagents._memory_compound import other_compound
from tests.integration.fact_turns import ask_each, tell_all


async def test_an_old_desk_phone_is_no_earlier_desk(app: App) -> None:
    user = "m28-compound"
    await tell_all(app, user, "My desk phone is 555-0101.", "My desk phone is 555-0177 now.", "My desk is 9A.")
    for _, result in await ask_each(app, user, ("which desk was mine before?", "what desk did I use to sit at?")):
        assert "555-0101" not in result.answer and result.outcome == "unsure", result.answer
    result = await app.runner.ask("what was my desk phone before?", session_id="k9", user_id=user)
    assert "555-0101" in result.answer, result.answer


@pytest.mark.parametrize(
    ("question", "memory", "other"),
    [
        ("which locker did I have before?", "The user's locker key is 88.", True),
        ("what's my parking permit?", "The user's parking space is C3.", True),
        ("what was my locker number before?", "The user's locker is 12.", False),
        ("what's my locker?", "The user's locker number is 12.", False),
        ("what is our sales figure for Q2?", "Our Q2 sales goal is $1M.", False),
        ("what's my parking space?", "The user's parking space is C3.", False),
    ],
)
def test_a_thing_added_after_a_shared_word_is_another_thing(question: str, memory: str, other: bool) -> None:
    assert (other_compound(question, memory) is not None) is other


def test_another_numbered_part_of_a_period_is_another_thing() -> None:
    # review 17 (W4): "for the second half" told after "for the first half"
    assert other_compound("what's my 1st-quarter bonus?", 'The user said: "For the 2nd quarter my bonus is 3%."')
    assert (
        other_compound("what's my bonus for the first quarter?", "The user's bonus for the first quarter is 2%.")
        is None
    )
