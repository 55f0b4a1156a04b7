"""A question whose subject is in the sentence told before it (round 12, engineer K9's own wordings).

"The VPN drops every morning. What do I look at first?": the asked part alone names no subject, so the answer
reads the whole message when the part finds nothing; a part that finds its answer alone is answered as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cognicore.app import App

RUNBOOKS = Path(__file__).resolve().parents[2] / "examples" / "support_desk" / "support_desk" / "docs"


@pytest.mark.parametrize(
    "message",
    [
        "Cannot connect to the VPN from the office today. What do I check first?",
        "our vpn connection keeps failing today. what's the first thing to check?",
    ],
)
async def test_the_told_sentence_gives_the_question_its_subject(app: App, message: str) -> None:
    await app.knowledge.ingest_paths([RUNBOOKS])
    result = await app.runner.ask(message, session_id="c1", user_id="kai")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert "clock" in result.answer and result.citations, result.answer


async def test_a_part_that_finds_its_answer_alone_keeps_it(app: App) -> None:
    result = await app.runner.ask(
        "I bought earbuds last week. How long is the warranty on accessories?", session_id="c2", user_id="kai"
    )
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert "1-year" in result.answer or "1 year" in result.answer, result.answer
