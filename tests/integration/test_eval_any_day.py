"""`cognicore eval` on the demo holds on any day: the seed follows the clock, expectations follow the data."""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import Any

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.cli_eval import DEMO_SUITE, read_rows
from cognicore.demo.sales import SCHEMA, seed_sales
from cognicore.memory import clock
from cognicore.workflows.evaluation import load_suite, run_suite
from tests.integration.conftest import AppFactory


# Today as seeded by the template, mid-quarter some years on, and the first day of a quarter (the current
# quarter holds one day; "last month" is the quarter's last).
@pytest.mark.parametrize("day", [None, date(2031, 2, 10), date(2029, 10, 1)], ids=["today", "2031-02-10", "2029-10-01"])
async def test_the_demo_suite_passes_on_any_day(
    make_app: AppFactory, pool: AsyncConnectionPool, day: date | None
) -> None:
    clock.start_at(day)
    try:
        if day is not None:
            async with pool.connection() as conn:  # the template was seeded on the real day: seed again on `day`
                await conn.execute(f"DROP SCHEMA {SCHEMA} CASCADE")  # type: ignore[arg-type]
            assert await seed_sales(pool) > 0
        async with make_app() as app:

            async def ask(request: str, session_id: str, user_id: str) -> dict[str, Any]:
                return (await app.runner.ask(request, session_id=session_id, user_id=user_id)).model_dump(mode="json")

            report = await run_suite(load_suite(DEMO_SUITE), ask, tag="day", query=partial(read_rows, app.admin_pool))
        assert report.totals.failed == 0, [(c.id, c.failures) for c in report.cases if not c.passed]
    finally:
        clock.start_at(None)
