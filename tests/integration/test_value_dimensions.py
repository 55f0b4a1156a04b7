"""The data's values with their column (D7, issue 9.3; D8 review): each value keeps the column that holds it, and a
table's key columns (a region's code and its name) name one dimension, so a follow-up naming a region by its code
replaces the one named by its name."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from cognicore.orchestrator._followup_values import dimension_of
from cognicore.orchestrator.followup import Change, resolve
from cognicore.vocabulary import data_values


async def test_key_columns_of_one_table_share_their_dimension(pool: AsyncConnectionPool) -> None:
    values = await data_values(pool, ["demo_sales"])
    dims = {v: dimension_of(v, values) for v in ("EU", "Europe", "Latin America", "LATAM")}
    assert len(set(dims.values())) == 1, dims
    assert dimension_of("Orbit Smartwatch", values) == dimension_of("WEA-100", values)  # a product's name and sku
    # columns that do not identify their rows stay apart: a channel is not a segment, nor a region
    assert values["online"] == dimension_of("online", values) == "demo_sales.orders.channel"
    assert values["enterprise"] == "demo_sales.orders.customer_segment"
    assert dimension_of("online", values) != dimension_of("Europe", values)


async def test_each_value_keeps_the_column_that_holds_it(pool: AsyncConnectionPool) -> None:
    """A code is in the `code` column and a name in the `name` column, not both under the table's first key."""
    values = await data_values(pool, ["demo_sales"])
    assert values["EU"] == "demo_sales.regions.code"
    assert values["Europe"] == "demo_sales.regions.name"
    assert values["WEA-100"] == "demo_sales.products.sku"
    assert values["Orbit Smartwatch"] == "demo_sales.products.name"


async def test_a_code_after_a_name_replaces_it_and_a_channel_narrows(pool: AsyncConnectionPool) -> None:
    values = await data_values(pool, ["demo_sales"])
    entities = sorted(values)
    asked = "revenue in Europe in 2025"
    assert resolve(asked, Change(value="LATAM", prep="for"), entities, columns=values) == (
        "revenue in LATAM in 2025",
        0.85,
    )
    narrowed = resolve(asked, Change(value="online", prep="for"), entities, columns=values)
    assert narrowed is not None and "Europe" in narrowed[0] and "online" in narrowed[0]
