"""The offline SQL writer's parts without a database: periods by the documented rule, the mapper on a second
domain with no vocabulary, confidence and `Unsure`, and SQL shapes (shares, side by side, trends)."""

from __future__ import annotations

from datetime import date

import pytest
import sqlglot

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import Lexicon, SqlVocabulary, build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from cognicore.subagents.offline_sql.lexicon import dimension_name
from cognicore.subagents.offline_sql.period_reading import match_period
from cognicore.subagents.offline_sql.periods import PATTERNS, Period
from tests.unit.offline_sql_catalogues import SALES, TICKETS

TODAY = date(2026, 11, 23)  # a Monday in Q4 2026
SALES_LEX = build_lexicon(SALES, SQL_VOCABULARY)
TICKETS_LEX = build_lexicon(TICKETS, SqlVocabulary())


def period(text: str, today: date = TODAY) -> Period:
    import re

    for pattern, handler in PATTERNS:
        if m := re.search(pattern, text):
            return match_period(pattern, handler, m, today)
    raise AssertionError(f"no period in {text!r}")


@pytest.mark.parametrize(
    ("text", "start", "end", "partial"),
    [
        ("last quarter", "2026-07-01", "2026-10-01", False),
        ("the previous month", "2026-10-01", "2026-11-01", False),
        ("last year", "2025-01-01", "2026-01-01", False),
        ("last week", "2026-11-16", "2026-11-23", False),
        ("the latest quarter", "2026-07-01", "2026-10-01", False),
        ("this quarter", "2026-10-01", "2026-11-24", True),
        ("year to date", "2026-01-01", "2026-11-24", True),
        ("ytd", "2026-01-01", "2026-11-24", True),
        ("last 3 quarters", "2026-01-01", "2026-10-01", False),
        ("past six months", "2026-05-01", "2026-11-01", False),
        ("last 7 days", "2026-11-16", "2026-11-23", False),
        ("q2 2025", "2025-04-01", "2025-07-01", False),
        ("second quarter of 2025", "2025-04-01", "2025-07-01", False),
        ("march 2026", "2026-03-01", "2026-04-01", False),
        ("in 2025", "2025-01-01", "2026-01-01", False),
        ("in december", "2025-12-01", "2026-01-01", False),  # the most recent December that has begun
        ("q4", "2026-10-01", "2027-01-01", True),
        ("from 2026-01-10 to 2026-01-20", "2026-01-10", "2026-01-21", False),
    ],
)
def test_periods_follow_the_documented_rule(text: str, start: str, end: str, partial: bool) -> None:
    p = period(text)
    assert (p.start, p.end, p.partial) == (date.fromisoformat(start), date.fromisoformat(end), partial)


def test_a_period_describes_itself_with_its_dates() -> None:
    assert period("last quarter").describe() == "the last complete quarter, Q3 2026 (2026-07-01 to 2026-09-30)"
    assert period("this year").describe().endswith("(2026-01-01 to 2026-11-23, partial: to date)")


# --- a second domain: tickets, no vocabulary --------------------------------------------------------------


def ticket_reading(text: str) -> tuple[object, ...]:
    q = map_request(text, TICKETS_LEX, TODAY)
    dims = [d if isinstance(d, str) else d.name for d in q.dimensions]
    return (q.measures[0].name, dims, q.top_n, {r.rsplit(".", 1)[1]: v for r, v in q.filters.items()})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how many tickets are open", ("tickets", [], None, {"status": ["open"]})),
        ("P1 tickets per component", ("tickets", ["component"], None, {"priority": ["P1"]})),
        ("which status has the fewest tickets", ("tickets", ["status"], 1, {})),
        ("tickets by month", ("tickets", ["month"], None, {})),
        (
            "chloe's open tickets by priority",
            ("tickets", ["priority"], None, {"assignee": ["chloe"], "status": ["open"]}),
        ),
        ("email vs laptop tickets", ("tickets", ["component"], None, {"component": ["Email", "Laptop"]})),
    ],
)
def test_the_mapper_reads_a_schema_it_was_never_told_about(text: str, expected: tuple[object, ...]) -> None:
    assert ticket_reading(text) == expected


