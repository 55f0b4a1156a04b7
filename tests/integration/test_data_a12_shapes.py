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


def _a_year_apart(unit: str) -> str:
    """The last complete `unit` (month or quarter) and the same one a year before."""
    step = {"month": "1 month", "quarter": "3 months"}[unit]
    last = f"date_trunc('{unit}', current_date) - interval '{step}'"
    return (
        f"((o.ordered_at >= {last} AND o.ordered_at < {last} + interval '{step}') OR "
        f"(o.ordered_at >= {last} - interval '1 year' "
        f"AND o.ordered_at < {last} - interval '1 year' + interval '{step}'))"
    )


async def test_a_period_against_the_same_one_a_year_before(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "stack up / hold up / measure up against", "the same month twelve months earlier", "the same quarter of the
    year prior": the two periods side by side; "the growth rate" adds the change in percent."""
    month, quarter = "to_char(o.ordered_at, 'YYYY-MM')", "to_char(o.ordered_at, 'YYYY-\"Q\"Q')"
    revenue = "round(sum(oi.revenue), 2)"
    cases = [
        (
            "how did units sold last month hold up against the same month twelve months earlier",
            f"SELECT {month}, sum(oi.quantity) {LINES} WHERE {_a_year_apart('month')} GROUP BY 1 ORDER BY 1",
        ),
        (
            "what was the growth rate of revenue last quarter compared to the same quarter of the year prior",
            f"SELECT {quarter}, {revenue}, round(100.0 * ({revenue} - lag({revenue}) OVER (ORDER BY {quarter})) "
            f"/ lag({revenue}) OVER (ORDER BY {quarter}), 1) {LINES} WHERE {_a_year_apart('quarter')} "
            "GROUP BY 1 ORDER BY 1",
        ),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)
