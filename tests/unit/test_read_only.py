"""The offline reading of change requests and of SQL that writes (`subagents.read_only`), without a database."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import DataChangeRefused
from cognicore.subagents.read_only import affected_rows_hint, change_request, refuse_change_request, sql_change
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
    ("text", "verb"),
    [
        ("pls get rid of all the partner channel orders from 2023", "get rid of"),
        ("hey, could you delete the 2022 orders for Latin America? they're test data", "delete"),
        ("the two Wi-Fi tickets are duplicates, delete one of them", "delete"),
        ("can u set INC-1010 to closed", "set"),
        ("close every P4 ticket that's still open", "close"),
        ("reassign INC-1007 to ben pls", "reassign"),
        ("unassign chloe from all her tickets", "unassign"),
        ("Lower the unit cost of the Haven Video Doorbell to 70.", "lower"),
        ("mark order 1042 as a retail order", "mark"),
        ("I'd like you to raise every Audio price by 10 dollars", "raise"),
        ("give all of ana's printer tickets to ben", "give"),
        ("hand the VPN tickets over to chloe", "hand"),
    ],
)
def test_change_requests_in_casual_wordings(text: str, verb: str) -> None:
    assert change_request(text) == verb


@pytest.mark.parametrize(
    "text",
    [
        "add up the revenue of Wearables in 2025",
        "set up a quick report of units by category for 2024",
        "show updates since Monday",
        "tickets updated this week",
        "how many tickets did chloe close",
        "lower priced products by revenue",
        "double check the revenue for 2025",
        "close to how many orders were from Europe?",
        "for 2025, change in orders by region",
        "remove Europe from the chart",
        "increase in units per category in 2025",
        "update on the Q3 numbers",
        "Which tickets were escalated last week?",
        "give me the revenue by region",
        "give us the top 5 products, then send nothing to anyone",
    ],
)
def test_reads_with_a_change_word_are_not_change_requests(text: str) -> None:
    assert change_request(text) is None


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        # a modal and a passive, inverted or not (D6, issue 9.1)
        ("could the price of the Pulse Mini Speaker be lowered to 69?", "lowered"),
        ("INC-1012 should be closed", "closed"),
        ("could INC-1003 be reassigned to chloe?", "reassigned"),
        ("the printer tickets need to be bumped to P2", "bumped"),
        ("Partner orders from Q1 2025 need to be removed, they were duplicates", "removed"),
        ("should all the P4s be closed?", "closed"),
        # a wish and the state wanted
        ("I want all the wifi tickets marked as in progress", "marked"),
        ("I'd like the Wearables category renamed to Wearable Tech please", "renamed"),
        ("we need INC-1004 closed asap", "closed"),
        # a new stored value stated as due, a phrasal verb
        ("the Haven Security Camera should cost 159 from now on", "cost"),
        ("pls take ana off INC-1005", "take"),
        # something to have done, due to someone, or asked as a favour; a pronoun for records named before
        ("can I get order 2001 moved over to the retail channel?", "moved"),
        ("can I get INC-1010 bumped up to P1?", "bumped"),
        ("chloe's tickets ought to go to ana while she's on leave", "go"),
        ("would you mind closing out all of ben's open tickets", "closing"),
        ("INC-1002 is a duplicate of INC-1014, pls merge them", "merge"),
    ],
)
def test_changes_asked_without_an_imperative(text: str, verb: str) -> None:
    assert change_request(text) == verb


@pytest.mark.parametrize(
    "text",
    [
        "Can tickets be reopened?",  # what is possible for any ticket
        "which tickets should be closed?",
        "how can an order be cancelled",
        "Tickets should be closed once the user confirms",  # a rule, not a request
        "P1 tickets must be escalated to the duty manager at once",
        "Tickets that are closed can be reopened within 7 days",
        "I want to see which tickets were closed",
        "I want the tickets assigned to ben listed",
        "I need the number of closed laptop tickets.",  # the participle is an adjective
        "I need the 2025 revenue broken down by region",
        "which tickets got assigned to ben",
        "what would revenue be if prices were lowered by 5%",
        "the report should be updated weekly",
        "The price of the Orbit Fitness Band was cut to 99 in June 2024",
        "take a look at the VPN tickets",
        "I have INC-1003 assigned to me",  # news, not a request
        "P1 tickets should go to the duty manager",  # a rule
        "would you mind showing the open tickets",
        "can we get the orders from 2025 broken down by region",
    ],
)
def test_rules_questions_and_reads_with_a_participle_are_not_change_requests(text: str) -> None:
    assert change_request(text) is None


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("delete the cancelled orders", "show the cancelled orders"),
        ("can u set INC-1010 to closed", "show INC-1010"),
        ("bump the laptop price by 5%", "show the laptop price"),
        ("close all P4 tickets older than a month, thanks", "show all P4 tickets older than a month"),
        ("apply a 20% discount to all Accessories order lines", "show all Accessories order lines"),
        ("unassign chloe from all her tickets", "show all her tickets"),
        ("hand the VPN tickets over to chloe", "show the VPN tickets"),
        ("pls take ana off INC-1005", "show INC-1005"),
    ],
)
def test_the_rows_a_change_would_touch_are_offered_as_a_read(text: str, shown: str) -> None:
    assert affected_rows_hint(text) == f"; to see the rows it would affect, ask: '{shown}'"


@pytest.mark.parametrize(
    "text", ["Insert a new product called Nova Tablet", "the Wi-Fi tickets are duplicates, delete them", "top 3"]
)
def test_no_rows_are_offered_for_new_rows_a_pronoun_or_a_read(text: str) -> None:
    assert affected_rows_hint(text) == ""


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
