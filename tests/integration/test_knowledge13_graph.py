"""Through the whole offline graph (K10, round 13): "which version ..." of a product the documents describe, when no
passage naming it gives a version in any words, is answered plainly with the passage as evidence (was `unsure`)."""

from __future__ import annotations

import pytest

from cognicore.app import App


@pytest.mark.parametrize(
    "question",
    ["Which software version do the Vista AR Glasses run?", "which app version do I need for the Orbit Smartwatch"],
)
async def test_a_version_the_documents_never_give_is_said_plainly(app: App, question: str) -> None:
    result = await app.runner.ask(question, session_id="v1", user_id="kim")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert "does not say which version" in result.answer and result.citations, result.answer
