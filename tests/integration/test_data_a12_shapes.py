"""The offline SQL writer on the shapes of round 12 (engineer S9a, issue 9): periods, comparisons, rankings.

Causes found with `bench/heldout/dev_data_a12_*.yaml` and the seen sets (other wordings here): "the past six full
months", "the last 4 completed quarters" were not read as periods ('full', 'completed' left over, "last 4" read as
the bottom 4) and "each of the last 3 months" gave no row per month; "the same quarter the year before" was no
year-earlier pair; "what moved the most units in Europe" gave Europe's total (a confident wrong answer) and "our 3
best sellers" left the 3 over; "the count for each person" after "who has the most" cut to the first. Every
answer's rows equal an independent query's.
"""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_offline_sql import answer, meant, run, sales, wall_clock  # noqa: F401 (fixtures)

LINES = "FROM demo_sales.order_items oi JOIN demo_sales.orders o USING (order_id)"


async def _same_rows(pool: AsyncConnectionPool, writer: SchemaSqlWriter, cases: list[tuple[str, str]]) -> None:
    """Each request's rows equal its independent query's (on the columns that query means)."""
    for request, expected_sql in cases:
        draft, _ = await answer(pool, writer, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)


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
    await _same_rows(pool, sales, cases)


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
    await _same_rows(pool, sales, cases)


