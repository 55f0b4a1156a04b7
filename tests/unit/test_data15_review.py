"""Round 15's data review (RD) found four confident wrongs in this round's rules; each is now read right:
a share whose only condition is an exclusion ("what share of revenue came from outside Europe") takes it as the
part; the gap between two values one of which has no rows counts that one at 0; the lowest-ranked group may have
none of the rows kept (counted at 0); "tickets in the backlog" are the not-done ones, counted, never listed."""

from __future__ import annotations

import re

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    "text",
    [
        "which share of Q1 2026 units went to regions other than Asia Pacific",
        "what % of 2025 orders came from outside LATAM",
    ],
)
def test_an_exclusion_alone_is_the_shares_part(text: str) -> None:
    sql = sql_of(text, SALES_LEX)
    assert "FILTER(WHERE (regions." in sql and "/ nullif(" in sql


def test_the_gap_to_a_value_with_no_rows_counts_it_at_zero() -> None:
    sql = sql_of("how many more in-progress tickets has chloe got than ben", DESK_LEX)
    assert "CASE WHEN count(*) OVER () < 2 THEN greatest(" in sql


@pytest.mark.parametrize(
    "text", ["which engineer has the smallest number of P4 tickets", "the component with the fewest closed tickets"]
)
def test_the_lowest_ranked_group_may_have_none_of_the_rows(text: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "COUNT(*) FILTER(WHERE tickets." in sql and "ASC" in sql
    assert re.search(r"(?<!\()WHERE tickets\.(?:priority|status)", sql) is None  # no group is filtered out


@pytest.mark.parametrize(
    ("text", "grouped"),
    [
        ("how many tickets in the backlog has each person got", "tickets.assignee AS assignee"),
        ("size of our backlog", ""),
    ],
)
def test_tickets_in_the_backlog_are_counted(text: str, grouped: str) -> None:
    sql = sql_of(text, DESK_LEX)
    assert "tickets.status NOT IN ('closed')" in sql and "ticket_id AS" not in sql and grouped in sql


def test_a_filter_on_the_groups_own_attribute_still_picks_the_groups() -> None:
    sql = sql_of("which Audio product had the fewest orders in 2025", SALES_LEX)
    assert "categories.name = 'Audio'" in sql and "FILTER(WHERE categories.name" not in sql


@pytest.mark.parametrize(
    ("text", "unplaced"),
    [
        ("which products had a margin of more than 35% last year", "a threshold in % of a figure"),
        ("which regions had an average discount over 4 percent in 2025", "a threshold in % of a figure"),
        ("what percentage of Q1 2026 orders were above $800", "a share of the groups passing a threshold"),
    ],
)
def test_a_threshold_the_figure_cannot_be_compared_with_is_unsure(text: str, unplaced: str) -> None:
    with pytest.raises(Unsure, match=unplaced):
        map_request(text, SALES_LEX, TODAY)


def test_a_percent_threshold_on_a_figure_in_percent_is_read() -> None:
    assert "margin_pct" in sql_of("which categories had a margin percentage above 45 percent in 2025", SALES_LEX)


@pytest.mark.parametrize(
    ("text", "unplaced"),
    [
        ("what was the top 10 percent of revenue in 2025", "a percentile cut"),  # of no groups (round 16)
        ("how many P2 tickets were opened except on 7 January 2026", "every period but"),
    ],
)
def test_a_cut_or_a_period_set_aside_is_unsure(text: str, unplaced: str) -> None:
    lex = DESK_LEX if "ticket" in text else SALES_LEX
    with pytest.raises(Unsure, match=unplaced):
        map_request(text, lex, TODAY)


@pytest.mark.parametrize("text", ["how many of ana's tickets are done", "which VPN tickets has chloe got done"])
def test_done_after_a_verb_of_being_or_getting_is_the_done_state(text: str) -> None:
    assert "tickets.status = 'closed'" in sql_of(text, DESK_LEX)


def test_how_long_a_thing_is_is_a_length_never_an_age() -> None:
    with pytest.raises(Unsure, match="as a length"):
        map_request("how long is the Volt Power Bank 20K cable", SALES_LEX, TODAY)
    assert "age" in sql_of("how long are the P2 tickets open on average", DESK_LEX)


@pytest.mark.parametrize(
    "text",
    ["what was the introductory price of the Vista AR Glasses", "what did the Volt Power Bank 20K cost at launch"],
)
def test_a_past_value_of_a_row_is_unsure(text: str) -> None:
    with pytest.raises(Unsure, match="keeps today's value only"):
        map_request(text, SALES_LEX, TODAY)
