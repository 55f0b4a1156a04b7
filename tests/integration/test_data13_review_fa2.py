"""Round 13 review (fixer FA2, issue 9): four rules of this round fired on wordings they were not written for and
gave confident wrong answers; each now asks for its evidence, else the engine is unsure (or does as before).

- "by someone" is the column of people only for what those people do with a row (working on, handling, being
  assigned): "opened / logged / submitted by someone" is every row, never the rows with an assignee.
- a column that holds a fraction of each row ("Discount as a fraction") is never summed ("how large were
  discounts in Europe" gave a total of 97.35 fractions).
- "in total" does not switch off the per-unit check: a sum of each row's unit cost is no total cost.
- a bare time of day is a greeting only before someone addressed or a new sentence, never before a noun
  ("morning tickets", "evening orders" were all of the day's rows)."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import SchemaSqlWriter
from tests.integration.desk_helpers import DeskRows
from tests.integration.test_offline_sql import sales, wall_clock  # noqa: F401 (fixtures)

COUNT = "SELECT count(*) FROM support_desk.tickets WHERE {}"


async def all_unsure(writer: SchemaSqlWriter, requests: tuple[str, ...], match: str | None = None) -> None:
    """Every request is answered with the engine's honest unsure (whose message matches `match`)."""
    for request in requests:
        with pytest.raises(Unsure, match=match):
            await writer.write_sql(question=request, schema="")


async def test_someone_who_opened_or_closed_a_ticket_is_no_assignee(desk: SchemaSqlWriter) -> None:
    requests = (
        "How many tickets were opened by someone on 5 January?",  # review: 3 (the assigned ones), 4 were opened
        "How many tickets were logged by anyone on 6 January?",
        "How many P2 tickets were submitted by somebody?",
        "How many tickets were created by someone on 7 January?",
        "How many P1 tickets were reported by anyone?",
        "How many tickets were filed by somebody last week?",  # not the reviewer's
        "How many tickets were closed by someone other than ben?",  # the data keeps no one who closed it
    )
    await all_unsure(desk, requests)


async def test_someone_working_on_a_ticket_is_still_its_assignee(desk_rows: DeskRows) -> None:
    await desk_rows(
        [
            (
                "How many P1 tickets are being handled by someone?",
                COUNT.format("priority = 'P1' AND assignee IS NOT NULL"),
            ),
            (
                "count of tickets being worked on by anybody",
                COUNT.format("status = 'in_progress' AND assignee IS NOT NULL"),
            ),
            (
                "How many tickets is someone working on?",
                COUNT.format("status = 'in_progress' AND assignee IS NOT NULL"),
            ),
            ("How many tickets have been assigned by someone?", COUNT.format("assignee IS NOT NULL")),
            # review (borderline): a change of state anyone makes is every closed ticket, as before this round
            ("How many tickets has someone closed?", COUNT.format("status = 'closed'")),
            ("How many P1 tickets has somebody closed?", COUNT.format("status = 'closed' AND priority = 'P1'")),
        ],
    )


async def test_a_fraction_column_is_never_summed(sales: SchemaSqlWriter) -> None:  # noqa: F811
    requests = (
        "How large were discounts in Europe last year?",  # review: "Total discount 97.35"
        "How big were discounts on the Orbit Fitness Band last year?",
        "How significant were discounts for enterprise customers last year?",
        "What was the total discount given across all orders last year?",  # not the reviewer's
        "how sizeable were the discounts for retail customers in 2024",
    )
    await all_unsure(sales, requests, "fraction of each row")


async def test_in_total_never_adds_up_an_amount_of_one_unit(sales: SchemaSqlWriter) -> None:  # noqa: F811
    requests = (
        # review: "How much did we pay for Orbit Smartwatch units in total last year?" gave $112 x 870 order lines
        "total unit cost of the Orbit Smartwatch order lines last year",
        "What was the total unit price of Orbit Fitness Band orders in 2023?",
        "sum of unit cost by category",  # not the reviewer's
        "total unit price of Pulse Mini Speaker lines in 2024",
    )
    await all_unsure(sales, requests, "amount of one unit")


async def test_a_time_of_day_before_a_noun_is_no_greeting(
    desk: SchemaSqlWriter,
    sales: SchemaSqlWriter,  # noqa: F811
    desk_rows: DeskRows,
) -> None:
    said = r"morning|afternoon|evening"
    # review: 4 (all of that day), 1 was opened in the morning
    await all_unsure(
        desk, ("Morning tickets opened on 5 January: how many?", "Afternoon tickets: how many today?"), said
    )
    # review: 621, all the orders
    await all_unsure(sales, ("Evening orders last month: how many?", "morning orders yesterday - how many?"), said)
    # a greeting is still one
    await desk_rows(
        [
            ("morning - how many tickets did ben close?", COUNT.format("assignee = 'ben' AND status = 'closed'")),
            ("Morning all, how many tickets are open?", COUNT.format("status = 'open'")),
            ("morning! how many tickets are open?", COUNT.format("status = 'open'")),
            ("good evening, how many P1 tickets are there?", COUNT.format("priority = 'P1'")),
        ],
    )