async def test_a_ranking_with_no_grouping_named_ranks_the_things_sold(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "which brought in the most money", "our five worst sellers": the products an order line points to (the one
    named, undated table it references), never one total; a ranking of nothing nameable stays unsure."""
    products = f"{LINES} JOIN demo_sales.products p USING (product_id)"
    cases = [
        (
            "which brought in the most money across Asia Pacific last year",
            f"SELECT p.name, round(sum(oi.revenue), 2) {products} JOIN demo_sales.regions r USING (region_id) "
            "WHERE r.code = 'APAC' AND o.ordered_at >= date_trunc('year', current_date) - interval '1 year' "
            "AND o.ordered_at < date_trunc('year', current_date) GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
        ),
        (
            "our five worst sellers so far this year",
            f"SELECT p.name, sum(oi.quantity) {products} WHERE o.ordered_at >= date_trunc('year', current_date) "
            "GROUP BY 1 ORDER BY 2 LIMIT 5",
        ),
    ]
    await _same_rows(pool, sales, cases)
    with pytest.raises(Unsure, match="what to rank"):  # the revenue of what? Never Europe's total
        await sales.write_sql(question="what was the biggest revenue figure in Europe in 2025", schema="")


async def test_each_one_asked_beside_the_first_shows_every_group(desk: SchemaSqlWriter, desk_rows: DeskRows) -> None:
    """ "who has the most ..., and how many has each person got", "everybody's number too": every group, ranked;
    "what has the most open tickets" names nothing to rank (the tickets have no other table): unsure."""
    every = "SELECT assignee, count(*) FROM support_desk.tickets WHERE {w} GROUP BY 1 ORDER BY 2 DESC, 1"
    await desk_rows(
        [
            (
                "who has the most in-progress tickets, and how many has each person got?",
                every.format(w="status = 'in_progress'"),
            ),
            (
                "which assignee has the most P4 tickets? everybody's number too please",
                every.format(w="priority = 'P4'"),
            ),
        ],
    )
    with pytest.raises(Unsure, match="what to rank"):
        await desk.write_sql(question="what has the most open tickets", schema="")


async def test_a_table_named_after_a_possessive_is_no_verb(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "what did our order count come to": "our order" is the orders (counted), not the verb "to order"."""
    q2 = "o.ordered_at >= DATE '2026-04-01' AND o.ordered_at < DATE '2026-07-01'"
    expected = f"SELECT count(*) FROM demo_sales.orders o WHERE {q2}"
    await _same_rows(pool, sales, [("what did our order count come to in Q2 2026", expected)])


async def test_groups_with_none_and_the_share_each_group_holds(desk_rows: DeskRows) -> None:
    """ "without any", "have nothing left", "have never had a single", "clear of": only the groups with none of those
    rows (never each group's count of them); "what share ... sits in each": each group's share of all rows."""
    none = (
        "SELECT {g}, count(*) FILTER (WHERE {w}) FROM support_desk.tickets WHERE {g} IS NOT NULL GROUP BY 1 "
        "HAVING count(*) FILTER (WHERE {w}) = 0 ORDER BY 1"
    )
    await desk_rows(
        [
            ("which components are without any P2 tickets?", none.format(g="component", w="priority = 'P2'")),
            ("which assignees have never had a single closed ticket", none.format(g="assignee", w="status = 'closed'")),
            ("which assignees have nothing remaining open", none.format(g="assignee", w="status = 'open'")),
            (
                "what share of the tickets sits in each status",
                "SELECT status, count(*), round(100.0 * count(*) / sum(count(*)) OVER (), 1) "
                "FROM support_desk.tickets GROUP BY 1 ORDER BY 2 DESC, 1",
            ),
        ],
    )


async def test_an_average_fraction_is_weighted_by_the_amount_it_applies_to(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "the average discount", "the discount in relation to gross revenue": the column is a fraction of quantity *
    unit_price (the revenue column's comment says "quantity * unit_price * (1 - discount)"), so its average over
    lines is also given weighted by that amount, in % (beside the plain average, which ranks); a figure that is no
    such fraction "as a % of gross sales" is unsure."""
    gross = "oi.quantity * oi.unit_price"
    both = f"round(avg(oi.discount), 4), round(100.0 * sum({gross} * oi.discount) / sum({gross}), 2)"
    retail = "o.channel = 'retail' AND o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01'"
    await _same_rows(
        pool,
        sales,
        [
            (
                "what was the mean discount on retail orders in 2025",
                f"SELECT {both} {LINES} WHERE {retail}",
            ),
            (
                "in 2025, the discount on retail orders in relation to gross revenue",
                f"SELECT {both} {LINES} WHERE {retail}",
            ),
            (
                "average discount per sales channel in 2025",
                f"SELECT o.channel, {both} {LINES} WHERE o.ordered_at >= DATE '2025-01-01' "
                "AND o.ordered_at < DATE '2026-01-01' GROUP BY 1 ORDER BY 2 DESC",
            ),
        ],
    )
    with pytest.raises(Unsure, match="gross amount"):
        await sales.write_sql(question="units sold as a share of gross sales in 2025", schema="")


async def test_a_development_a_half_year_and_a_pair_in_percent(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "how has X developed over the last N quarters": a row per quarter (was one total); "the previous half-year":
    the last 6 complete months; two periods compared "as a percentage": the change between them (was each one's
    share of the two)."""
    quarter = "to_char(o.ordered_at, 'YYYY-\"Q\"Q')"
    units = "sum(oi.quantity)"
    q2s = (
        "((o.ordered_at >= DATE '2025-04-01' AND o.ordered_at < DATE '2025-07-01') OR "
        "(o.ordered_at >= DATE '2026-04-01' AND o.ordered_at < DATE '2026-07-01'))"
    )
    await _same_rows(
        pool,
        sales,
        [
            (
                "how has the order count developed over the past three complete quarters",
                f"SELECT {quarter}, count(DISTINCT o.order_id) {LINES} WHERE {_months(3, 'quarter')} "
                "GROUP BY 1 ORDER BY 1",
            ),
            (
                "revenue for the previous half-year, month by month",
                f"SELECT to_char(o.ordered_at, 'YYYY-MM'), round(sum(oi.revenue), 2) {LINES} WHERE {_months(6)} "
                "GROUP BY 1 ORDER BY 1",
            ),
            (
                "units in Q2 2026 against Q2 2025, as a percentage",
                f"SELECT {quarter}, {units}, round(100.0 * ({units} - lag({units}) OVER (ORDER BY {quarter})) "
                f"/ lag({units}) OVER (ORDER BY {quarter}), 1) {LINES} WHERE {q2s} GROUP BY 1 ORDER BY 1",
            ),
        ],
    )


async def test_a_ranking_between_the_values_named(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
    desk_rows: DeskRows,
) -> None:
    """ "which ..., online or partner?": the values named are the groups ranked (was one total over both)."""
    await _same_rows(
        pool,
        sales,
        [
            (
                "which brought in the most revenue in 2025, online or partner?",
                f"SELECT o.channel, round(sum(oi.revenue), 2) {LINES} WHERE o.channel IN ('online', 'partner') "
                "AND o.ordered_at >= DATE '2025-01-01' AND o.ordered_at < DATE '2026-01-01' "
                "GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
            ),
        ],
    )
    await desk_rows(
        [
            (
                "which had the most tickets: P2 or P4",
                "SELECT priority, count(*) FROM support_desk.tickets WHERE priority IN ('P2', 'P4') "
                "GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
            )
        ],
    )


async def test_one_period_named_twice_is_compared_with_the_one_before(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "last quarter compared with the previous quarter", "September 2026 vs the month before": the period and the one
    before it (was the same period twice beside itself: a confident wrong answer)."""
    month = "to_char(o.ordered_at, 'YYYY-MM')"
    await _same_rows(
        pool,
        sales,
        [
            (
                "orders in the last complete quarter compared with the previous quarter",
                "SELECT to_char(o.ordered_at, 'YYYY-\"Q\"Q'), count(DISTINCT o.order_id) "
                f"{LINES} WHERE {_months(2, 'quarter')} GROUP BY 1 ORDER BY 1",
            ),
            (
                "units sold in September 2026 vs the month before",
                f"SELECT {month}, sum(oi.quantity) {LINES} WHERE o.ordered_at >= DATE '2026-08-01' "
                "AND o.ordered_at < DATE '2026-10-01' GROUP BY 1 ORDER BY 1",
            ),
        ],
    )


async def test_one_row_per_unit_is_a_grouping(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "one row per quarter", "a line for each region": the grouping that follows, the row word says no more."""
    await _same_rows(
        pool,
        sales,
        [
            (
                "units sold in 2025 with a line for each sales channel",
                f"SELECT o.channel, sum(oi.quantity) {LINES} WHERE o.ordered_at >= DATE '2025-01-01' "
                "AND o.ordered_at < DATE '2026-01-01' GROUP BY 1 ORDER BY 2 DESC",
            ),
        ],
    )
