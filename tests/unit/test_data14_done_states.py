"""A state asked by its negation (round 14, engineer S11): "unresolved", "pending", "yet to be closed" are the values
of the status-like column that are not its done ones, never the done value itself nor the groups without it."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import (
    Catalogue,
    Column,
    Lexicon,
    SqlVocabulary,
    Table,
    build_lexicon,
    map_request,
)
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import SALES
from tests.unit.test_data_b12_negation import DESK

TODAY = date(2026, 11, 25)
J = "ops.jobs"
JOBS = Catalogue(
    tables=(
        Table(J, (
            Column(J, "job_id", "numeric", primary_key=True),
            Column(J, "team", "text", values=("north", "south")),
            Column(J, "state", "text", values=("new", "in_review", "done", "cancelled")),
            Column(J, "hours", "numeric"),
            Column(J, "created_at", "date"),
        ), 100),
    )
)  # fmt: skip
S = "shop.orders"
ORDERS = Catalogue(
    tables=(
        Table(S, (
            Column(S, "order_id", "numeric", primary_key=True),
            Column(S, "status", "text", values=("pending", "shipped", "delivered")),
            Column(S, "amount", "numeric"),
            Column(S, "placed_at", "date"),
        ), 100),
    )
)  # fmt: skip


def _sql(text: str, lex: Lexicon) -> str:
    return " ".join(build(map_request(text, lex, TODAY), lex.catalogue, TODAY)[0].split())


@pytest.mark.parametrize(
    "text",
    [
        "Which priorities have unresolved incidents and how many of each?",
        "count the tickets still waiting to be closed",
        "which of chloe's tickets are yet to be fixed",
        "tickets ben has yet to close",
        "how many unclosed tickets per component",
        "is anything still pending for the Email component",
    ],
)
def test_a_negated_state_keeps_the_rows_not_done(text: str) -> None:
    sql = _sql(text, DESK)
    assert "NOT IN ('closed')" in sql and "HAVING" not in sql and "status = 'closed'" not in sql


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("pending jobs by team", "NOT IN ('done', 'cancelled')"),  # every done value of the data
        ("how many jobs are still unfinished", "NOT IN ('done', 'cancelled')"),
        ("how many orders are pending", "status = 'pending'"),  # a state the data holds is that state
        ("how many orders have yet to be delivered", "NOT IN ('delivered')"),
    ],
)
def test_the_done_values_come_from_the_data(text: str, kept: str) -> None:
    lex = build_lexicon(JOBS if "jobs" in text else ORDERS, SqlVocabulary())
    assert kept in _sql(text, lex)


def test_without_a_status_column_a_negated_state_stays_unplaced() -> None:
    with pytest.raises(Unsure, match="unfinished"):
        map_request("how many unfinished orders did we have in 2025", build_lexicon(SALES, SqlVocabulary()), TODAY)


@pytest.mark.parametrize(
    "text", ["what fraction of the incidents are still unresolved", "share of tickets not assigned to ana, please"]
)
def test_the_share_of_rows_not_of_a_value_is_of_all_rows(text: str) -> None:
    sql = _sql(text, DESK)
    assert "FILTER(WHERE (tickets." in sql and "/ nullif(count(*), 0)" in sql and "share_pct" in sql


def test_the_share_not_of_a_value_within_a_filter_is_of_the_filtered_rows() -> None:
    sql = _sql("what percentage of the P2 tickets are not closed", DESK)  # round 16: was unsure
    assert "FILTER(WHERE (tickets.status IS NULL OR NOT" in sql and sql.endswith("WHERE tickets.priority = 'P2'")


def test_a_negated_part_said_beside_a_kept_value_stays_unsure() -> None:
    with pytest.raises(Unsure, match="share of rows that are not"):
        map_request("what percentage of the tickets are P2 and not closed", DESK, TODAY)


@pytest.mark.parametrize(
    "text", ["which p3 tickets are unresolved? their ids please", "IDs of chloe's pending tickets"]
)
def test_ids_name_the_rows_by_their_key(text: str) -> None:
    sql = _sql(text, DESK)
    assert sql.startswith("SELECT tickets.ticket_id AS ticket_id") and "NOT IN ('closed')" in sql
