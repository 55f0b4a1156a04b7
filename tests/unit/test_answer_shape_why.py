"""A 'why' question asks for a reason (D6, issue 9.2): a sentence that shares the question's words but gives no reason
("P1 ... within 4 hours" for "why are there so many p1s") is no answer; "Reasons: ...", "because", "which renews the
token", "are refused when ..." are."""

from __future__ import annotations

import pytest

from cognicore.subagents._answer_shape import Shape, asked_shape, describe, fills_shape


@pytest.mark.parametrize("question", ["why are there so many p1s", "How come the VPN drops every hour?"])
def test_why_and_how_come_ask_for_a_reason(question: str) -> None:
    assert asked_shape(question) is Shape.WHY and describe(Shape.WHY) == "a reason"


@pytest.mark.parametrize(
    ("text", "gives"),
    [
        ("Reasons: the launch needed the same capital.", True),
        ("Its revenue is small because of the low price.", True),
        ("Sign out and sign in again, which renews the token.", True),
        ("Certificates are refused when the clock drifts by more than five minutes.", True),
        ("P1 (service down for many people) within 4 hours, P2 within 8 hours.", False),
        ("Breaches of P1 and P2 tickets are escalated to the duty manager at once.", False),
    ],
)
def test_a_reason_is_given_or_not(text: str, gives: bool) -> None:
    assert fills_shape(Shape.WHY, text, "why is that") is gives
