"""The quote check's two-word things: an adverb of time closing the told sentence ("keeps failing today") is no
thing's head, so a troubleshooting step whose sentence shares the verb ("If it still fails, ...") stays quoted; a
two-word thing no passage names is still not answered by a sentence using its modifier for something else."""

from __future__ import annotations

import pytest

from cognicore.subagents.compose import OfflineAnswerComposer

RUNBOOK = (
    "# Printer runbook\n\n## Printing fails\n\nWhen the printer cannot print, first check that the paper tray is "
    "closed: jobs are held while it is open.\nIf it still fails, restart the print spooler and open a P3 ticket for "
    "the facilities team.\n\n## Toner\n\nGift buyers may order toner online."
)


def _passages() -> list[dict[str, object]]:
    return [{"index": 1, "title": "Printer runbook", "source": "printer.md", "content": RUNBOOK}]


@pytest.mark.parametrize(
    "question",
    [
        "the printer stopped printing yesterday. what is the first thing to check?",
        "my laptop cannot print tonight. what is the first thing to check?",
        "the printer stopped printing overnight. what should be checked first?",
    ],
)
async def test_a_time_word_after_the_verb_is_no_asked_thing(question: str) -> None:
    answer = await OfflineAnswerComposer().compose(question=question, passages=_passages())
    assert answer.used == [1] and "paper tray" in answer.text, answer.text


async def test_a_thing_no_passage_names_is_still_unaccounted() -> None:
    answer = await OfflineAnswerComposer().compose(
        question="Can toner be ordered with gift vouchers?", passages=_passages()
    )
    assert answer.used == [], answer.text
