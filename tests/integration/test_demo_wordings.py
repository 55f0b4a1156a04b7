"""Demo data questions in a manager's wordings (issue 9.1, engineer D3's development cases, not held out).

Each request's rows must equal an independent query written by hand on the seeded demo data: half years
("H1 2026", "the first half of 2025"), year over year, "the same month last year", "the best month",
"top N <entity> by <measure>".
"""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import ITEMS, wall_clock  # noqa: F401 (an autouse fixture)
from tests.integration.test_offline_sql_any_schema import check

H1_2026 = "o.ordered_at >= DATE '2026-01-01' AND o.ordered_at < DATE '2026-07-01'"
H2_2025 = "o.ordered_at >= DATE '2025-07-01' AND o.ordered_at < DATE '2026-01-01'"


@pytest.fixture
def sales(pool: AsyncConnectionPool) -> SchemaSqlWriter:
    return SchemaSqlWriter(pool, ["demo_sales"], vocabulary=SQL_VOCABULARY)


async def test_half_years(pool: AsyncConnectionPool, sales: SchemaSqlWriter) -> None:
    await check(
        pool,
        sales,
        "demo_sales",
        [
            ("revenue in H1 2026", f"SELECT round(sum(oi.revenue), 2) {ITEMS} WHERE {H1_2026}"),
            ("units sold in the second half of 2025", f"SELECT sum(oi.quantity) {ITEMS} WHERE {H2_2025}"),
            (
                "orders by channel for 2026 h1",
                f"""SELECT o.channel, count(*) FROM demo_sales.orders o WHERE {H1_2026}
                    GROUP BY 1 ORDER BY 2 DESC, 1""",
            ),
        ],
    )


async def test_top_n_of_an_entity_by_a_count_of_another(pool: AsyncConnectionPool, sales: SchemaSqlWriter) -> None:
    # "top 2 regions by number of orders" counted regions and orders side by side (a confident wrong answer).
    await check(
        pool,
        sales,
        "demo_sales",
        [
            (
                "top 2 regions by number of orders in 2025",
                """SELECT r.name, count(*), round(100.0 * count(*) / sum(count(*)) OVER (), 1)
                   FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id)
                   WHERE o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'
                   GROUP BY 1 ORDER BY 2 DESC LIMIT 2""",
            ),
        ],
    )


async def test_year_over_year_and_the_same_month_last_year(pool: AsyncConnectionPool, sales: SchemaSqlWriter) -> None:
    def by(bucket: str, measure: str, *spans: tuple[str, str]) -> str:
        where = " OR ".join(f"(o.ordered_at >= DATE '{a}' AND o.ordered_at < DATE '{b}')" for a, b in spans)
        return f"SELECT {bucket}, {measure} {ITEMS} WHERE {where} GROUP BY 1 ORDER BY 1"

    quarter, month = """to_char(o.ordered_at, 'YYYY-"Q"Q')""", "to_char(o.ordered_at, 'YYYY-MM')"
    q3 = (("2025-07-01", "2025-10-01"), ("2026-07-01", "2026-10-01"))
    growth = f"""SELECT quarter, rev, round(100.0 * (rev - lag(rev) OVER (ORDER BY quarter)) / lag(rev) OVER
                 (ORDER BY quarter), 1) FROM ({by(quarter + " AS quarter", "round(sum(oi.revenue), 2) AS rev", *q3)}) t
                 ORDER BY 1"""
    await check(
        pool,
        sales,
        "demo_sales",
        [
            ("year over year revenue growth for Q3 2026", growth),
            ("units in March 2026 compared to the same month last year",
             by(month, "sum(oi.quantity)", ("2025-03-01", "2025-04-01"), ("2026-03-01", "2026-04-01"))),
        ],
    )  # fmt: skip


async def test_the_best_period_of_a_unit(pool: AsyncConnectionPool, sales: SchemaSqlWriter) -> None:
    year = "o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'"
    await check(
        pool,
        sales,
        "demo_sales",
        [
            (
                "what was our best month of 2025 for revenue",
                f"""SELECT to_char(o.ordered_at, 'YYYY-MM'), round(sum(oi.revenue), 2) {ITEMS} WHERE {year}
                    GROUP BY 1 ORDER BY 2 DESC LIMIT 1""",
            ),
            (
                "the weakest quarter of 2025 by units",
                f"""SELECT to_char(o.ordered_at, 'YYYY-"Q"Q'), sum(oi.quantity) {ITEMS} WHERE {year}
                    GROUP BY 1 ORDER BY 2 LIMIT 1""",
            ),
            (
                "busiest month for orders in 2025",
                f"""SELECT to_char(o.ordered_at, 'YYYY-MM'), count(*) FROM demo_sales.orders o WHERE {year}
                    GROUP BY 1 ORDER BY 2 DESC LIMIT 1""",
            ),
        ],
    )
