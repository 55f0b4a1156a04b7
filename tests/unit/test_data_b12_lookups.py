"""Rows named by the number of their key ("ticket 1012" for INC-1012) and whole records asked for ("everything
about ...", "full details on ...") (round 12, engineer S9b), through the real mapper and builder."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.test_data_b12_negation import DESK, TODAY, _sql
from tests.unit.test_data_b12_passed_over import SALES_LEX
from tests.unit.test_data_b12_passed_over import _sql as _sales_sql


@pytest.mark.parametrize(
    ("text", "key", "shown"),
    [
        ("everything about ticket 1012 please", "INC-1012", "tickets.assignee AS assignee"),
        ("full details for INC-1003", "INC-1003", "tickets.component AS component"),
        ("who has ticket no. 1015", "INC-1015", "tickets.assignee AS assignee"),
    ],
)
def test_a_ticket_named_by_its_number_or_asked_whole_is_looked_up(text: str, key: str, shown: str) -> None:
    sql = _sql(text)
    assert f"tickets.ticket_id = '{key}'" in sql and shown in sql


def test_a_whole_order_shows_its_own_columns_without_keys() -> None:
    sql = _sales_sql("all the details of order 431")[0]
    assert "orders.order_id = '431'" in sql and "orders.channel AS channel" in sql and "region_id AS" not in sql


@pytest.mark.parametrize("text", ["ticket 1007 thanks", "ticket 99 status"])
def test_nothing_asked_of_a_numbered_ticket_or_no_such_number_stays_unsure(text: str) -> None:
    with pytest.raises(Unsure):
        map_request(text, DESK, TODAY)


def test_a_number_that_names_no_key_is_no_lookup() -> None:
    with pytest.raises(Unsure):
        map_request("revenue of order 12 and 13", SALES_LEX, TODAY)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("what does the haven security camera cost", "products.unit_price AS unit_price"),  # its price, not revenue
        ("when did the pulse mini speaker launch", "products.launched_on AS launched_on"),  # the date's verb
        ("what category does the volt charging dock belong to", "categories.name AS category"),  # a parent's label
    ],
)
def test_a_named_products_price_launch_or_category_is_looked_up(text: str, shown: str) -> None:
    sql = _sales_sql(text)[0]
    assert shown in sql and "sum(" not in sql


def test_what_something_costs_us_is_no_list_price() -> None:
    assert "unit_price AS" not in _sales_sql("what does the haven security camera cost us")[0]
