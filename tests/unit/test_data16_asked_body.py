"""A body of people or a business asked for (round 16, engineer S13; review16 knowledge #9): "Which team handles VPN
tickets?" listed the VPN tickets, confidently (the documents name the team); no column holds a team, so it is unsure."""

from __future__ import annotations

import pytest

from cognicore.subagents.errors import Unsure
from cognicore.subagents.offline_sql import map_request
from tests.unit.data15_catalogues import DESK_LEX, SALES_LEX, TODAY


@pytest.mark.parametrize(
    ("text", "lex"),
    [
        ("which department looks after the printer tickets?", DESK_LEX),
        ("what team deals with P1s on the payroll app", DESK_LEX),
        ("which supplier makes the Orbit Smartwatch?", SALES_LEX),
    ],
)
def test_a_body_no_column_holds_is_unsure(text: str, lex: object) -> None:
    with pytest.raises(Unsure):
        map_request(text, lex, TODAY)  # type: ignore[arg-type]
