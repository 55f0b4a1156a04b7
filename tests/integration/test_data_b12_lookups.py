"""Rows named by a numeric key ("order 77", "order no. 431") on the real demo database (round 12, engineer S9b):
the key is a filter, the order's lines are its rows, and a count of the order's parts stays unsure."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, sales  # noqa: F401 (fixtures)

LINES = "FROM demo_sales.order_items oi JOIN demo_sales.products p USING (product_id)"


async def test_a_number_after_a_table_noun_names_that_row(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    cases = [
        (
            "list the lines of order 77 - product, units and revenue for each",
            f"SELECT p.name, sum(oi.quantity), sum(oi.revenue) {LINES} "
            "WHERE oi.order_id = 77 GROUP BY 1 ORDER BY 3 DESC",
        ),
        ("how much revenue did order no. 431 bring in", f"SELECT sum(oi.revenue) {LINES} WHERE oi.order_id = 431"),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)


async def test_a_count_of_a_numbered_rows_parts_is_unsure(sales: SchemaSqlWriter) -> None:  # noqa: F811
    with pytest.raises(Unsure, match="what to show of order 9"):
        await sales.write_sql(question="what did order 9 contain, item by item?", schema="")
