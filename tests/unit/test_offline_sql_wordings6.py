"""Parts of the offline SQL writer fixed for the sixth development set (issue 9.1, engineer S5), without a database:
short negations in `normalise`, spans of days, and thresholds that are no years."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from cognicore.subagents.offline_sql.lexicon import normalise
from tests.unit.offline_sql_catalogues import SALES

TODAY = date(2026, 11, 24)
SALES_LEX = build_lexicon(SALES, SQL_VOCABULARY)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("aren't closed", "are not closed"),
        ("arent closed", "are not closed"),
        ("it isn\u2019t", "it is not"),
        ("can't", "can not"),
        ("won't", "will not"),
        ("doesnt", "does not"),
        ("want different accounts", "want different accounts"),  # no contraction inside other words
    ],
)
def test_normalise_spells_out_short_negations(written: str, read: str) -> None:
    assert normalise(written) == read


@pytest.mark.parametrize(
    ("request_text", "start", "end"),
    [
        ("revenue between the 3rd and the 9th of march 2026", "2026-03-03", "2026-03-10"),
        ("orders from march 3 to 9", "2026-03-03", "2026-03-10"),  # no year: the most recent such span
        ("orders from 28 december to 3 january", "2025-12-28", "2026-01-04"),  # across the turn of the year
    ],
)
def test_a_span_of_days_includes_both_ends(request_text: str, start: str, end: str) -> None:
    q = map_request(request_text, SALES_LEX, TODAY)
    assert q.period is not None and q.period.start is not None and q.period.end is not None
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end)
    assert not q.compared_periods


def test_a_span_of_days_with_a_change_word_compares_the_two_days() -> None:
    q = map_request("which region grew the most from march 3 to march 9 2026", SALES_LEX, TODAY)
    assert [p.start.isoformat() for p in q.compared_periods if p.start] == ["2026-03-03", "2026-03-09"]
    assert q.growth


def test_a_threshold_is_a_having_and_its_number_no_year() -> None:
    q = map_request("which products sold more than 2000 units last year", SALES_LEX, TODAY)
    assert q.having == (">", 2000)
    assert q.period is not None and q.period.start == date(2025, 1, 1)
    sql, _ = build(q, SALES_LEX.catalogue, TODAY)
    assert 'HAVING sum(order_items."quantity") > 2000' in sql


def test_a_threshold_with_no_grouping_is_unsure() -> None:
    with pytest.raises(Unsure, match="threshold"):
        map_request("revenue of more than 500k in 2025", SALES_LEX, TODAY)


def test_the_classifier_speller_reads_calendar_shorthand_as_the_day_or_month() -> None:
    """ "sept" was corrected to "kept" before the SQL writer saw it, losing the month."""
    from cognicore.orchestrator.spelling import Speller

    speller = Speller(["orders", "latin", "america"])
    assert speller.correct("orders in sept 2026")[0] == "orders in september 2026"
    assert speller.correct("orders on tues")[0] == "orders on tuesday"


def test_the_classifier_speller_reads_chat_shorthand_and_bare_negations() -> None:
    """ "gimme" was read as an action no agent offers; "arent" as the deployment's "agent"."""
    from cognicore.orchestrator.spelling import Speller

    speller = Speller(["tickets", "agent", "closed"])
    assert speller.correct("gimme the tickets that arent closed")[0] == "give me the tickets that aren't closed"


def test_a_change_with_no_period_compares_the_last_complete_quarter_with_the_one_before() -> None:
    """ "which region is growing fastest": Q3 2026 (the last complete quarter on 2026-11-24) beside Q2 2026."""
    q = map_request("which region is growing fastest", SALES_LEX, TODAY)
    assert q.growth and q.recent_change == "quarter" and q.top_n == 1 and not q.ascending
    sql, explanation = build(q, SALES_LEX.catalogue, TODAY)
    assert "DATE '2026-04-01'" in sql and "DATE '2026-10-01'" in sql and "change_pct" in sql
    assert "No period was named: Q3 2026" in explanation
    declining = map_request("which products are declining", SALES_LEX, TODAY)
    assert declining.recent_change == "quarter" and declining.ascending


@pytest.mark.parametrize(
    ("request_text", "start", "end"),
    [
        ("orders in the first week of march 2026", "2026-03-01", "2026-03-08"),
        ("orders in the last week of february 2026", "2026-02-22", "2026-03-01"),
        ("revenue in the 2nd week of march", "2026-03-08", "2026-03-15"),  # no year: the most recent March
    ],
)
def test_a_week_of_a_month(request_text: str, start: str, end: str) -> None:
    q = map_request(request_text, SALES_LEX, TODAY)
    assert q.period is not None and q.period.start is not None and q.period.end is not None
    assert (q.period.start.isoformat(), q.period.end.isoformat()) == (start, end)
