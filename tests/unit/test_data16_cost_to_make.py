"""What a thing costs to make is never the default revenue (round 16, engineer S13, review 15 #15): "how much more
does A cost us to make than B" compared the two products' revenue, confidently; with no cost read it is unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    "text",
    [
        "does the Vista AR Glasses cost more to produce than the Orbit Fitness Band",
        "how much less does the Volt Charging Dock cost us to manufacture than the Volt Power Bank 20K?",
    ],
)
def test_a_cost_to_make_no_rule_reads_is_unsure_never_revenue(text: str) -> None:
    with pytest.raises(Unsure):
        map_request(text, SALES_LEX, TODAY)


def test_one_product_cost_to_make_is_still_its_unit_cost() -> None:
    assert "products.unit_cost AS unit_cost" in sql_of("what does a Haven Video Doorbell cost us to build?", SALES_LEX)
