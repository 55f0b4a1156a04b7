"""The data answer check (round 18, engineer GD): a mapped request is answered with confidence only when its query
answers every part asked: the attribute a question word asks ("who", "when", "what <column>"), every column named of
a looked-up row, a dated event's doer that no column records, a searched phrase that some row holds."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
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
        "list the tickets mentioning 'keyboard broken'",
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
