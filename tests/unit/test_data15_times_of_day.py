"""A time of the day said of the rows' dates (round 15, engineer S12): "after 6pm", "before noon", "between 9am and
5pm", "in the afternoon" keep the rows whose timestamp's time falls there (morning before 12:00, afternoon 12:00 to
18:00, evening from 18:00); a column of days has no time of the day, so it is unsure."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import Lexicon, build_lexicon
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, sql_of


def _timed() -> Lexicon:
    tables = []
    for t in DESK_LEX.catalogue.tables:
        columns = tuple(replace(c, has_time=True) if c.kind == "date" else c for c in t.columns)
        tables.append(replace(t, columns=columns))
    return build_lexicon(replace(DESK_LEX.catalogue, tables=tuple(tables)), DESK_LEX.vocabulary)


TIMED = _timed()


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("how many P4 tickets were logged later than 7pm", "tickets.opened_at::time >= TIME '19:00'"),
        ("tickets per assignee opened before 9 30am", "tickets.opened_at::time < TIME '09:30'"),
        ("VPN tickets that came in during the afternoon", "tickets.opened_at::time >= TIME '12:00' AND"),
        ("count tickets raised between 8am and 1pm", "tickets.opened_at::time < TIME '13:00'"),
    ],
)
def test_a_time_of_the_day_keeps_the_rows_of_those_hours(text: str, kept: str) -> None:
    assert kept in sql_of(text, TIMED)


def test_a_column_of_days_has_no_time_of_the_day() -> None:
    with pytest.raises(Unsure, match="hold days only"):
        sql_of("revenue from orders placed after 8pm in 2025", SALES_LEX)
