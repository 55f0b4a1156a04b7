"""The kinds of the data values a memory names (M24, round 15): a name the deployment's data holds tells what kind of
thing it is ("region" for a value of the regions table), matched whole and without case; a lower-case value is a
common word, not a name. Values and columns are our own."""

from __future__ import annotations

from cognicore.orchestrator._followup_values import ValueColumn
from cognicore.subagents._memory_data_kinds import data_kinds
from cognicore.subagents.memory_answer import answer_from_memory

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


def _passage(statement: str, kinds: list[str]) -> dict[str, object]:
    return {"index": 1, "source": "memory:fact:1", "statement": statement, "content": statement, "status": "active",
            "since": "2031-03-17 09:00", "kinds": kinds, "note": False}  # fmt: skip


def test_the_kind_answers_which_kind_is_asked_not_a_word_that_qualifies_another_thing() -> None:
    told = [_passage("The user moved onto the Nordics team.", ["area"])]
    found = answer_from_memory("which area am I part of now?", [], told)
    assert found is not None and found.used == [1]
    visiting = [_passage("The user is visiting customers in the Nordics next week.", ["area"])]
    assert answer_from_memory("Who is the area sales manager for the Nordics?", [], visiting) is None
