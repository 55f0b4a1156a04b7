"""A figure the user or the team must reach is their target, quota or goal, in any words (review 16, L2): after "This
quarter I have to hit 60 product demos", "what's my quota?" is that figure, not "you have not told me". A figure
told without a duty ("I ran 60 demos last quarter") is no goal. The real graph and stores, and the rule alone; wordings
are our own, not in any held-out or dev set."""

from __future__ import annotations

import pytest

from cognicore.app import App
from cognicore.subagents._memory_words import shape_words
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_figure_the_user_must_reach_answers_their_quota(app: App) -> None:
    user = "m28-goal"
    await tell_all(app, user, "This quarter I have to hit 60 product demos.")
    for question, result in await ask_each(app, user, ("what's my quota?", "remind me what my target is")):
        assert result.outcome == "succeeded" and "60" in result.answer, (question, result.answer)


@pytest.mark.parametrize(
    ("said", "goal"),
    [
        ("We have to win 12 new logos by June.", True),
        ("I really need to raise 30 upsells this half.", True),
        ("I ran 60 demos last quarter.", False),
        ("My manager has to hit $5M this year.", False),
    ],
)
def test_a_duty_to_reach_a_figure_is_a_goal(said: str, goal: bool) -> None:
    assert ("quota" in shape_words(said)) is goal
