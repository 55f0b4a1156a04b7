"""'Why' wordings of round 9 (D6, issue 9.1) on the mapper: 'explain the change', 'the difference between'."""

from __future__ import annotations

from datetime import date

import pytest

from cognicore.demo.plugin import SQL_VOCABULARY
from cognicore.subagents.offline_sql import SqlVocabulary, build_lexicon, map_request
from tests.unit.offline_sql_catalogues import SALES, TICKETS

TODAY = date(2026, 11, 24)


@pytest.mark.parametrize(
    ("text", "catalogue", "vocabulary", "periods"),
    [
        ("explain the change in orders between Q2 2026 and Q3 2026 by channel", SALES, SQL_VOCABULARY, ["Q2 2026"]),
        ("what drove the difference in tickets between jan 5 and jan 6, per component", TICKETS, SqlVocabulary(), None),
        ("what accounts for the swing in revenue from Q1 2026 to Q2 2026 by region", SALES, SQL_VOCABULARY, None),
    ],
)  # fmt: skip
def test_a_change_to_explain_is_read_as_a_why(
    text: str, catalogue: object, vocabulary: SqlVocabulary, periods: list[str] | None
) -> None:
    q = map_request(text, build_lexicon(catalogue, vocabulary), TODAY)  # type: ignore[arg-type]
    assert q.attribution and len(q.compared_periods) == 2 and q.dimensions
    if periods:
        assert [p.label for p in q.compared_periods][: len(periods)] == periods