@pytest.mark.parametrize(
    ("text", "not_understood"),
    [
        ("tickets by department", "'department'"),
        ("average response time per priority", "'response'"),
        ("tickets in Berlin", "'berlin'"),
    ],
)
def test_words_it_cannot_place_are_named(text: str, not_understood: str) -> None:
    with pytest.raises(Unsure) as info:
        map_request(text, TICKETS_LEX, TODAY)
    assert not_understood in str(info.value) and "dimensions assignee, component, priority, status" in str(info.value)


def test_each_corrected_word_costs_confidence() -> None:
    one = map_request("revnue by region", SALES_LEX, TODAY)
    assert one.confidence == pytest.approx(0.9) and "'revnue' was read as 'revenue'." in one.notes
    with pytest.raises(Unsure, match="only with confidence"):
        map_request("totl revnue by regoin in eurpe lst quater", SALES_LEX, TODAY)


def test_a_median_of_a_named_measure_is_not_guessed() -> None:
    with pytest.raises(Unsure, match="a median of average order value"):
        map_request("median order value by region", SALES_LEX, TODAY)


# --- SQL shapes ---------------------------------------------------------------------------------------------


def sql_of(text: str, lex: Lexicon = SALES_LEX) -> tuple[str, str]:
    q = map_request(text, lex, TODAY)
    sql, explanation = build(q, lex.catalogue, TODAY)
    sqlglot.parse_one(sql, read="postgres")
    return sql, explanation


def test_a_share_is_of_the_true_total_computed_before_the_limit() -> None:
    sql, explanation = sql_of("top 2 regions by share of revenue last year")
    assert 'sum(round(sum(order_items."revenue"), 2)) OVER ()' in sql and "WHERE rank <= 2" in sql
    assert "share of the total of all rows" in explanation


def test_a_share_of_one_value_keeps_the_whole_set_in_the_total() -> None:
    sql, _ = sql_of("what percentage of revenue came from the online channel in 2025")
    assert "WITH grouped AS" in sql and "WHERE channel = 'online'" in sql.split(")\nSELECT")[1]
    assert "orders.channel = 'online'" not in sql.split(")\nSELECT")[0]


def test_a_comparison_over_time_puts_the_values_side_by_side() -> None:
    sql, explanation = sql_of("europe versus north america units by month in 2025")
    assert "FILTER(WHERE regions.name = 'Europe') AS europe_units" in sql.replace("SUM", "sum")
    assert "north_america_units" in sql and "Europe vs North America side by side" in explanation


def test_two_periods_of_one_unit_are_compared_row_by_row() -> None:
    sql, explanation = sql_of("revenue in Q1 2026 compared with Q2 2026")
    assert "AS quarter" in sql and " OR " in sql and "Q1 2026 (2026-01-01 to 2026-03-31) vs Q2 2026" in explanation


def test_a_trend_without_a_period_leaves_the_current_partial_period_out() -> None:
    sql, explanation = sql_of("monthly units trend")
    assert "orders.ordered_at < DATE '2026-11-01'" in sql and "November 2026, is partial and left out" in explanation
    this_year, note = sql_of("units by month this year")
    assert "DATE '2026-11-24'" in this_year and "November 2026 is partial" in note


def test_values_are_quoted_safely() -> None:
    from cognicore.subagents.offline_sql import Catalogue, Column, Table

    t = "crm.accounts"
    odd = Catalogue((Table(t, (Column(t, "owner", "text", values=("O'Brien", "Smith")), Column(t, "arr", "numeric"))),))
    sql, _ = sql_of("arr for o'brien", build_lexicon(odd, SqlVocabulary()))
    assert "accounts.owner = 'O''Brien'" in sql


@pytest.mark.parametrize(
    ("text", "measure", "dims", "corrected"),
    [
        ("revenu by chanel this yr", "revenue", ["channel"], ["'revenu' was read as 'revenue'.", "'chanel'"]),
        ("whcih product sold best in 2025", "units", ["product"], ["'whcih' was read as 'which'."]),
        ("top 3 catagories by untis last month", "units", ["category"], ["'untis' was read as 'units'."]),
    ],
)
def test_misspellings_are_corrected_and_said(text: str, measure: str, dims: list[str], corrected: list[str]) -> None:
    q = map_request(text, SALES_LEX, TODAY)
    assert (
        q.measures[0].name == measure and [d if isinstance(d, str) else dimension_name(d) for d in q.dimensions] == dims
    )
    assert all(any(c in note for note in q.notes) for c in corrected) and q.confidence < 1


