"""Review fixes of round 12 (F5) on the real databases: "what does X cost to make" is its unit cost (was its list
price at confidence 1.0), "cost in total" stays unsure, and an indefinite pronoun the writer cannot read ("open
tickets with someone") stays unsure instead of counting the unassigned tickets too."""

from __future__ import annotations

import pytest
from psycopg_pool import AsyncConnectionPool

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.test_offline_sql import answer, meant, sales  # noqa: F401 (fixtures)
from tests.integration.test_offline_sql_any_schema import tickets  # noqa: F401 (a fixture)
from tests.integration.test_offline_sql_desk_wordings import desk, rows_of  # noqa: F401 (a fixture)


async def test_what_a_product_costs_to_make_is_its_unit_cost(
    pool: AsyncConnectionPool,
    sales: SchemaSqlWriter,  # noqa: F811
) -> None:
    expected = "SELECT unit_cost FROM demo_sales.products WHERE name = '{}'"
    for request, product in (
        ("What does the Vista AR Glasses cost to make?", "Vista AR Glasses"),
        ("What does a pair of Vista AR Glasses cost to produce?", "Vista AR Glasses"),
        ("what does the orbit smartwatch cost to manufacture", "Orbit Smartwatch"),
    ):
        draft, _ = await answer(pool, sales, request, "demo_sales")
        got, want = await meant(pool, draft.sql, expected.format(product))
        assert [row[:1] for row in got] == want, (request, draft.sql)


@pytest.mark.parametrize(
    "request_",
    ["What does the Orbit Smartwatch cost in total?", "how much does the orbit smartwatch sell for in europe"],
)
async def test_words_after_the_price_verb_stay_unsure(sales: SchemaSqlWriter, request_: str) -> None:  # noqa: F811
    with pytest.raises(Unsure):
        await sales.write_sql(question=request_, schema="")


@pytest.mark.parametrize(
    "request_",
    [
        "How many open tickets are with someone?",
        "How many tickets are sitting with somebody other than ben?",
        "how many P3 tickets does somebody hold",
    ],
)
async def test_an_unread_indefinite_pronoun_stays_unsure(desk: SchemaSqlWriter, request_: str) -> None:  # noqa: F811
    with pytest.raises(Unsure):
        await desk.write_sql(question=request_, schema="")


async def test_a_pronoun_with_the_column_named_is_still_read(
    pool: AsyncConnectionPool,
    desk: SchemaSqlWriter,  # noqa: F811
) -> None:
    draft = await desk.write_sql(question="how many open tickets got assigned to someone", schema="")
    got, want = await rows_of(
        pool, draft.sql, "SELECT count(*) FROM support_desk.tickets WHERE status = 'open' AND assignee IS NOT NULL"
    )
    assert got == want, draft.sql


async def test_a_pronoun_as_the_owner_of_the_rows_is_a_person(
    pool: AsyncConnectionPool,
    desk: SchemaSqlWriter,  # noqa: F811
) -> None:
    """ "does anybody own" (round 17): the rows someone holds, read since the owning verb says the people's column."""
    draft = await desk.write_sql(question="How many P1 tickets does anybody own?", schema="")
    got, want = await rows_of(
        pool, draft.sql, "SELECT count(*) FROM support_desk.tickets WHERE priority = 'P1' AND assignee IS NOT NULL"
    )
    assert got == want, draft.sql
