"""Round 13 (engineer S10, issue 9): one order's attribute asked by its key is a look-up of that row's columns and
of the rows it references ("what region was order 812 from" was unsure: "order region" swallowed the region; "which
region was order 1500 placed in" showed the order's date, a confident wrong). On the real demo database."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, sales  # noqa: F401 (fixtures)

REGION = "SELECT r.name, 1 FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id) WHERE o.order_id = {}"


async def test_an_orders_region_or_segment_by_its_key(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    cases = [
        ("which region did order 640 come from?", REGION.format(640)),
        ("order 1234: what region was it placed in", REGION.format(1234)),
        (
            "What customer segment placed order 2001?",
            "SELECT customer_segment, 1 FROM demo_sales.orders WHERE order_id = 2001",
        ),
        ("when was order 77 placed", "SELECT ordered_at, 1 FROM demo_sales.orders WHERE order_id = 77"),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)


async def test_a_year_after_a_grouping_noun_stays_the_year(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    draft, _ = await answer(pool, sales, "orders by region 2024", "demo_sales")
    expected_sql = (
        "SELECT r.name, count(*) FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id) "
        "WHERE o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01' GROUP BY 1 ORDER BY 2 DESC"
    )
    got, expected = await meant(pool, draft.sql, expected_sql)
    assert got == expected, draft.sql
