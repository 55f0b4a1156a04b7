"""Durations read by the offline mapper (D6, issue 9.1), without a database: the days between a row's start and the
event's own date, `Unsure` when the data records no date of the event, and a wait since the start as an age."""

from __future__ import annotations

from datetime import date

import pytest
import sqlglot

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import Catalogue, Column, SqlVocabulary, Table, build_lexicon, map_request
from cognicore.subagents.offline_sql.builder import build
from tests.unit.offline_sql_catalogues import TICKETS

TODAY = date(2026, 11, 24)
T = "desk.jobs"
JOBS = Catalogue(
    tables=(
        Table(
            T,
            (
                Column(T, "job_id", "text", primary_key=True, values=("JOB-1", "JOB-2")),
                Column(T, "site", "text", values=("Harbour", "Hilltop")),
                Column(T, "severity", "text", values=("S1", "S2")),
                Column(T, "reported_at", "date"),
                Column(T, "resolved_at", "date"),
            ),
            100,
        ),
    )
)


def sql_of(text: str, catalogue: Catalogue) -> str:
    lex = build_lexicon(catalogue, SqlVocabulary())
    sql, _ = build(map_request(text, lex, TODAY), catalogue, TODAY)
    sqlglot.parse_one(sql, read="postgres")
    return " ".join(sql.split())


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("how long do S1 jobs take to resolve", "WHERE jobs.severity = 'S1'"),
        ("how many days until Harbour jobs are fixed", "WHERE jobs.site = 'Harbour'"),
        ("average resolution time by site", "GROUP BY 1"),
    ],
)
def test_a_duration_is_the_days_from_the_start_to_the_events_date(text: str, where: str) -> None:
    sql = sql_of(text, JOBS)
    assert 'avg(extract(epoch FROM (jobs."resolved_at"::timestamptz - jobs."reported_at"::timestamptz))' in sql
    assert where in sql


@pytest.mark.parametrize("text", ["how long do P1s take to resolve", "time to first response for P2 tickets"])
def test_no_date_of_the_event_is_unsure_never_an_age(text: str) -> None:
    with pytest.raises(Unsure, match="records no date of that event") as raised:
        sql_of(text, TICKETS)
    assert "opened_at" in str(raised.value) and "dimensions assignee" in str(raised.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("on average how many days have the open tickets been waiting", "WHERE tickets.status = 'open'"),
        ("how long have ana's tickets been sitting in the queue", "WHERE tickets.assignee = 'ana'"),
    ],
)
def test_a_wait_since_the_start_is_the_age(text: str, where: str) -> None:
    sql = sql_of(text, TICKETS)
    assert "avg(extract(epoch FROM (TIMESTAMPTZ" in sql and "AS avg_age_days" in sql and where in sql
