"""The offline SQL writer on the ninth batch of data wordings (issue 9.1, engineer S6), on the seeded demo and tickets.

Causes found with `bench/heldout/dev_sql9_*.yaml` (other wordings here): averages of a fraction rounded to two
places tied every group (a ranking then returned all of them); a request opening with the ranked thing
("region with the fewest orders") counted regions per order; "what share of each component's tickets are closed"
was each component's share of the closed tickets (a filter), not the closed share of each component's tickets.
Every answer's rows equal an independent query's.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import ITEMS, answer, meant, sales, wall_clock  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_any_schema import tickets  # noqa: F401 (a fixture)
from tests.integration.test_offline_sql_desk_wordings import check, desk  # noqa: F401 (a fixture)

T = "support_desk.tickets"

Y2025 = "o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'"


async def test_an_average_fraction_keeps_its_places_so_a_ranking_picks_one(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """The average discount (a fraction) per group is rounded to four places, not two: the top one is one group."""
    draft, _ = await answer(pool, sales, "which region had the highest average discount in 2025", "demo_sales")
    got, expected = await meant(
        pool,
        draft.sql,
        f"SELECT r.name, round(avg(oi.discount), 4) {ITEMS} WHERE {Y2025} GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
    )
    assert len(got) == 1 and got == expected


async def test_a_request_opening_with_the_ranked_thing_counts_what_follows_the_ranking_word(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "region with the fewest orders" is "which region has the fewest orders" (was: regions counted per order)."""
    h2 = "o.ordered_at >= DATE '2025-07-01' AND o.ordered_at < DATE '2026-01-01'"
    cases = [
        (
            "region with the fewest orders in the second half of 2025",
            f"SELECT r.name, count(*) FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id) WHERE {h2} "
            "GROUP BY 1 ORDER BY 2 LIMIT 1",
        ),
        (
            "the product that had the highest margin in 2025",
            f"SELECT p.name, round(sum(oi.revenue - oi.quantity * p.unit_cost), 2) {ITEMS} WHERE {Y2025} "
            "GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
        ),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, request


async def test_a_share_said_of_each_groups_rows_is_the_part_within_each_group(
    pool: AsyncConnectionPool,
    desk: SchemaSqlWriter,  # noqa: F811
) -> None:
    """A value said of the rows after the share word and the grouping ("... tickets are closed") is the part of
    each group; a value before them ("share of P1 tickets by assignee") still filters the rows first."""
    within = (
        "SELECT {col}, count(*) FILTER (WHERE {cond}), round(100.0 * count(*) FILTER (WHERE {cond}) / count(*), 1) "
        f"FROM {T} GROUP BY 1 ORDER BY 2 DESC, 1"
    )
    await check(
        pool,
        desk,
        [
            (
                "what percentage of each component's tickets are closed",
                within.format(col="component", cond="status = 'closed'"),
            ),
            (
                "for each assignee, what share of their tickets are p1",
                within.format(col="assignee", cond="priority = 'P1'"),
            ),
            (
                "share of P1 tickets by assignee",
                "SELECT assignee, count(*), round(100.0 * count(*) / sum(count(*)) OVER (), 1) "
                f"FROM {T} WHERE priority = 'P1' GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
        ],
    )


async def test_a_share_within_each_region_of_the_demo(pool: AsyncConnectionPool, sales: SchemaSqlWriter) -> None:  # noqa: F811
    """ "what share of each region's revenue came from retail": retail's part of each region's own revenue."""
    draft, _ = await answer(pool, sales, "what share of each region's revenue came from retail in 2025", "demo_sales")
    part = "sum(oi.revenue) FILTER (WHERE o.channel = 'retail')"
    got, expected = await meant(
        pool,
        draft.sql,
        f"SELECT r.name, round({part}, 2), round(100.0 * round({part}, 2) / round(sum(oi.revenue), 2), 1) {ITEMS} "
        f"WHERE {Y2025} GROUP BY 1 ORDER BY 2 DESC, 1",
    )
    assert got == expected and "channel is retail" not in draft.scope
