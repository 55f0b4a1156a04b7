"""A "which X do we use for Y?" question in the words of a replaced fact (round 17): the successor that names what
is used now answers it, though it says Y only through the statement it replaced. Real graph and stores; our words."""

from __future__ import annotations

import pytest

from cognicore.app import App, process_memory


@pytest.mark.parametrize(
    ("first", "then", "question", "now"),
    [
        (
            "We ship replacement batteries to our stores with Boxhop.",
            "we dropped Boxhop for Crateline yesterday",
            "which carrier do we use for replacement batteries?",
            "Crateline",
        ),
        (
            "We send event banners to the printers with Quikpost.",
            "we dropped Quikpost for Mailvane this month",
            "which courier do we use for event banners?",
            "Mailvane",
        ),
    ],
)
async def test_the_successor_names_what_is_used_in_the_replaced_words(
    app: App, first: str, then: str, question: str, now: str
) -> None:
    user = f"r17-successor-{now.lower()}"
    for session, text in (("s1", first), ("s2", then)):
        await app.runner.ask(text, session_id=session, user_id=user)
        await process_memory(app, user_id=user)
    result = await app.runner.ask(question, session_id="s3", user_id=user)
    assert result.outcome != "unsure" and now in result.answer, result.answer
