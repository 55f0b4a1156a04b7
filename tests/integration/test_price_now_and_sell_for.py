"""Review C's neighbours of the price fix: "what does X cost today" is its price now (was today's revenue) and
"what does X sell for" its price (was units sold): both confident wrong answers at the base."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, sales  # noqa: F401 (fixtures)


async def test_the_price_asked_now_or_as_what_it_sells_for(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    expected = "SELECT unit_price FROM demo_sales.products WHERE name = '{}'"
    for request, product in (
        ("What does the Vista AR Glasses cost today?", "Vista AR Glasses"),
        ("what does the orbit smartwatch cost right now", "Orbit Smartwatch"),
        ("What does the Vista AR Glasses sell for?", "Vista AR Glasses"),
        ("what do the aurora buds pro go for these days", "Aurora Buds Pro"),
    ):
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, want = await meant(pool, draft.sql, expected.format(product))
        assert [row[:1] for row in got] == want, (request, draft.sql)
