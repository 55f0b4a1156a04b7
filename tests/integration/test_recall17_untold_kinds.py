"""An honest "you have not told me" is not blocked by a value of another kind (M28, round 17): a numbered place
("the 2nd floor") is no time, and a clock time ("at 7:30") is no number; a value that can be the asked kind still
keeps the answer on the unsure path. The real graph and stores, and the rule alone; wordings are our own."""

from __future__ import annotations

import pytest

from cognicore.app import App
from cognicore.subagents._memory_untold import untold_text
from tests.integration.fact_turns import tell_app


@pytest.mark.parametrize(
    ("question", "told", "untold"),
    [
        ("when does my rota start?", "The user handles the scanners on the 2nd floor.", True),
        ("what's my staff number?", 'The user said: "I get in at 7:30 most days."', True),
        ("when does my rota start?", 'The user said: "I\'m on from 7:30."', False),
        ("what's my staff number?", 'The user said: "My badge reads 44120."', False),
    ],
)
def test_a_value_of_another_kind_does_not_block_an_honest_miss(question: str, told: str, untold: bool) -> None:
    assert (untold_text(question, [told]) is not None) is untold


async def test_a_clock_time_is_no_number_the_user_told(app: App) -> None:
    user = "m28-untold-kinds"
    await tell_app(app, "I get in at 7:30 most days.", user=user, session="u1")
    result = await app.runner.ask("what's my locker code?", session_id="u2", user_id=user)
    assert result.answer.startswith("You have not told me"), result.answer


@pytest.mark.parametrize(
    ("question", "told", "untold"),
    [
        ("when is my appraisal due?", "The user sits in room 118 of the annex.", True),
        ("what is my extension?", 'The user said: "I usually leave by 5pm on Fridays."', True),
        ("when is my appraisal due?", 'The user said: "Mine is on the 14th."', False),
        ("what is my extension?", 'The user said: "Dial 4412 to reach me."', False),
    ],
)
def test_a_numbered_room_or_an_hour_of_the_day_is_another_kind(question: str, told: str, untold: bool) -> None:
    assert (untold_text(question, [told]) is not None) is untold
