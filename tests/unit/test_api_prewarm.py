"""The API's start-up prewarm never takes the service down: a failure is logged, a zero budget skips it."""

from __future__ import annotations

import logging

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.api import _prewarm


async def test_a_failing_prewarm_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    pool = AsyncConnectionPool("postgresql:///nowhere", open=False)  # never opened: every use fails
    with caplog.at_level(logging.ERROR, logger="cognicore.api"):
        await _prewarm(pool, 5.0)
    assert "memory prewarm failed" in caplog.text


async def test_a_zero_budget_does_nothing(caplog: pytest.LogCaptureFixture) -> None:
    pool = AsyncConnectionPool("postgresql:///nowhere", open=False)
    with caplog.at_level(logging.DEBUG):
        await _prewarm(pool, 0.0)
    assert "prewarm" not in caplog.text
