"""A figure and its part side by side (D7, issue 9.5): "tickets per status and how many of them are P1" gets the
count and the P1 count per status from one query, through the real offline SQL writer on the support desk's and the
demo's data, checked against independent queries."""

from __future__ import annotations

from typing import Any

import pytest
from psycopg.rows import tuple_row
from psycopg_pool import AsyncConnectionPool

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from cognicore.subagents.sql_guard import validate_select
from tests.integration.test_offline_sql import tickets, wall_clock  # noqa: F401 (fixtures)


async def _rows(pool: AsyncConnectionPool, sql: str) -> set[tuple[Any, ...]]:
    async with pool.connection() as conn, conn.cursor(row_factory=tuple_row) as cur:
        await cur.execute(sql)  # type: ignore[arg-type]
        return {tuple(row) for row in await cur.fetchall()}


@pytest.mark.parametrize(
    ("request_text", "expected_sql"),
    [
        ("status summary: tickets per status and how many of them are P1, chart please",
         "SELECT status, count(*), count(*) FILTER (WHERE priority = 'P1') FROM support_desk.tickets GROUP BY 1"),
        ("write-up of tickets per assignee with how many each has closed",
         "SELECT assignee, count(*), count(*) FILTER (WHERE status = 'closed') FROM support_desk.tickets GROUP BY 1"),
        ("brief report with the number of tickets and the number still open, by priority",
         "SELECT priority, count(*), count(*) FILTER (WHERE status = 'open') FROM support_desk.tickets GROUP BY 1"),
        ("how many tickets and how many are open",
         "SELECT count(*), count(*) FILTER (WHERE status = 'open') FROM support_desk.tickets"),
    ],
)  # fmt: skip
async def test_a_count_and_its_part_come_from_one_query(
    pool: AsyncConnectionPool,
    tickets: SchemaSqlWriter,  # noqa: F811 (the imported fixture)
    request_text: str,
    expected_sql: str,
) -> None:
    draft = await tickets.write_sql(question=request_text, schema="")
    assert "FILTER" in draft.sql, draft.sql
    checked = validate_select(draft.sql, allowed_schemas=["support_desk"], row_limit=500)
    assert await _rows(pool, checked) == await _rows(pool, expected_sql)


async def test_a_sum_and_its_part_on_the_demo(pool: AsyncConnectionPool) -> None:
    writer = SchemaSqlWriter(pool, ["demo_sales"], vocabulary=SQL_VOCABULARY)
    draft = await writer.write_sql(question="revenue by channel in 2025 and how much of it is enterprise", schema="")
    assert "FILTER" in draft.sql, draft.sql
    expected = """SELECT o.channel, round(sum(oi.revenue), 2),
        round(sum(oi.revenue) FILTER (WHERE o.customer_segment = 'enterprise'), 2)
        FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id)
        WHERE o.ordered_at >= '2025-01-01' AND o.ordered_at < '2026-01-01' GROUP BY 1"""
    checked = validate_select(draft.sql, allowed_schemas=["demo_sales"], row_limit=500)
    assert await _rows(pool, checked) == await _rows(pool, expected)


async def test_a_part_that_is_no_value_is_not_read_as_one(tickets: SchemaSqlWriter) -> None:  # noqa: F811
    with pytest.raises(Unsure, match="scary"):  # what was understood, and the word that was not
        await tickets.write_sql(question="tickets per status and how many of them are scary", schema="")
