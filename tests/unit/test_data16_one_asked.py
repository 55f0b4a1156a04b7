"""One asked after the grouping was named in the plural (round 16, engineer S13): "among assignees, who has the
fewest tickets" ranked every assignee (the plural word was read first); a singular word for the same grouping later
("who", read as the assignee) asks the one at the top, while "which assignees have the fewest" still ranks them all."""

from __future__ import annotations

import pytest

from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY, sql_of


@pytest.mark.parametrize(
    ("text", "lex"),
    [
        ("of all the assignees, who's got the most closed tickets?", DESK_LEX),
        ("looking at our regions, which region had the fewest orders in 2025?", SALES_LEX),
    ],
)
def test_a_singular_word_after_the_plural_asks_one(text: str, lex: object) -> None:
    q = map_request(text, lex, TODAY)  # type: ignore[arg-type]
    assert q.top_n == 1 and q.ranked is not None


def test_the_plural_alone_still_ranks_them_all() -> None:
    assert map_request("which priorities have the most open tickets", DESK_LEX, TODAY).top_n is None


def test_a_lead_in_naming_the_grouping_is_no_count_of_it() -> None:
    sql = sql_of("out of all our products, which product sold the most units last year?", SALES_LEX)
    assert "rank <= 1" in sql and "count(DISTINCT" not in sql and "GROUP BY 1 )" in sql
