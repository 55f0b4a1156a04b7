"""Changes asked without an imperative are refused through the real graph before any agent, nothing changed; the
reads worded like actions are answered (D6, issue 9.1/9.3)."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.app import App
from tests.integration.test_refusals import _assert_declined, _checksum


@pytest.mark.parametrize(
    "request_text",
    [
        "could the price of the Pulse Mini Speaker be lowered to 69?",
        "Partner orders from Q1 2025 need to be removed, they were duplicates",
        "I'd like the Wearables category renamed to Wearable Tech please",
        "can I get order 2001 moved over to the retail channel?",
        "would you mind deleting the LATAM partner orders from last year",
    ],
)
async def test_a_polite_passive_or_wished_change_is_declined(
    app: App, pool: AsyncConnectionPool, request_text: str
) -> None:
    before = await _checksum(pool)
    result = await app.runner.ask(request_text, session_id="wish", user_id="wendy")
    await _assert_declined(app, pool, result, "wendy")
    assert await _checksum(pool) == before


async def test_update_me_on_a_figure_is_answered_from_the_data(app: App) -> None:
    result = await app.runner.ask("update me on the number of retail orders in 2025", session_id="upd", user_id="uma")
    assert result.outcome == "succeeded", (result.outcome, result.answer)
    assert [s["agent"] for s in result.steps] == ["database_query"]


async def test_a_sum_to_work_out_is_refused_not_answered_from_a_passage(app: App) -> None:
    """ "what's 15% of 240" was answered with the decision log's "a fixed 15% partner discount"."""
    result = await app.runner.ask("what's 15% of 240", session_id="sum", user_id="sam")
    assert result.outcome == "refused" and result.steps == [], (result.outcome, result.answer)
    assert result.answer.startswith("I cannot do") and "knowledge base" in result.answer
