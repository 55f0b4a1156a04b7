"""Round 13 (engineer S10, issue 9): what one product is priced at or sells for (to the customer, now) is the
price column, what it costs the seller (to make, to buy) the cost column, both found by their names or comments
("how much are we selling X for right now" and "what does it cost us to produce X" gave revenue: confident wrongs
found by review); a cost asked for a past year stays unsure (the data keeps one value per product)."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, sales  # noqa: F401 (fixtures)

COLUMN = "SELECT {}, 1 FROM demo_sales.products WHERE name = '{}'"


async def test_a_price_or_a_cost_asked_in_other_words(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    cases = [
        ("what are we selling the Haven Video Doorbell for these days?", "unit_price", "Haven Video Doorbell"),
        ("How much do we charge people for the Volt Power Bank 20K", "unit_price", "Volt Power Bank 20K"),
        ("what's the sticker price of the Aurora Studio Headphones", "unit_price", "Aurora Studio Headphones"),
        ("how much does a Lumen Smart Bulb 4-Pack cost us?", "unit_cost", "Lumen Smart Bulb 4-Pack"),
        ("What would it cost to manufacture one Orbit Smartwatch", "unit_cost", "Orbit Smartwatch"),
        ("how much do we pay for each Pulse Mini Speaker", "unit_cost", "Pulse Mini Speaker"),
        ("how much does one Haven Video Doorbell unit cost us", "unit_cost", "Haven Video Doorbell"),
    ]
    for request, column, product in cases:
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, COLUMN.format(column, product))
        assert got == expected, (request, draft.sql)


async def test_a_cost_in_a_past_year_is_unsure(sales: SchemaSqlWriter) -> None:  # noqa: F811
    with pytest.raises(Unsure, match="unit cost in"):
        await sales.write_sql(question="what did a Haven Security Camera cost us to build in 2024?", schema="")


async def test_a_total_of_a_per_unit_amount_is_unsure(sales: SchemaSqlWriter) -> None:  # noqa: F811
    # a sum of each order line's price or of each product's cost means nothing unless a total is asked
    for request in ("the unit price of the Pulse Mini Speaker during 2024", "unit cost per category please"):
        with pytest.raises(Unsure, match="amount of one unit"):
            await sales.write_sql(question=request, schema="")


async def test_a_figure_of_many_or_an_item_the_data_does_not_name_is_no_price_or_cost(
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    # review of round 13: "cost us in total" gave one unit's cost, "charge ... on average" the list price, "the
    # average order cost us" 200 rows of unit costs by order: unsure (never revenue either)
    for request in (
        "What does the Orbit Smartwatch cost us in total?",
        "What do we charge customers for the Orbit Smartwatch on average?",
        "How much did the average order cost us last year?",
        "What does the Orbit Smartwatch cost us on average?",
        "What do all our wearables cost us altogether?",
        "How much does the typical order cost us?",
        "what are we charging for the Haven Video Doorbell overall",
    ):
        with pytest.raises(Unsure):
            await sales.write_sql(question=request, schema="")


async def test_a_price_asked_for_a_region_or_segment_is_the_list_price_noted_or_unsure(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    # review of round 13: "how much are we selling X for in Europe / to enterprise customers" gave revenue
    for request in (
        "How much are we selling the Orbit Fitness Band for in Europe?",
        "What do we charge customers for the Orbit Smartwatch in Latin America?",
    ):
        with pytest.raises(Unsure):
            await sales.write_sql(question=request, schema="")
    for request, product, said in (
        (
            "How much are we selling the Orbit Fitness Band for to enterprise customers?",
            "Orbit Fitness Band",
            "segment",
        ),
        ("how much are we selling the Orbit Smartwatch for online", "Orbit Smartwatch", "channel"),
    ):
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, expected = await meant(pool, draft.sql, COLUMN.format("unit_price", product))
        assert got == expected, (request, draft.sql)
        assert "does not vary by" in draft.explanation and said in draft.explanation, draft.explanation
