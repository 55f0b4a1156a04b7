"""A searched phrase set aside (round 16, engineer S13): "other than the slow ones", "not mentioning slow", "except
those that say access denied" keep the rows whose text lacks the phrase (the set-aside word was dropped and the
slow ones themselves were counted: a confident wrong)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cognicore.subagents.offline_sql import build_lexicon
from tests.unit.data15_catalogues import _desk_vocabulary, sql_of
from tests.unit.offline_sql_catalogues import TICKETS

# The live catalogue: the titles are too many to be values, so they are searched
_PROSE = replace(
    TICKETS,
    tables=tuple(
        replace(t, columns=tuple(replace(c, values=()) if c.name == "title" else c for c in t.columns))
        for t in TICKETS.tables
    ),
)
LEX = build_lexicon(_PROSE, _desk_vocabulary())
_WITHOUT = "NOT coalesce((tickets.title ILIKE '%{}%'), false)"


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("how many P2 tickets are there besides the ones mentioning error on start", "error on start"),
        ("count open tickets that don't say cannot connect", "cannot connect"),
        ("Tickets excluding those that mention 'slow'", "slow"),
    ],
)
def test_a_phrase_said_after_a_set_aside_word_keeps_the_rows_without_it(text: str, phrase: str) -> None:
    assert _WITHOUT.format(phrase) in sql_of(text, LEX)


def test_a_phrase_searched_plainly_keeps_the_rows_with_it() -> None:
    sql = sql_of("how many tickets mention error on start", LEX)
    assert "(tickets.title ILIKE '%error on start%')" in sql and "NOT coalesce" not in sql
