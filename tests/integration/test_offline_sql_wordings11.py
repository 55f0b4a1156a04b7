"""The offline SQL writer on the eleventh batch of data wordings (issue 9.1, engineer S8), on the demo and tickets.

Causes found with `bench/heldout/dev_sql11_*.yaml` (other wordings here): "revenue per unit" showed revenue and
units side by side (a confident wrong answer) instead of one divided by the other; "how much of the P4 workload is
closed" gave the closed P4 count instead of its share; "the second highest", "3rd biggest", "the third most" were
unsure. Every answer's rows equal an independent query's.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import ITEMS, answer, meant, sales, wall_clock  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_any_schema import tickets  # noqa: F401 (a fixture)
from tests.integration.test_offline_sql_desk_wordings import check, desk  # noqa: F401 (a fixture)

T = "support_desk.tickets"
Y2025 = "o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'"


async def test_one_measure_per_another_is_their_ratio(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "revenue per unit" is the summed revenue over the summed units (per group), never the two side by side;
    "revenue per order" stays the average order value."""
    cases = [
        (
            "net sales for each unit, by category, in 2025",
            f"SELECT c.name, round(sum(oi.revenue) / sum(oi.quantity), 2) {ITEMS} WHERE {Y2025} "
            "GROUP BY 1 ORDER BY 2 DESC",
        ),
        (
            "what was our revenue per unit sold across 2025",
            f"SELECT round(sum(oi.revenue) / sum(oi.quantity), 2) {ITEMS} WHERE {Y2025}",
        ),
        (
            "revenue per order in 2025",
            f"SELECT round(sum(oi.revenue) / count(DISTINCT o.order_id), 2) {ITEMS} WHERE {Y2025}",
        ),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)


async def test_how_much_of_a_whole_is_a_part_asks_its_share(pool: AsyncConnectionPool, desk: SchemaSqlWriter) -> None:  # noqa: F811
    """ "how much of X is Y", "what part of X are Y": Y's share of X (with its count); "how many of X are Y" stays
    a count."""
    share = "SELECT status, count(*), round(100.0 * count(*) / sum(count(*)) OVER (), 1) FROM {T} WHERE {w} GROUP BY 1"
    p2, email = share.format(T=T, w="priority = 'P2'"), share.format(T=T, w="component = 'Email'")
    await check(
        pool,
        desk,
        [
            (
                "how much of the P2 workload is in progress?",
                f"SELECT * FROM ({p2}) x WHERE status = 'in_progress'",
            ),
            (
                "what part of the email tickets are open",
                f"SELECT * FROM ({email}) x WHERE status = 'open'",
            ),
            (
                "how many of the P2 tickets are in progress",
                f"SELECT count(*) FROM {T} WHERE priority = 'P2' AND status = 'in_progress'",
            ),
        ],
    )


async def test_one_place_of_a_ranking(pool: AsyncConnectionPool, desk: SchemaSqlWriter, sales: SchemaSqlWriter) -> None:  # noqa: F811
    """ "the second highest", "3rd biggest", "the fourth most": the group(s) at that place, ties shown together;
    the empty group (no assignee) ranks apart and is never a contender."""
    draft, _ = await answer(pool, sales, "which category had the 2nd highest units in 2025", "demo_sales")
    got, expected = await meant(
        pool,
        draft.sql,
        f"SELECT c.name, sum(oi.quantity) {ITEMS} WHERE {Y2025} GROUP BY 1 ORDER BY 2 DESC OFFSET 1 LIMIT 1",
    )
    assert got == expected, draft.sql
    by_assignee = f"SELECT assignee, count(*) FROM {T} WHERE assignee IS NOT NULL GROUP BY 1"
    await check(
        pool,
        desk,
        [
            # ben 5, chloe 5, ana 4 (and 4 unassigned): third is ana, second is the tie of ben and chloe
            ("which assignee is third by number of tickets", f"{by_assignee} HAVING count(*) = 4"),
            ("who's got the second most tickets?", f"{by_assignee} HAVING count(*) = 5 ORDER BY 2 DESC, 1"),
        ],
    )
