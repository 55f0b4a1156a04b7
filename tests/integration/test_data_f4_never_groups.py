"""Review fixes of round 12 (fixer F4, issue 9): "which X never / neither ..." lists the groups with none of
those rows (never each group's count of the other rows); an exclusion before "who has the most" keeps the
grouping and its ranking; "how much ... from orders in X" is one total (never one row per order). Every
answer's rows equal an independent query's."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_data_a12_shapes import _same_rows
from tests.integration.test_offline_sql import answer, meant, run, sales, wall_clock  # noqa: F401 (fixtures)

NONE = (
    "SELECT {g}, count(*) FILTER (WHERE {w}) FROM support_desk.tickets WHERE {g} IS NOT NULL GROUP BY 1 "
    "HAVING count(*) FILTER (WHERE {w}) = 0 ORDER BY 1"
)
TOP_BUT_BEN = (  # the ranked groups' shares are of all of them (the empty assignee's open tickets too)
    "SELECT * FROM (SELECT assignee, count(*) AS n, round(100.0 * count(*) / sum(count(*)) OVER (), 1) "
    "FROM support_desk.tickets WHERE status = 'open' AND assignee IS DISTINCT FROM 'ben' GROUP BY 1) AS g "
    "WHERE assignee IS NOT NULL ORDER BY n DESC, 1 LIMIT 1"
)
LINES = "FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id)"
LAST_YEAR = "o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'"


async def test_which_groups_never_or_neither_are_the_groups_with_none(
    desk: SchemaSqlWriter, desk_rows: DeskRows
) -> None:
    await desk_rows(
        [
            ("Which components have never been assigned to chloe?", NONE.format(g="component", w="assignee = 'chloe'")),
            ("Which components were never P1?", NONE.format(g="component", w="priority = 'P1'")),
            ("Which components have never been P1?", NONE.format(g="component", w="priority = 'P1'")),
            ("Which assignee has neither P1 nor P2 tickets?", NONE.format(g="assignee", w="priority IN ('P1', 'P2')")),
            ("which assignees have neither P3 nor P4 tickets", NONE.format(g="assignee", w="priority IN ('P3', 'P4')")),
            (
                "which components were never assigned to ana or ben",
                NONE.format(g="component", w="assignee IN ('ana', 'ben')"),
            ),
            # the rows' own negation stays: "tickets that were never closed", counted per component
            (
                "Which components had tickets that were never closed, and how many?",
                "SELECT component, count(*) FROM support_desk.tickets WHERE status IS DISTINCT FROM 'closed' "
                "GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
        ],
    )
    with pytest.raises(Unsure):
        await desk.write_sql(question="Who has never been assigned a P1 ticket?", schema="")


async def test_an_exclusion_before_who_has_the_most_keeps_the_ranking(desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            ("Apart from ben, who has the most open tickets?", TOP_BUT_BEN),
            ("Who has the most open tickets, apart from ben?", TOP_BUT_BEN),
            ("Besides ben, who has the most open tickets?", TOP_BUT_BEN),
            ("Other than ben, who has the most open tickets?", TOP_BUT_BEN),
            ("Aside from ben, who's got the most open tickets?", TOP_BUT_BEN),
        ],
    )


async def test_how_much_from_orders_is_one_total(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    await _same_rows(
        pool,
        sales,
        [
            (
                "How much did we earn from orders outside the retail channel last year?",
                f"SELECT round(sum(oi.revenue), 2) {LINES} WHERE {LAST_YEAR} AND o.channel <> 'retail'",
            ),
            (
                "How much did we earn from orders in the partner channel last year?",
                f"SELECT round(sum(oi.revenue), 2) {LINES} WHERE {LAST_YEAR} AND o.channel = 'partner'",
            ),
            (
                "what revenue did we get from our orders outside the online channel last year",
                f"SELECT round(sum(oi.revenue), 2) {LINES} WHERE {LAST_YEAR} AND o.channel <> 'online'",
            ),
        ],
    )
