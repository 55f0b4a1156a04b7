"""The offline reading of change requests and of SQL that writes (`subagents.read_only`), without a database."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import DataChangeRefused
from cognicore.subagents.read_only import change_request, refuse_change_request, sql_change
from cognicore.workflows.evaluation import Case, check


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Delete all orders from 2024", "delete"),
        ("Drop the orders table", "drop"),
        ("please wipe last year's orders", "wipe"),
        ("set every product price to zero", "set"),
        ("remove customer 42", "remove"),
        ("Can you update the price of product 3 to 10?", "update"),
        ("Show me revenue by region and then add a new customer named Bob", "add"),
        ("I want to truncate the orders", "truncate"),
        ("run this: delete from demo_sales.orders where 1=1", "delete from"),
        ("grant select on demo_sales.orders to public", "grant select"),
    ],
)
def test_change_requests_are_recognised(text: str, verb: str) -> None:
    assert change_request(text) == verb
    with pytest.raises(DataChangeRefused, match="only reads data"):
        refuse_change_request("a question", text)


@pytest.mark.parametrize(
    "text",
    [
        "top 3 products by revenue in the latest quarter",
        "units sold by region and quarter in 2025",
        "ten worst-selling products in Europe last year",
        "Analyze the latest sales data, find the three best-selling products and write a short briefing",
        "Write a brief on our top 5 products by revenue in Europe last year",
        "add a chart of revenue by region",
        "create a report on sales",
        "change in revenue by quarter",
        "Set up a report of revenue",
        "What is the return policy for opened headphones?",
        "How many orders were deleted last year?",
    ],
)
def test_read_requests_are_not_change_requests(text: str) -> None:
    assert change_request(text) is None
    refuse_change_request(text, "")  # no refusal


@pytest.mark.parametrize(
    ("sql", "kind"),
    [
        ("DELETE FROM demo_sales.orders", "DELETE"),
        ("WITH d AS (DELETE FROM x RETURNING *) SELECT * FROM d", "DELETE"),
        ("SELECT 1; DROP TABLE demo_sales.orders", "DROP"),
        ("SELECT * INTO t FROM demo_sales.orders", "SELECT INTO"),
        ("TRUNCATE demo_sales.orders", "TRUNCATE"),
        ("UPDATE demo_sales.products SET unit_price = 0", "UPDATE"),
        ("VACUUM", "VACUUM"),
    ],
)
def test_writing_sql_is_named(sql: str, kind: str) -> None:
    assert sql_change(sql) == kind


@pytest.mark.parametrize(
    "sql", ["SELECT 1", "SELECT name FROM demo_sales.products", "SELECT pg_sleep(5)", "SELECT * FROM public.secrets"]
)
def test_reading_sql_is_not_a_change(sql: str) -> None:
    assert sql_change(sql) is None


def test_an_eval_case_can_expect_a_refusal() -> None:
    case = Case.model_validate({"id": "drop", "request": "Drop the orders table", "expect": {"outcome": "refused"}})
    assert check(case, {"outcome": "refused", "intent": "task", "steps": []}) == []
    assert check(case, {"outcome": "succeeded", "intent": "task", "steps": []}) == [
        "outcome was 'succeeded', expected 'refused'"
    ]
