"""An entity joined to a measure (round 14, engineer S11): "monthly revenue and orders" asks two figures (the
second a count of the orders), never the revenue grouped by each order."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.test_data14_differences import SALES_LEX

TODAY = date(2026, 11, 25)


@pytest.mark.parametrize(
    "text", ["quarterly units and orders for 2025", "gross margin as well as orders, per region, in Q2 2026"]
)
def test_an_entity_after_a_measure_is_counted_beside_it(text: str) -> None:
    q = map_request(text, SALES_LEX, TODAY)
    assert [m.name for m in q.measures][-1] == "orders" and len(q.measures) == 2
    assert all(getattr(d, "name", d) != "order_id" for d in q.dimensions)


def test_a_grouping_after_and_stays_a_grouping() -> None:
    q = map_request("revenue by channel and product in 2025", SALES_LEX, TODAY)
    assert len(q.measures) == 1 and len(q.dimensions) == 2
