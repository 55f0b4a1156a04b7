"""Round 14 review (fixer FD1, issue 9): a real order beside an answer-style remark is run, not only noted; a one-off
"when you list X for me today" is a request now; a gerund with "can you do that / please" is the order of its verb,
refused when no agent does it; a bare "any" after a colon asks only with a question mark."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.message_parts import message_parts


@pytest.mark.parametrize(
    "text",
    [
        "Reminder: any discount above 20 percent needs my sign-off.",
        "FYI: any ticket older than a week gets escalated to me.",
        "Note: any job at Harbour goes to marta first.",
    ],
)
def test_any_after_a_colon_without_a_question_mark_is_one_told_sentence(text: str) -> None:
    assert message_parts(text) == [text]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("quick one: any S1 jobs pending?", "any S1 jobs pending?"),
        ("the night lead asks: any P1 tickets still open?", "any P1 tickets still open?"),
        ("the duty lead is asking: are any P1s open?", "are any P1s open?"),
    ],
)
def test_a_question_after_a_colon_is_still_its_own_part(text: str, asked: str) -> None:
    assert message_parts(text)[-1] == asked
