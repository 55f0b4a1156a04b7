"""A memory about another named person is no answer to a question about the asker (review 16, W9/L3): the answer is a
near miss that names whose it is, unsure. The real graph and stores; wordings are our own, not in any held-out or dev
set."""

from __future__ import annotations

from cognicore.app import App
from cognicore.subagents._memory_figure import generic_only
from cognicore.subagents._memory_owner import another_owner
from cognicore.subagents.memory_answer import widened
from tests.integration.fact_turns import ask_each, tell_all


async def test_a_colleagues_number_is_not_the_askers(app: App) -> None:
    user = "m26-owner"
    await tell_all(app, user, "My teammate Oskar's extension is 4410.")
    for _, result in await ask_each(
        app, user, ("what number should people dial to reach me?", "what's my extension again?")
    ):
        assert result.outcome == "unsure", result.answer  # never Oskar's number given as the asker's


def test_whose_memory_it_is() -> None:
    assert another_owner("Lena looks after the Nordics.", "which market am I looking after?") is not None
    assert another_owner("Lena, my lead, sits in room 4.", "which room do I sit in?") is not None
    assert another_owner("Lena looks after the Nordics.", "who looks after my accounts?") is None  # a "who": the answer
    assert another_owner("Lena Holm is my mentor.", "what do you know about my mentor?") is None  # the user's mentor
    assert another_owner("Lena's extension is 4410.", "remind me lena's extension") is None  # the question names her
    assert another_owner("Lena and I share the Nordics.", "which market do I cover?") is None  # the user is named too


def test_a_number_of_another_thing_is_a_near_miss() -> None:
    # review 16 (W5): "number" alone is shared by every numbered thing
    topic = widened([frozenset({"number"}), frozenset({"park"})])  # stems, as the question reads them
    assert generic_only(topic, "The user's desk is number 7 on the third floor") is not None
    assert generic_only(topic, "The user's parking bay is number 31") is None  # the thing asked is named
