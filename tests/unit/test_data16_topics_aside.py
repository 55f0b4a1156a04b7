"""A topic set aside in free words (round 16, engineer S13): "nothing to do with X", "unrelated to X", "not about X",
"didn't come from X", "excluding anything to do with X" leave X's rows out; a negation is read at the value it is
nearest to; a plural value said in the singular ("an accessory") names that value."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("how many P3 tickets have nothing at all to do with the laptop", "component NOT IN ('Laptop')"),
        ("tickets unrelated to the printer, by priority", "component NOT IN ('Printer')"),
        ("how many closed tickets aren't about the payroll app", "component NOT IN ('Payroll app')"),
        ("count the P2 tickets that don't concern chloe", "assignee NOT IN ('chloe')"),
    ],
)
def test_a_topic_said_as_not_related_excludes_its_value(text: str, kept: str) -> None:
    assert kept in sql_of(text, DESK_LEX)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("orders in Q2 2026 that didn't come in through the retail channel", "channel NOT IN ('retail')"),
        ("ignoring anything to do with Latin America, what was revenue in 2025", "name NOT IN ('Latin America')"),
        ("units sold last year, apart from anything Audio", "name NOT IN ('Audio')"),
    ],
)
def test_the_sales_rows_of_a_topic_set_aside_are_left_out(text: str, kept: str) -> None:
    assert kept in sql_of(text, SALES_LEX)


def test_the_negation_nearest_the_value_is_the_one_read() -> None:
    sql = sql_of("how many unresolved tickets have no link to email", DESK_LEX)
    assert "status NOT IN ('closed')" in sql and "component NOT IN ('Email')" in sql


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("revenue in 2025 from everything that is not a wearable", "categories.name NOT IN ('Wearables')"),
        ("how many units of accessory products did we ship last quarter", "categories.name = 'Accessories'"),
    ],
)
def test_a_plural_value_said_in_the_singular_names_it(text: str, kept: str) -> None:
    assert kept in sql_of(text, SALES_LEX)


def test_anything_else_is_no_topic_set_aside() -> None:
    with pytest.raises(Unsure):
        sql_of("apart from anything else, how many orders came in last quarter from Europe", SALES_LEX)


def test_a_second_value_after_an_article_is_set_aside_too() -> None:
    sql = sql_of("count tickets that have nothing to do with the printer or the laptop", DESK_LEX)
    assert "component NOT IN ('Printer', 'Laptop')" in sql and "component = " not in sql


@pytest.mark.parametrize(
    ("text", "lex", "none_of"),
    [
        ("which assignees are unrelated to the laptop", DESK_LEX, "tickets.component = 'Laptop'"),
        ("who doesn't touch the printer?", DESK_LEX, "tickets.component = 'Printer'"),
        ("which products had nothing to do with Latin America last year", SALES_LEX, "regions.name = 'Latin America'"),
    ],
)
def test_a_group_asked_about_has_no_rows_of_the_topic(text: str, lex: object, none_of: str) -> None:
    sql = sql_of(text, lex)  # type: ignore[arg-type]
    assert none_of in sql.split("FILTER(WHERE")[1] and "HAVING coalesce(" in sql and ") = 0" in sql


@pytest.mark.parametrize(
    "text",
    ["is there a component that has nothing to do with chloe", "who has nothing to do with printer tickets"],
)
def test_a_group_said_anywhere_before_the_topic_has_none_of_it(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "HAVING coalesce(" in sql and ") = 0" in sql


def test_not_all_is_no_topic_set_aside() -> None:
    with pytest.raises(Unsure):
        sql_of("are not all the email tickets closed", DESK_LEX)


def test_rows_that_are_not_about_a_topic_said_after_a_group_question() -> None:
    sql = sql_of("who's got tickets that aren't about email", DESK_LEX)
    assert "component NOT IN ('Email')" in sql and "HAVING" not in sql
