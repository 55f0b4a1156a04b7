"""Round 16 (D13): a standing instruction put as a request or a question ("could you list the site next to each job
from now on?", "whenever you give me counts per site, could you put the largest first?") is a preference to keep,
not a task now; a question about the world ("can you always cancel a pending job?"), a request naming a period now
and a message that asks something else in a second sentence are not. Memory keeps it although it ends in "?"."""

from __future__ import annotations

import pytest

from cognicore.memory._fact_notes import note_of
from cognicore.orchestrator.mood import HABIT
from tests.unit.behaviour15_jobs import classifier


@pytest.mark.parametrize(
    "text",
    [
        "could you list the site next to each job from now on?",
        "Whenever you give me counts per site, could you put the largest first?",
        "In future, can you round durations to whole hours?",
        "would you always include the engineer's name please?",
        "Going forward, please use a table for job counts",
        "Please give durations in hours in future answers",
        "can you start quoting the job id with every answer?",
        "It would help if you always added the site to job counts",
        "Make sure to never drop the site from job counts.",
        "from here on I'd rather have bullet points than tables",
    ],
)
async def test_a_standing_instruction_asked_as_a_request_is_kept(text: str) -> None:
    assert HABIT.match(text), text
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent == "statement", decision
    note = note_of(text, told=True)
    assert note is not None and note["object"], note


@pytest.mark.parametrize(
    "text",
    [
        "can you always cancel a pending job?",  # about what may be done, not how answers look
        "do you always count closed jobs?",  # a question to the assistant
        "could you list the pending jobs at Harbour from now on for 2025?",  # a period: figures now
        "From now on add the site. How many S1 jobs are pending?",  # a second sentence asks now
        "could you list the pending jobs at Harbour?",
        "list the engineers who always take the S1 jobs",  # "always" said of others
        "Going forward, should we use the new pump supplier?",
        "List pending jobs by site, I prefer tables whenever you list jobs",  # an order now beside the liking
    ],
)
async def test_a_question_or_a_request_now_is_no_standing_instruction(text: str) -> None:
    assert not HABIT.match(text), text
    decision = await classifier().classify(request=text, history=[])
    assert decision.intent != "statement", decision


def test_always_said_of_others_is_news_not_an_instruction() -> None:
    assert not HABIT.match("our crew always labels the pumps by site")


def test_a_question_shaped_message_is_no_note_unless_told() -> None:
    assert note_of("could you list the site next to each job from now on?") is None
