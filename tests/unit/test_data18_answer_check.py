"""The data answer check (round 18, engineer GD): a mapped request is answered with confidence only when its query
answers every part asked: the attribute a question word asks ("who", "when", "what <column>"), every column named of
a looked-up row, a dated event's doer that no column records, a searched phrase that some row holds."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from cognicore.subagents.offline_sql.writer import write_from_catalogue
from cognicore.subagents.sql_writer import QuestionNotUnderstood
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


def _unsure(text: str, lex: object) -> str:
    with pytest.raises(Unsure) as exc:
        map_request(text, lex, TODAY)  # type: ignore[arg-type]
    return str(exc.value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("what are ana's open tickets and who is covering the P1 ones", "'who'"),
        ("list ben's P2 tickets and tell me who has the P1s", "'who'"),
        ("what's the priority of INC-1014, and whose is it?", "'whose'"),
    ],
)
def test_a_person_asked_is_shown(text: str, said: str) -> None:
    assert said in _unsure(text, DESK_LEX)


@pytest.mark.parametrize(
    "text",
    [
        "how many tickets did chloe open in January",
        "count the tickets ben has opened",
        "which P1 tickets were opened by ana",
    ],
)
def test_a_person_never_recorded_as_doing_a_dated_event(text: str) -> None:
    assert "not who open" in _unsure(text, DESK_LEX)


@pytest.mark.parametrize(
    "text",
    [
        "How many Printer tickets mention the screen flickering?",
        "how many VPN tickets are about the token expiring",
    ],
)
def test_a_searched_phrase_no_row_holds_is_said(text: str) -> None:
    assert "holds it" in _unsure(text, DESK_LEX)


@pytest.mark.parametrize(
    "text",
    [
        "What category does the Volt Charging Dock belong to, and how much is it?",
        "give me the SKU of the Lumen Smart Bulb 4-Pack and its launch date",
    ],
)
def test_every_attribute_asked_of_one_row_is_shown(text: str) -> None:
    assert "asked of" in _unsure(text, SALES_LEX)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Has INC-1006 been closed, and who had it?", ("tickets.assignee", "tickets.status")),
        ("tell me the component of INC-1002 and when it was logged", ("tickets.component", "tickets.opened_at")),
        ("how many tickets mention access denied", ("ILIKE '%access denied%'",)),
        ("list the tickets mentioning 'keyboard broken'", ("ILIKE '%keyboard broken%'",)),
        ("how many of chloe's tickets were closed", ("tickets.assignee = 'chloe'", "tickets.status = 'closed'")),
        ("list ben's open tickets", ("tickets.assignee = 'ben'", "tickets.status = 'open'")),
    ],
)
def test_requests_whose_parts_are_all_answered_stay_answered(text: str, shown: tuple[str, ...]) -> None:
    sql = sql_of(text, DESK_LEX)
    assert all(s in sql for s in shown), sql


@pytest.mark.parametrize(
    "text",
    [
        "When it comes to units, which region sold the most Orbit Fitness Bands last year?",
        "what's the unit price of the Haven Video Doorbell and when did it launch",
        "which region was order 2100 placed in",
    ],
)
def test_sales_requests_whose_parts_are_all_answered_stay_answered(text: str) -> None:
    assert sql_of(text, SALES_LEX).startswith(("SELECT", "WITH"))


@pytest.mark.parametrize(
    ("clause", "request_"),
    [
        ("Is INC-1009 still open", "Is INC-1009 still open, and whose is it?"),
        ("Has INC-1007 been closed", "Has INC-1007 been closed, and whose was it?"),
    ],
)
def test_a_planned_clause_is_unsure_when_the_rest_asks_more_of_it(clause: str, request_: str) -> None:
    with pytest.raises(QuestionNotUnderstood):
        write_from_catalogue(DESK_LEX, clause, request_)


@pytest.mark.parametrize(
    ("clause", "request_"),
    [
        ("How many P2 tickets are open", "How many P2 tickets are open, and who do I escalate them to per the runbook"),
        ("list the Printer tickets", "list the Printer tickets and add a chart"),
    ],
)
def test_a_planned_clause_stays_answered_when_the_rest_asks_nothing_of_the_data(clause: str, request_: str) -> None:
    assert write_from_catalogue(DESK_LEX, clause, request_).sql.startswith(("SELECT", "WITH"))


@pytest.mark.parametrize(
    "text",
    [
        "how many Pulse Mini Speakers did we move in August, and how much did they make?",
        "What product sold the most units in June, and how much revenue did it earn?",
        "which channel took the most orders last quarter, and what was its revenue",
    ],
)
def test_every_figure_asked_is_computed(text: str) -> None:
    assert "computed" in _unsure(text, SALES_LEX)


@pytest.mark.parametrize(
    "text",
    [
        "how much revenue and how many orders did Asia Pacific bring in last month",
        "units sold per sales channel in 2025",
        "Top 3 products by units last year, with their revenue",
        "which region had the fewest orders in 2025",
        "Which category shipped the most units in 2025, and what revenue did it bring?",
    ],
)
def test_requests_whose_figures_are_all_computed_stay_answered(text: str) -> None:
    assert sql_of(text, SALES_LEX).startswith(("SELECT", "WITH"))


@pytest.mark.parametrize(
    "text",
    [
        "revenue for Q2 2025, setting aside the consumer orders",
        "revenue last month without the partner orders",
    ],
)
def test_a_figure_is_not_split_into_one_line_per_row_nobody_asked(text: str) -> None:
    assert "a line per row" in _unsure(text, SALES_LEX)


@pytest.mark.parametrize(
    ("text", "lex"),
    [
        ("list the 5 biggest orders by revenue last month", SALES_LEX),
        ("which P1 tickets are still open", DESK_LEX),
        ("Ben's closed tickets", DESK_LEX),
    ],
)
def test_rows_asked_one_by_one_are_listed(text: str, lex: object) -> None:
    assert sql_of(text, lex).startswith(("SELECT", "WITH"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("how many open tickets are sitting with the Laptop team?", "the data records no team"),
        ("count the tickets assigned to the Payroll app group", "the data records no group"),
        ("How many P2 tickets do chloe and ben hold between them?", "one figure asked"),
    ],
)
def test_what_holds_the_rows_and_joint_totals_are_answered_as_asked(text: str, said: str) -> None:
    assert said in _unsure(text, DESK_LEX)


@pytest.mark.parametrize(
    "text",
    [
        "Prepare a note for the Europe team on their top 3 products by revenue last quarter",
        "revenue of Latin America and Europe combined in 2025",
    ],
)
def test_an_audience_team_and_a_combined_total_stay_answered(text: str) -> None:
    assert sql_of(text, SALES_LEX).startswith(("SELECT", "WITH"))


@pytest.mark.parametrize(
    "text",
    ["what fraction of the tickets came in on a Friday?", "what percentage of tickets mention access denied"],
)
def test_a_share_is_never_of_the_filtered_rows_alone(text: str) -> None:
    assert "it would be of those rows alone" in _unsure(text, DESK_LEX)


@pytest.mark.parametrize(
    "text",
    ["how much did we get from Volt products in 2025", "How much did the Haven products take in last quarter?"],
)
def test_an_amount_is_never_answered_with_a_number_of_rows(text: str) -> None:
    assert "an amount asked" in _unsure(text, SALES_LEX)


def test_a_gap_asked_by_how_much_stays_answered() -> None:
    assert sql_of("are there more P1 or more P3 tickets, and by how much?", DESK_LEX).startswith(("SELECT", "WITH"))


@pytest.mark.parametrize(
    "text",
    ["units sold in 2025 of products launched in 2021", "revenue last year from the products that came out in 2019"],
)
def test_two_periods_of_two_dates_are_not_compared(text: str) -> None:
    assert "nothing comparing them" in _unsure(text, SALES_LEX)


def test_two_periods_compared_stay_compared() -> None:
    assert "2024" in sql_of("orders placed in 2024 vs 2025", SALES_LEX)


@pytest.mark.parametrize("text", ["what does one Flex cable cost?", "price of a single Lumen bulb"])
def test_one_item_of_a_pack_row_is_unsure(text: str) -> None:
    assert "its row is for several" in _unsure(text, SALES_LEX)


def test_the_pack_itself_stays_answered() -> None:
    assert "unit_price" in sql_of("what does one Lumen Smart Bulb 4-Pack cost", SALES_LEX)


@pytest.mark.parametrize(
    "text",
    ["who on the VPN team has the most open tickets?", "from the Laptop team, who has got the most P1 tickets"],
)
def test_a_body_the_asked_people_are_of_names_the_value_they_work_on(text: str) -> None:
    """ "who on the VPN team ...": the people asked are of the body, so it names the component, not a holder."""
    sql = sql_of(text, DESK_LEX)
    assert sql.startswith(("SELECT", "WITH")) and "component" in sql and "assignee" in sql, sql
