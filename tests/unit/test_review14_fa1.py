"""Review 14 (fixer FA1): money measures and negated states in data questions that were answered confidently wrong.

The cost of goods (units x a unit's cost) answers only what the goods cost us: "the total cost of an X" is one X's
unit cost, "the total cost of order 5525" or "of Audio products" says neither, and shipping, partners or marketing
are no goods (unsure, naming them); our spending is no revenue; a word of a description (a sentence) filters
nothing; "pending assignment" is an empty assignee, not an unfinished status; a follow-up replaces every negated
form of a state by the new state, and filters that contradict each other are unsure, never "no rows"."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.orchestrator.followup import followup_change, resolve
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import Catalogue, build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import SALES
from tests.unit.test_data_b12_negation import DESK

TODAY = date(2026, 11, 25)
SALES_LEX = build_lexicon(SALES, SQL_VOCABULARY)
GOODS = 'sum(order_items."quantity" * products."unit_cost")'


def _described() -> Catalogue:
    """The sales catalogue with the categories' descriptions as the demo holds them (sentences)."""
    described = (
        "Chargers, cables and docks.",
        "Earbuds, headphones and portable speakers.",
        "Bulbs, cameras and doorbells for the home.",
        "Smartwatches, fitness bands and AR glasses.",
    )
    tables = tuple(
        replace(t, columns=tuple(replace(c, values=described) if c.name == "description" else c for c in t.columns))
        if t.ref.endswith(".categories")
        else t
        for t in SALES.tables
    )
    return replace(SALES, tables=tables)


def _sql(text: str, lex=SALES_LEX) -> str:  # type: ignore[no-untyped-def]
    return " ".join(build(map_request(text, lex, TODAY), lex.catalogue, TODAY)[0].split())


@pytest.mark.parametrize(
    "text", ["what is the total cost of an Orbit Smartwatch?", "what is the total cost of one Volt Power Bank?"]
)
def test_the_total_cost_of_one_item_is_its_unit_cost(text: str) -> None:
    sql = _sql(text)
    assert "products.unit_cost AS unit_cost" in sql and GOODS not in sql


@pytest.mark.parametrize(
    "text",
    [
        "what was the total cost of order 5525?",
        "total cost of Audio products",
        "what was the total cost of the online orders last month?",
        "what did order 5525 cost us in total?",
    ],
)
def test_a_total_cost_of_no_goods_sold_is_unsure(text: str) -> None:
    with pytest.raises(Unsure):
        map_request(text, SALES_LEX, TODAY)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("what did shipping cost us in total last year?", "shipping"),
        ("what did rent cost us altogether in 2025?", "rent"),
        ("how much did we pay partners in total last year?", "partners"),
        ("how much have we paid our contractors altogether in 2025?", "contractors"),
        ("how much did we spend in total on marketing last year?", "marketing"),
    ],
)
def test_what_cost_us_that_is_no_goods_is_unsure_naming_it(text: str, named: str) -> None:
    with pytest.raises(Unsure, match=named):
        map_request(text, SALES_LEX, TODAY)


@pytest.mark.parametrize(
    "text",
    [
        "what did the Lumen Smart Bulb 4-Packs sold last year cost us altogether",
        "how much have we paid in total for the Volt Power Bank units we sold in 2025",
        "what did the Orbit Smartwatches cost us in total last year?",
        "how much did we sell last year and what did it cost us in total?",
        "total cost of goods last year vs this year and by how much",
    ],
)
def test_what_the_goods_cost_us_is_still_the_cost_of_goods(text: str) -> None:
    assert GOODS in _sql(text)


@pytest.mark.parametrize(
    "text", ["how much did we spend on Audio last year?", "what have we spent on Wearables this year?"]
)
def test_our_spending_is_no_revenue(text: str) -> None:
    with pytest.raises(Unsure, match="our spending"):
        map_request(text, SALES_LEX, TODAY)


@pytest.mark.parametrize(
    "text", ["what did the earbuds we sold last year cost us?", "how many smartwatches did we sell last year?"]
)
def test_a_word_of_a_description_filters_nothing(text: str) -> None:
    lex = build_lexicon(_described(), SQL_VOCABULARY)
    try:
        sql = _sql(text, lex)
    except Unsure:
        return
    assert "description" not in sql and "categories.name" not in sql, sql


@pytest.mark.parametrize(
    "text",
    [
        "tickets pending assignment",
        "how many tickets are still pending assignment?",
        "which tickets are pending assignment?",
        "tickets yet to be assigned",
        "how many tickets are still waiting to be assigned?",
    ],
)
def test_pending_assignment_is_no_assignee(text: str) -> None:
    sql = _sql(text, DESK)
    assert "assignee IS NULL" in sql and "status" not in sql


@pytest.mark.parametrize(
    "text", ["tickets pending review", "how many tickets are pending triage?", "tickets still to be triaged"]
)
def test_pending_a_step_no_column_names_is_unsure(text: str) -> None:
    with pytest.raises(Unsure):
        map_request(text, DESK, TODAY)


def test_pending_tickets_are_still_the_unfinished_ones() -> None:
    assert "NOT IN ('closed')" in _sql("pending tickets by priority", DESK)


@pytest.mark.parametrize("text", ["closed tickets that are not closed by priority", "closed tickets not yet closed"])
def test_filters_that_contradict_each_other_are_unsure(text: str) -> None:
    with pytest.raises(Unsure, match="both"):
        map_request(text, DESK, TODAY)


VALUES = ["open", "in_progress", "closed", "ana", "ben", "P1", "P2"]
COLUMNS = {
    **{v: "support_desk.tickets.status" for v in ("open", "in_progress", "closed")},
    **{v: "support_desk.tickets.assignee" for v in ("ana", "ben")},
    **{v: "support_desk.tickets.priority" for v in ("P1", "P2")},
}


@pytest.mark.parametrize(
    ("previous", "change", "resolved"),
    [
        ("pending tickets by priority", "same for the closed ones", "closed tickets by priority"),
        ("outstanding tickets per assignee", "same for the closed ones", "closed tickets per assignee"),
        ("tickets not yet closed by priority", "same for the closed ones", "tickets closed by priority"),
        ("non-closed tickets by priority", "same for the closed ones", "closed tickets by priority"),
        ("tickets that are yet to be closed by priority", "same for the closed ones", "tickets that are closed by"),
        ("tickets not yet in progress by priority", "what about in progress", "tickets in progress by priority"),
        ("unresolved tickets by priority", "same for the closed ones", "closed tickets by priority"),
    ],
)
def test_a_followup_state_replaces_every_negated_form(previous: str, change: str, resolved: str) -> None:
    found = followup_change(change, VALUES)
    assert found is not None
    result = resolve(previous, found, VALUES, columns=COLUMNS)
    assert result is not None and result[0].startswith(resolved), result


def test_a_followup_state_leaves_the_assignees_negation() -> None:
    found = followup_change("same for the closed ones", VALUES)
    assert found is not None
    result = resolve("how many unassigned tickets are there?", found, VALUES, columns=COLUMNS)
    assert result is not None and "unassigned" in result[0]
