"""A look-up of one row asking two attributes returns both (round 17, unseen measure): "the SKU of X, and what does
it go for right now" asks the SKU and the price; the price asked by a verb ("list for", "retail at") is never
dropped."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, sales  # noqa: F401 (fixtures)


@pytest.mark.parametrize(
    ("request_text", "other"),
    [
        ("What's the SKU of the Orbit Smartwatch, and what does it go for right now?", "sku"),
        ("Which category is the Haven Video Doorbell in, and what does it retail at these days?", "category"),
    ],
)
async def test_a_second_attribute_asked_by_a_verb_of_price_is_kept(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
    request_text: str,
    other: str,
) -> None:
    draft, _ = await answer(pool, sales, request_text, "demo_sales")
    assert "unit_price" in draft.sql and other in draft.sql, draft.sql