def test_common_english_words_are_never_bent_into_catalogue_words() -> None:
    with pytest.raises(Unsure, match="'staff'"):
        map_request("revenue by staff", SALES_LEX, TODAY)


def test_how_much_did_we_sell_is_the_main_measure_not_units() -> None:
    q = map_request("how much did we sell in Europe last quarter", SALES_LEX, TODAY)
    assert [m.name for m in q.measures] == ["revenue"] and "'How much' is read as revenue" in " ".join(q.notes)


def test_a_word_naming_the_filtered_row_or_column_is_not_a_grouping() -> None:
    q = map_request("tell me how the wearables category did last quarter", SALES_LEX, TODAY)
    assert q.dimensions == [] and q.measures[0].name == "revenue"
    # the bare noun phrase lists the tickets (one per key, round 14), never groups them by assignee
    assert ticket_reading("open tickets assigned to ana") == (
        "tickets",
        ["ticket_id"],
        None,
        {"status": ["open"], "assignee": ["ana"]},
    )


def test_period_comparisons_and_ranges() -> None:
    q = map_request("sales this quarter compared to last quarter", SALES_LEX, TODAY)
    assert q.dimensions == ["quarter"] and [p.label for p in q.compared_periods] == [
        "the last complete quarter, Q3 2026",
        "this quarter, Q4 2026",
    ]
    r = map_request("revenue between January and March 2026", SALES_LEX, TODAY)
    assert r.period is not None and (r.period.start, r.period.end) == (date(2026, 1, 1), date(2026, 4, 1))


def test_growth_is_the_change_from_the_previous_period_within_each_group() -> None:
    sql, explanation = sql_of("monthly order growth by channel over the last 6 months")
    assert "lag(count(*)) OVER (PARTITION BY orders.channel ORDER BY to_char(orders.ordered_at, 'YYYY-MM'))" in sql
    assert "AS change_pct" in sql and "change from the previous period" in explanation
    with pytest.raises(Unsure, match="a change over time without periods to compare"):
        map_request("which categories grew the most compared to last year", SALES_LEX, TODAY)


def test_order_as_a_word_is_counted_not_read_as_sorting() -> None:
    q = map_request("order count by region ordered by region", SALES_LEX, TODAY)
    assert [m.name for m in q.measures] == ["orders"]


def test_a_negated_value_excludes_it_and_keeps_missing_values() -> None:
    sql, explanation = sql_of("tickets not assigned to ben by status", TICKETS_LEX)
    assert (
        "(tickets.assignee IS NULL OR tickets.assignee NOT IN ('ben'))" in sql and "assignee is not ben" in explanation
    )
    # A negated verb is not a negated value: the request stays unsure rather than excluding Europe.
    with pytest.raises(Unsure, match="'not'"):
        map_request("which products did not sell in Europe last month", SALES_LEX, TODAY)


def test_ages_run_from_the_date_column_to_the_clocks_now() -> None:
    sql, explanation = sql_of("average age of open tickets by priority", TICKETS_LEX)
    assert "avg(extract(epoch FROM (TIMESTAMPTZ '" in sql and "- tickets.opened_at)) / 86400)" in sql
    assert "AS avg_age_days" in sql and "Average age in days" in explanation
    oldest, _ = sql_of("the oldest open ticket", TICKETS_LEX)
    assert "tickets.ticket_id AS ticket_id" in oldest and "WHERE rank <= 1" in oldest  # titles repeat


def test_another_plugins_measures_and_synonyms_do_not_leak_into_this_schema() -> None:
    lex = build_lexicon(TICKETS, SQL_VOCABULARY)  # the demo plugin installed, its schema not allowed
    assert lex.vocabulary.measures == () and "sales channel" not in lex.vocabulary.synonyms
    with pytest.raises(Unsure, match="'revenue'"):
        map_request("revenue by component", lex, TODAY)
    q = map_request("P2 tickets by status", lex, TODAY)
    assert q.measures[0].name == "tickets"
