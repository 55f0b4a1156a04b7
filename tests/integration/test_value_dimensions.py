"""The data's values with their column (D7, issue 9.3): a table's key columns (a region's code and its name) name
one dimension, so a follow-up naming a region by its code replaces the one named by its name."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.vocabulary import data_values


async def test_key_columns_of_one_table_share_their_dimension(pool: AsyncConnectionPool) -> None:
    values = await data_values(pool, ["demo_sales"])
    assert values["EU"] == values["Europe"] == values["Latin America"] == values["LATAM"]
    assert values["Orbit Smartwatch"] == values["WEA-100"]  # a product's name and its sku
    # columns that do not identify their rows stay apart: a channel is not a segment, nor a region
    assert values["online"] == "demo_sales.orders.channel"
    assert values["enterprise"] == "demo_sales.orders.customer_segment"
    assert values["online"] != values["Europe"]
