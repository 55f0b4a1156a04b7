"""Round 13 (engineer S10, issue 9): one order's attribute asked by its key is a look-up of that row's columns and
of the rows it references ("what region was order 812 from" was unsure: "order region" swallowed the region; "which
region was order 1500 placed in" showed the order's date, a confident wrong). On the real demo database."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, sales, tickets  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_desk_wordings import desk  # noqa: F401 (fixture)

REGION = "SELECT r.name, 1 FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id) WHERE o.order_id = {}"


async def test_an_orders_region_or_segment_by_its_key(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    cases = [
        ("which region did order 640 come from?", REGION.format(640)),
        ("order 1234: what region was it placed in", REGION.format(1234)),
        (
            "What customer segment placed order 2001?",
            "SELECT customer_segment, 1 FROM demo_sales.orders WHERE order_id = 2001",
        ),
        ("when was order 77 placed", "SELECT ordered_at, 1 FROM demo_sales.orders WHERE order_id = 77"),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)


async def test_a_year_after_a_grouping_noun_stays_the_year(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    draft, _ = await answer(pool, sales, "orders by region 2024", "demo_sales")
    expected_sql = (
        "SELECT r.name, count(*) FROM demo_sales.orders o JOIN demo_sales.regions r USING (region_id) "
        "WHERE o.ordered_at >= '2024-01-01' AND o.ordered_at < '2025-01-01' GROUP BY 1 ORDER BY 2 DESC"
    )
    got, expected = await meant(pool, draft.sql, expected_sql)
    assert got == expected, draft.sql


TOP_ORDER = """SELECT o.order_id, round(sum(oi.revenue), 2) FROM demo_sales.order_items oi
JOIN demo_sales.orders o USING (order_id) WHERE o.ordered_at >= '{0}-01-01' AND o.ordered_at < '{1}-01-01'
GROUP BY 1 ORDER BY 2 {2} LIMIT 1"""


async def test_a_superlative_before_the_noun_makes_the_number_a_year(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    # review of round 13: "largest order 2024" was order id 2024 (a confident wrong); the year's largest order
    cases = [
        ("Largest order 2024 by revenue?", TOP_ORDER.format(2024, 2025, "DESC")),
        ("Revenue of the biggest order 2026?", TOP_ORDER.format(2026, 2027, "DESC")),
        ("What was our biggest order 2025?", TOP_ORDER.format(2025, 2026, "DESC")),
        ("our top single order 2023 by revenue", TOP_ORDER.format(2023, 2024, "DESC")),
    ]
    for request, expected_sql in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, expected_sql)
        assert got == expected, (request, draft.sql)
    # no superlative: the order of that id, as before
    draft, _ = await answer(pool, sales, "What was revenue for order 2025?", "demo_sales")
    assert "order_id = '2025'" in draft.sql, draft.sql


async def test_when_anywhere_asks_the_rows_date_too(desk: SchemaSqlWriter) -> None:  # noqa: F811
    # review of round 13: "who's INC-1012 assigned to, and when was it opened" showed the assignee only
    cases = [
        ("Who's INC-1012 assigned to, and when was it opened?", "assignee"),
        ("Who has INC-1012 and when was it opened?", "assignee"),
        ("What priority is INC-1004 and when was it opened?", "priority"),
        ("What's the status of INC-1004 and when was it opened?", "status"),
        ("What component is INC-1007, and when did it come in?", "component"),
    ]
    for request, column in cases:
        draft = await desk.write_sql(question=request, schema="")
        assert f"tickets.{column} AS" in draft.sql and "tickets.opened_at AS" in draft.sql, (request, draft.sql)
    draft = await desk.write_sql(question="What priority is INC-1004?", schema="")
    assert "opened_at" not in draft.sql, draft.sql
