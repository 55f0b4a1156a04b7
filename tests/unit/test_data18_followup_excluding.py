"""A follow-up that sets a value aside after "what about" / "how about" (round 18, engineer GD; reviewer D7): the
previous request without that value, never the value kept as a filter ("what about excluding retail?" had read
"retail" alone)."""

from __future__ import annotations

import pytest

from cognicore.orchestrator.followup import Change, followup_change, resolve

KNOWN = ["retail", "partner", "online", "Harbour", "Inland"]
COLUMNS = {"retail": "channel", "partner": "channel", "online": "channel", "Harbour": "store", "Inland": "store"}


@pytest.mark.parametrize(
    ("wording", "value"),
    [
        ("what about excluding retail?", "retail"),
        ("how about leaving out the Inland store", "Inland"),
        ("ok, what about without online sales?", "online"),
    ],
)
def test_what_about_excluding_sets_the_value_aside(wording: str, value: str) -> None:
    change = followup_change(wording, KNOWN, COLUMNS)
    assert change == Change(prep="excluding", value=value)


def test_what_about_a_value_still_swaps_it_in() -> None:
    change = followup_change("what about partner?", KNOWN, COLUMNS)
    assert change is not None and change.prep != "excluding" and change.value == "partner"
    resolved = resolve("bikes sold through the retail channel in 2025", change, KNOWN, columns=COLUMNS)
    assert resolved is not None and "partner" in resolved[0] and "retail" not in resolved[0]
