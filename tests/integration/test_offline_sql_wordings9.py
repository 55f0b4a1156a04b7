"""The offline SQL writer on the ninth batch of data wordings (issue 9.1, engineer S6), on the seeded demo and tickets.

Causes found with `bench/heldout/dev_sql9_*.yaml` (other wordings here): averages of a fraction rounded to two
places tied every group (a ranking then returned all of them); a request opening with the ranked thing
("region with the fewest orders") counted regions per order. Every answer's rows equal an independent query's.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import ITEMS, answer, meant, sales, wall_clock  # noqa: F401 (fixtures)

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
