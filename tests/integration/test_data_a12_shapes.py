"""The offline SQL writer on the shapes of round 12 (engineer S9a): last N complete periods, ... (issue 9).

Causes found with `bench/heldout/dev_data_a12_*.yaml` and the seen sets (other wordings here): "the past six full
months", "the last 4 completed quarters" were not read as periods ('full', 'completed' left over, "last 4" read as
the bottom 4), and "each of the last 3 months" gave no row per month. Every answer's rows equal an independent
query's.
"""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, run, sales, wall_clock  # noqa: F401 (fixtures)

LINES = "FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id)"


def _months(n: int, unit: str = "month") -> str:
    step = {"month": 1, "quarter": 3}[unit] * n
    return (
        f"o.ordered_at >= date_trunc('{unit}', current_date) - interval '{step} months' "
        f"AND o.ordered_at < date_trunc('{unit}', current_date)"
    )


async def test_the_last_n_complete_periods_with_a_row_for_each(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "full", "whole", "completed", "finished" only confirm a complete span; "each of" asks one row per unit;
    with neither "each" nor "by month" the span's total is given."""
    cases = [
        (
            "revenue for every one of the past three whole months",
            f"SELECT to_char(o.ordered_at, 'YYYY-MM'), round(sum(oi.revenue), 2) {LINES} WHERE {_months(3)} "
            "GROUP BY 1 ORDER BY 1",
        ),
        (
            "units sold per quarter across the preceding 2 completed quarters",
            f"SELECT to_char(o.ordered_at, 'YYYY-\"Q\"Q'), sum(oi.quantity) {LINES} "
            f"WHERE {_months(2, 'quarter')} GROUP BY 1 ORDER BY 1",
        ),
        (
            "how many orders did we take in the trailing twelve full calendar months",
            f"SELECT count(DISTINCT o.order_id) {LINES} WHERE {_months(12)}",
        ),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)
