"""Follow-ups in new wordings (issue 9.3, engineer K5): "ok now do Q3", "swap retail for partner", "X instead of
Y", and a regrouping that replaces a grouping said with another word ("per product" -> "by category")."""

from __future__ import annotations

from cognicore.orchestrator.followup import Change, followup_change, resolve

KNOWN = ["retail", "partner", "online", "Harbour", "Inland", "Q3"]
COLUMNS = {"retail": "channel", "partner": "channel", "online": "channel", "Harbour": "store", "Inland": "store"}


def test_do_and_a_period_is_the_same_request_for_that_period() -> None:
    change = followup_change("ok now do Q3", KNOWN)
    assert change == Change(prep="", value="Q3")
    assert resolve("bikes sold at Harbour in Q2 2025", change, KNOWN, columns=COLUMNS) == (
        "bikes sold at Harbour in Q3 2025",
        0.9,
    )


def test_a_swap_replaces_the_value_of_the_same_column() -> None:
    for wording in ("swap retail for partner", "switch retail to partner", "partner instead of retail"):
        change = followup_change(wording, KNOWN)
        assert change is not None and change.value == "partner", wording
        resolved = resolve("revenue of the retail channel at Inland in 2025", change, KNOWN, columns=COLUMNS)
        assert resolved is not None and resolved[0] == "revenue of the partner channel at Inland in 2025"


def test_a_swap_or_do_naming_nothing_known_is_a_request_of_its_own() -> None:
    assert followup_change("do your best", KNOWN) is None
    assert followup_change("swap my shift for friday", KNOWN) is None


def test_a_regrouping_replaces_a_grouping_said_with_per() -> None:
    change = followup_change("can you group it by store instead", KNOWN)
    assert change == Change(prep="by", value="store")
    assert resolve("revenue per channel in 2025", change, KNOWN) == ("revenue per store in 2025", 0.8)


def test_make_that_a_value_changes_it() -> None:
    change = followup_change("make that partner", KNOWN)
    assert change == Change(prep="", value="partner")
    assert followup_change("make it snappier", KNOWN) is None
