"""Words general English says restrict no rows, passed over by the offline SQL writer (round 12, engineer S9b),
and the words next to them that still restrict and keep the answer unsure."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import SALES

TODAY = date(2026, 11, 24)
SALES_LEX = build_lexicon(SALES, SQL_VOCABULARY)


def _sql(text: str) -> tuple[str, list[str]]:
    q = map_request(text, SALES_LEX, TODAY)
    return " ".join(build(q, SALES_LEX.catalogue, TODAY)[0].split()), q.notes


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("sales-wise, what did the orbit fitness band bring in during 2025", "products.name = 'Orbit Fitness Band'"),
        ("as far as units go, how did the haven security camera do last year", 'sum(order_items."quantity")'),
        ("with regard to orders, how did europe do in 2025", "regions.name = 'Europe'"),
        ("how many boxes of the volt charging dock did we sell in 2025", "products.name = 'Volt Charging Dock'"),
        ("how much revenue did europe rake in last year", "regions.name = 'Europe'"),
        ("what average discount do we hand out to retail orders", "orders.channel = 'retail'"),
        ("average discount given away on partner orders in 2025", "orders.channel = 'partner'"),
        ("whats teh revenue in latin america for 2025", "regions.name = 'Latin America'"),
        ("would you mind telling me the units of the orbit smartwatch for 2025", "products.name = 'Orbit Smartwatch'"),
        ("when you have a minute, orders by channel in the year 2024", "DATE '2024-01-01'"),
        ("ballpark revenue for latin america in 2025, if possible", "regions.name = 'Latin America'"),
        ("I'd like to see revenue by region for calendar year 2025, thanks in advance", "GROUP BY 1"),
    ],
)
def test_a_phrase_light_verb_unit_noun_polite_frame_or_swapped_letters_is_passed_over(text: str, wanted: str) -> None:
    assert wanted in _sql(text)[0]


@pytest.mark.parametrize(
    ("text", "passed"),
    [
        ("revenue of the audio range last quarter", "'range'"),
        ("for our investor update: orders by channel in 2025", "'investor update'"),
    ],
)
def test_a_class_noun_after_a_value_or_a_purpose_phrase_is_said_in_the_answer(text: str, passed: str) -> None:
    assert any(passed in note for note in _sql(text)[1])


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("revenue of premium products in 2025", "premium"),  # an adjective before the rows restricts them
        ("how many returning orders were there in 2025", "returning"),  # a verb form used as an adjective
        ("how many pairs of shoes did we sell in 2025", "shoes"),  # the counted thing is no value of the data
        ("how many volt power banks do we have on hand", "hand"),  # stock on hand, which the data does not hold
        ("for the quarterly review, revenue by region in 2025", "review"),  # a time word inside the purpose
    ],
)
def test_a_word_that_may_restrict_the_rows_keeps_the_answer_unsure(text: str, kept: str) -> None:
    with pytest.raises(Unsure, match=kept):
        map_request(text, SALES_LEX, TODAY)


def test_a_product_line_is_still_the_category() -> None:
    """ "line" after a table's name is no class noun passed over: the vocabulary reads "product line"."""
    assert "categories.name AS category" in _sql("revenue by product line in 2025")[0]


@pytest.mark.parametrize(
    "text",
    ["orders by part of the world in 2025", "what corner of the globe bought the most units of the orbit smartwatch"],
)
def test_a_part_of_the_world_is_the_datas_one_place_column(text: str) -> None:
    assert "regions.name AS region" in _sql(text)[0]


def test_a_part_of_the_world_with_no_place_column_stays_unsure() -> None:
    from tests.unit.test_data_b12_negation import DESK

    with pytest.raises(Unsure, match="world"):
        map_request("which part of the world opened the most tickets", DESK, TODAY)


@pytest.mark.parametrize(
    ("text", "excluded"),
    [
        ("units for all but the wearables category in 2025", "categories.name NOT IN ('Wearables')"),
        ("orders outside of latin america in 2025", "regions.name NOT IN ('Latin America')"),
        ("revenue apart from the retail channel last year", "orders.channel NOT IN ('retail')"),
        ("anything but smart home: revenue by category in 2025", "categories.name NOT IN ('Smart Home')"),
    ],
)
def test_anything_but_outside_and_apart_from_exclude_the_value(text: str, excluded: str) -> None:
    """ "everything but accessories" was read as accessories only: a confident wrong answer."""
    assert excluded in _sql(text)[0]


def test_a_year_counted_from_another_stays_unsure() -> None:
    with pytest.raises(Unsure, match="year"):
        map_request("revenue in the year before 2025", SALES_LEX, TODAY)
