"""Words of report and total requests the offline SQL writer reads past (D5): 'add up', 'writeup', 'pie chart',
'one-pager'. Each request's rows equal an independent query's."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import run, sales, wall_clock  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_any_schema import desk_vocabulary, tickets  # noqa: F401 (a fixture)


async def test_add_up_is_a_total(pool: AsyncConnectionPool, sales: SchemaSqlWriter) -> None:  # noqa: F811
    draft = await sales.write_sql(question="add up the revenue of Wearables in 2025", schema="")
    want = await run(
        pool,
        "SELECT sum(oi.revenue) FROM demo_sales.order_items oi JOIN demo_sales.orders o ON o.order_id = oi.order_id "
        "JOIN demo_sales.products p ON p.product_id = oi.product_id JOIN demo_sales.categories c "
        "ON c.category_id = p.category_id WHERE c.name = 'Wearables' AND o.ordered_at >= '2025-01-01' "
        "AND o.ordered_at < '2026-01-01'",
    )
    assert await run(pool, draft.sql) == want, draft.sql


@pytest.mark.parametrize(
    "request_text",
    [
        "tickets by status for a pie chart",
        "need a writeup: tickets per status",
        "one-pager with tickets per status",
        "tally up the tickets per status",
        "set up a report of tickets per status",
    ],
)
async def test_report_words_are_read_past(
    pool: AsyncConnectionPool,
    tickets: SchemaSqlWriter,  # noqa: F811
    request_text: str,
) -> None:
    draft = await tickets.write_sql(question=request_text, schema="")
    got = sorted(await run(pool, draft.sql))
    assert got == sorted(await run(pool, "SELECT status, count(*) FROM support_desk.tickets GROUP BY status"))
