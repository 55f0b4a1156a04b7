"""The kinds of the data values a memory names (M24, round 15): a name the deployment's data holds tells what kind of
thing it is ("region" for a value of the regions table), matched whole and without case; a lower-case value is a
common word, not a name. Values and columns are our own."""

from __future__ import annotations

from cognicore.orchestrator._followup_values import ValueColumn
from cognicore.subagents._memory_data_kinds import data_kinds

VALUES = {
    "Nordics": ValueColumn("shop.areas.name", "shop.areas.code"),
    "NRD": ValueColumn("shop.areas.code"),
    "Billing portal": "desk.cases.module",
    "Gold": "shop.customers.tier",
    "online": "shop.orders.channel",
}


def test_a_name_of_the_data_gives_the_kind_of_its_table_or_column() -> None:
    assert data_kinds("The user moved onto the Nordics team.", VALUES) == ["area"]
    assert data_kinds("I look after billing portal cases", VALUES) == ["modul"]
    assert data_kinds("Our best clients are Gold tier and Nordics based", VALUES) == ["area", "tier"]


def test_no_kind_for_a_part_of_a_word_a_common_word_or_no_value() -> None:
    assert data_kinds("The user joined the Goldsmiths team.", VALUES) == []
    assert data_kinds("I prefer online meetings.", VALUES) == []
    assert data_kinds("My manager is Lee Park.", VALUES) == []
    assert data_kinds("The user moved onto the Nordics team.", {}) == []
