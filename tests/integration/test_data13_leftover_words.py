"""Round 13 (engineer S10, issue 9): words around a data question that restrict nothing are read, not left over
(a greeting, "before my 1:1", "carrying", "ticket load", "whose name is on", "no ... left"), and exclusions said as
verbs ("leaving X out", "setting X aside", "not counting X", "ignoring X") read as "excluding X"."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_data_f4_never_groups import NONE
from tests.integration.test_offline_sql import answer, meant, sales  # noqa: F401 (fixtures)

TOP = "SELECT assignee, count(*) FROM support_desk.tickets WHERE assignee IS NOT NULL {} GROUP BY 1 ORDER BY 2 DESC"
ORDERS = "SELECT count(*) FROM demo_sales.orders WHERE ordered_at >= '2025-01-01' AND ordered_at < '2026-01-01' {}"
REVENUE = (
    "SELECT round(sum(oi.revenue), 2) FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id) "
    "WHERE o.ordered_at >= '2026-01-01' AND o.ordered_at < '2026-04-01' {}"
)


async def test_desk_words_that_restrict_nothing_are_read(desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            (
                "good afternoon team, how many P3 tickets are closed?",
                "SELECT count(*) FROM support_desk.tickets WHERE priority = 'P3' AND status = 'closed'",
            ),
            ("whose name shows up on the most Laptop tickets?", TOP.format("AND component = 'Laptop'") + " LIMIT 1"),
            ("the two assignees carrying the heaviest ticket load", TOP.format("") + ", 1 LIMIT 2"),
            ("which assignees have no open tickets remaining?", NONE.format(g="assignee", w="status = 'open'")),
            (
                "disregarding the closed tickets, how many are there per priority",
                "SELECT priority, count(*) FROM support_desk.tickets WHERE status <> 'closed' GROUP BY 1 "
                "ORDER BY 2 DESC, 1",
            ),
        ],
    )


async def test_sales_exclusions_said_as_verbs_and_occasions(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    cases = [
        ("leave retail out: how many orders did we get in 2025", ORDERS.format("AND channel <> 'retail'")),
        ("putting partner aside, what was revenue in Q1 2026?", REVENUE.format("AND o.channel <> 'partner'")),
        ("quick one ahead of my catch up: how many orders in 2025?", ORDERS.format("")),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)


async def test_how_big_asks_the_figure_and_name_lists(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
    desk_rows: DeskRows,
) -> None:
    named = ("please name the priorities that have no closed tickets", NONE.format(g="priority", w="status = 'closed'"))
    await desk_rows([named])
    draft, _ = await answer(pool, sales, "how large was our margin in Q1 2026?", "demo_sales")
    margin = (
        "SELECT round(sum(oi.revenue - oi.quantity * p.unit_cost), 2) FROM demo_sales.order_items oi "
        "JOIN demo_sales.orders o USING (order_id) JOIN demo_sales.products p USING (product_id) "
        "WHERE o.ordered_at >= '2026-01-01' AND o.ordered_at < '2026-04-01'"
    )
    got, expected = await meant(pool, draft.sql, margin)
    assert got == expected, draft.sql


async def test_words_restated_after_ie_are_passed_over(desk: SchemaSqlWriter, desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            (
                "which priorities are totally done, i.e. have no open tickets?",
                NONE.format(g="priority", w="status = 'open'"),
            ),
            (
                "which assignees are overloaded, that is, have more than 4 tickets",
                "SELECT assignee, count(*) FROM support_desk.tickets GROUP BY 1 HAVING count(*) > 4 ORDER BY 2 DESC, 1",
            ),
        ],
    )
    with pytest.raises(Unsure):  # a negation before "i.e." is never passed over
        await desk.write_sql(question="which components are not cleared, i.e. have open tickets", schema="")
